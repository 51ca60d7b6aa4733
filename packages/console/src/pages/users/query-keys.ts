export const userQueryKey = (id: string) => ['users', 'detail', id] as const;
