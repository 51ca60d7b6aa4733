import { createGatehouse, loadConfig, version } from '@gatehouse/core';

export const startCommand = async () => {
  const startedAt = performance.now();
  const config = loadConfig();
  const gatehouse = await createGatehouse({ config });
  const endpoint = await gatehouse.listen();
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Gatehouse ${version} is ready in ${Math.round(performance.now() - startedAt)} ms (${config.edition} edition, ${database})`,
    '',
    `  OIDC discovery   ${endpoint}/oidc/.well-known/openid-configuration`,
    `  JWKS             ${endpoint}/oidc/jwks`,
    `  Management API   ${endpoint}/api  (OpenAPI: ${endpoint}/api/openapi.json)`,
    `  Sign-in pages    ${endpoint}/sign-in`,
    `  Admin console    ${endpoint}/console`,
    `  Health           ${endpoint}/api/status`,
    `  Metrics          ${endpoint}/metrics`,
    '',
    '  First API client: npx gatehouse create-m2m-app --name my-script',
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    gatehouse.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await gatehouse.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
};
