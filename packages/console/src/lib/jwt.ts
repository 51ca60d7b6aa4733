/** Reads the claims of a JWT without verifying it (the server verifies; the console only looks). */
export const decodeJwtPayload = (token: string): Record<string, unknown> | undefined => {
  const part = token.split('.')[1];
  if (!part) {
    return undefined;
  }
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** The space-separated `scope` claim as a list ([] when absent or not a JWT). */
export const tokenScopes = (token: string | undefined): string[] => {
  const scope = token ? decodeJwtPayload(token)?.scope : undefined;
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
};
