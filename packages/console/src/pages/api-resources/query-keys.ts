export const resourceQueryKey = (id: string) => ['resources', 'detail', id] as const;
