export const applicationQueryKey = (id: string) => ['applications', 'detail', id] as const;
