import { existsSync } from 'node:fs';

import { callControlSocket, createGatehouse, DataDirInUseError, loadConfig, pgliteDirectory } from '@gatehouse/core';

export const createM2mAppCommand = async (options: { name: string; tenant: string }) => {
  const config = loadConfig();
  let credentials: unknown;
  // No server holds DATA_DIR and it has no database yet: this run creates one. Usually the server
  // runs with another DATA_DIR, and these credentials would not work against it.
  const createsDatabase = !config.databaseUrl && !existsSync(pgliteDirectory(config.dataDir));
  try {
    const gatehouse = await createGatehouse({ config, logger: false });
    try {
      credentials = await gatehouse.createM2mApp({ tenant: options.tenant, name: options.name });
    } finally {
      await gatehouse.close();
    }
    if (createsDatabase) {
      console.error(
        `No database was found in ${config.dataDir}, so a new one was created there. These credentials work only ` +
          'on it: if your server runs with another DATA_DIR, run this command again with the same DATA_DIR.',
      );
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) {
      throw error;
    }
    // A server is running on the embedded database: ask it over its control socket.
    credentials = await callControlSocket(config.dataDir, 'create-m2m-app', options);
  }
  console.log(JSON.stringify(credentials, null, 2));
};
