export { loadConfig, type GatehouseConfig } from './config.js';
export { createGatehouse, type Gatehouse, type GatehouseOptions } from './app/server.js';
export { openDatabase, type Database, type DatabaseOptions, DataDirInUseError, pgliteDirectory } from './db/database.js';
export { embeddedMigrationStatus, migrationStatus, runMigrations } from './db/migrate.js';
export { createApplication, listSecrets } from './modules/applications/applications.service.js';
export { ensureTenant } from './modules/tenants/tenants.service.js';
export { version } from './version.js';
export { createManagementM2mApp, type M2mCredentials } from './modules/applications/create-m2m-app.js';
export { callControlSocket } from './app/control-socket.js';
