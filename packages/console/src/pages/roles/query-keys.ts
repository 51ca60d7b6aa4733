export const roleQueryKey = (id: string) => ['roles', 'detail', id] as const;
