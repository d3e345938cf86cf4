// The first schema. Written once with Kysely's schema builder for both dialects; the only
// dialect-dependent choice is the binary column type for uploaded file bytes.

import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from './types.js';

export function initialSchema({ binaryType }: MigrationContext): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('tier', 'text', (c) => c.notNull())
        .addColumn('variant', 'text')
        .addColumn('api_key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('api_key_ciphertext', 'text', (c) => c.notNull())
        .addColumn('api_key_hint', 'text', (c) => c.notNull())
        .addColumn('webhook_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('scans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('progress', 'text')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        // NULL keys never collide (both dialects), so only keyed submissions are deduplicated.
        .addUniqueConstraint('scans_account_idempotency_key', ['account_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('scans_account_created')
        .on('scans')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('scans_status_created')
        .on('scans')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('scans_type_finished')
        .on('scans')
        .columns(['type', 'finished_at'])
        .execute();

      await db.schema
        .createTable('scan_files')
        .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('bytes', binaryType, (c) => c.notNull())
        .addPrimaryKeyConstraint('scan_files_pk', ['scan_id', 'seq'])
        .execute();

      await db.schema
        .createTable('usage')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_pk', ['account_id', 'period'])
        .execute();

      await db.schema
        .createTable('reports')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('tier', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
        .addColumn('event_id', 'text', (c) => c.notNull().unique())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'webhook_attempts',
        'webhook_deliveries',
        'reports',
        'usage',
        'scan_files',
        'scans',
        'accounts',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
