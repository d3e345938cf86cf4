// The Store port over Kysely. One implementation for both dialects: the SQL used is the common
// subset (upsert with RETURNING runs on SQLite >= 3.35 and PostgreSQL alike). What differs is
// handed in: how a write transaction starts, and how the migrations pick the binary type.
// Each repository is a file of its own under repositories/; this file composes them.

import { Migrator, sql, type Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.js';
import type { Store } from './port.js';
import { createAccountsRepository } from './repositories/accounts.js';
import type { RepositoryContext, WriteTransaction } from './repositories/context.js';
import { createReportsRepository } from './repositories/reports.js';
import { createScansRepository } from './repositories/scans.js';
import { createSessionsRepository } from './repositories/sessions.js';
import { createUsageRepository } from './repositories/usage.js';
import { createWebhooksRepository } from './repositories/webhooks.js';
import type { Database } from './schema.js';

export type { WriteTransaction } from './repositories/context.js';

export interface KyselyStoreOptions {
  dialect: 'sqlite' | 'postgres';
  db: Kysely<Database>;
  writeTransaction: WriteTransaction;
  /** PostgreSQL schema holding the tables (and Kysely's migration bookkeeping), if not the default. */
  schema?: string;
  /** Extra clean-up after the Kysely instance is destroyed (e.g. dropping a test schema). */
  onClose?: () => Promise<void>;
  /**
   * A synchronous way to run one compiled read (SQL, parameters) → first row, on a connection of
   * its own that sees only committed data (SQLite: a second, read-only connection). Used for the
   * API-key lookup behind every request, where Kysely's connection mutex costs more than the query.
   */
  readFirstRow?: (sql: string, parameters: readonly unknown[]) => unknown;
}

export function createKyselyStore(options: KyselyStoreOptions): Store {
  const { db, dialect, writeTransaction } = options;
  const context: RepositoryContext = { db, writeTransaction };

  async function migrate(): Promise<void> {
    const migrator = new Migrator({
      db,
      provider: migrationProvider(dialect),
      // Without this Kysely looks for its bookkeeping tables in any schema, finds another
      // schema's, and then queries its own search_path, where they do not exist.
      ...(options.schema !== undefined ? { migrationTableSchema: options.schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`Database migration ${failed} failed`, { cause: error });
    }
  }

  return {
    dialect,
    migrate,
    async close() {
      await db.destroy();
      await options.onClose?.();
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    accounts: createAccountsRepository(context, { readFirstRow: options.readFirstRow }),
    sessions: createSessionsRepository(context),
    scans: createScansRepository(context),
    usage: createUsageRepository(context),
    reports: createReportsRepository(context),
    webhooks: createWebhooksRepository(context),
  };
}
