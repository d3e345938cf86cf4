// The migration list, compiled in (no file-system provider: the build output and tsx both work,
// and a migration can never go missing from a bundle). Names sort in the order they must run.

import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001-initial.js';
import { oneWebhookPerScan } from './0002-one-webhook-per-scan.js';
import type { MigrationContext } from './types.js';
import { consoleSessions } from './0003-console-sessions.js';
import { scansByTarget } from './0004-scans-by-target.js';

export type { MigrationContext } from './types.js';

const MIGRATIONS: Record<string, (ctx: MigrationContext) => Migration> = {
  '0001-initial': initialSchema,
  '0002-one-webhook-per-scan': oneWebhookPerScan,
  '0003-console-sessions': consoleSessions,
  '0004-scans-by-target': scansByTarget,
};

export function migrationProvider(dialect: 'sqlite' | 'postgres'): MigrationProvider {
  const ctx: MigrationContext = { binaryType: dialect === 'sqlite' ? 'blob' : 'bytea' };
  return {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, make]) => [name, make(ctx)]),
      );
    },
  };
}
