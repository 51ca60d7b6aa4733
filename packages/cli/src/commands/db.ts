import { embeddedMigrationStatus, loadConfig, migrationStatus, openDatabase, runMigrations } from '@gatehouse/core';
import pg from 'pg';

export const dbMigrateCommand = async () => {
  const config = loadConfig();
  if (config.databaseUrl) {
    await runMigrations({ kind: 'postgres', url: config.databaseUrl });
  } else {
    // Opening the embedded database applies migrations (and takes the data directory lock).
    const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    await database.close();
  }
  console.log('Migrations are up to date.');
};

const postgresStatus = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await migrationStatus((text) => client.query(text));
  } finally {
    await client.end();
  }
};

export const dbStatusCommand = async () => {
  const config = loadConfig();
  const status = config.databaseUrl
    ? await postgresStatus(config.databaseUrl)
    : await embeddedMigrationStatus(config.dataDir);
  for (const entry of status) {
    console.log(`${entry.appliedAt ? 'applied' : 'pending'}  ${entry.tag}`);
  }
  const pending = status.filter((entry) => !entry.appliedAt).length;
  console.log(pending ? `${pending} pending migration(s). Run: gatehouse db migrate` : 'Database is up to date.');
};
