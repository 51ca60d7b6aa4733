/** Reads `a.b.c` from nested objects; `undefined` when any step is missing. */
export const readPath = (source: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) {
      return undefined;
    }
    return (value as Record<string, unknown>)[key];
  }, source);

/** Strings as-is, finite numbers as text (numeric ids), anything else `undefined`. */
export const asText = (value: unknown): string | undefined => {
  if (typeof value === 'string') {
    return value.length > 0 ? value : undefined;
  }
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
};

/** Some providers (Apple) send booleans as "true"/"false". */
export const asBoolean = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') {
    return value;
  }
  return value === 'true' ? true : value === 'false' ? false : undefined;
};

/** Drops `undefined` values so results compare and serialise cleanly. */
export const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
