/** Shared numeric limits from the spec (§3, §9). */
export const idLength = 21;
export const userIdLength = 12;

export const pagination = {
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;

/** Token lifetimes in seconds (spec §9). */
export const tokenTtl = {
  idToken: 3600,
  accessToken: 3600,
  refreshTokenDays: 14,
  minRefreshTokenDays: 1,
  maxRefreshTokenDays: 90,
} as const;

export const timeUnits = { minute: 60, hour: 3600, day: 86_400 } as const;
