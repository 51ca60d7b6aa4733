import { callControlSocket, createGatehouse, DataDirInUseError, loadConfig } from '@gatehouse/core';

export const createM2mAppCommand = async (options: { name: string; tenant: string }) => {
  const config = loadConfig();
  let credentials: unknown;
  try {
    const gatehouse = await createGatehouse({ config, logger: false });
    try {
      credentials = await gatehouse.createM2mApp({ tenant: options.tenant, name: options.name });
    } finally {
      await gatehouse.close();
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
