import { Command } from 'commander';

import { createM2mAppCommand } from './commands/create-m2m-app.js';
import { dbMigrateCommand, dbStatusCommand } from './commands/db.js';
import { startCommand } from './commands/start.js';

const program = new Command('gatehouse').description('Gatehouse identity and access management server');

program.command('start').description('Start the server (migrates the database first)').action(startCommand);

const db = program.command('db').description('Database maintenance');
db.command('migrate').description('Apply pending migrations').action(dbMigrateCommand);
db.command('status').description('Show which migrations are applied').action(dbStatusCommand);

program
  .command('create-m2m-app')
  .description('Create a machine-to-machine application holding the management API role; prints its credentials as JSON')
  .requiredOption('--name <name>', 'application name')
  .option('--tenant <tenantId>', 'tenant id', 'default')
  .action(createM2mAppCommand);

try {
  await program.parseAsync();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
