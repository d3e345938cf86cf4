// `palisade migrate`: creates or updates the database schema and exits. Safe to run any number of
// times and beside running servers (Kysely's migrator takes a lock).

import type { Command } from 'commander';
import { withAdminContext } from './admin-context.js';
import type { CliContext } from './context.js';

export function registerMigrateCommand(program: Command, ctx: CliContext): void {
  program
    .command('migrate')
    .description('Create or update the database schema (SQLite file or PostgreSQL).')
    .action(async () => {
      await withAdminContext(ctx, async (admin) => {
        const where =
          admin.config.databaseKind === 'sqlite'
            ? `SQLite ${admin.config.sqlitePath ?? ''}`
            : 'PostgreSQL';
        ctx.stdout(`Database schema is up to date (${where}).\n`);
      });
    });
}
