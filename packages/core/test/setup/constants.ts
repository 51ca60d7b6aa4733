/** Fixed key for tests only: templates are seeded with it, so every clone can open its secrets. */
export const testSecretKey = 'test-secret-key-0123456789abcdef-0123456789';

export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const databaseKind = (process.env.GATEHOUSE_TEST_DATABASE ?? 'pglite') as 'pglite' | 'postgres';

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};
