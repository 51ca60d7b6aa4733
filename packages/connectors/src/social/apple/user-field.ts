import { asText } from '../claims.js';

type AppleUser = { name?: { firstName?: unknown; lastName?: unknown }; email?: unknown };

/**
 * Apple posts the user's name only on the first sign-in, as the `user` form field (JSON). The
 * server may hand it over raw or already parsed.
 */
export const readAppleUser = (data: Record<string, unknown>): AppleUser | undefined => {
  const { user } = data;
  if (typeof user === 'string') {
    try {
      const parsed: unknown = JSON.parse(user);
      return typeof parsed === 'object' && parsed !== null ? (parsed as AppleUser) : undefined;
    } catch {
      return undefined;
    }
  }
  return typeof user === 'object' && user !== null ? (user as AppleUser) : undefined;
};

export const appleUserName = (user: AppleUser | undefined) => {
  const parts = [asText(user?.name?.firstName), asText(user?.name?.lastName)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
};
