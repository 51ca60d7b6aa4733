export const userQueryKey = (id: string) => ['users', 'detail', id] as const;
/** The user with their enterprise SSO identities (`?includeSsoIdentities=true`). */
export const userSsoQueryKey = (id: string) => [...userQueryKey(id), 'sso'] as const;
