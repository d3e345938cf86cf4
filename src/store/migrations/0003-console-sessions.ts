// The web console (docs/console.md): server-side sign-in sessions, and the test events sent from
// the webhook page. A session row holds the SHA-256 of its cookie token, never the token or the
// API key; key rotation deletes every session of the account in the same transaction.

import type { Kysely, Migration } from 'kysely';

export function consoleSessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_sessions_account')
        .on('console_sessions')
        .column('account_id')
        .execute();
      await db.schema
        .createIndex('console_sessions_expires')
        .on('console_sessions')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('webhook_test_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_test_events_account_at')
        .on('webhook_test_events')
        .columns(['account_id', 'at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_account_created')
        .on('webhook_deliveries')
        .columns(['account_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('webhook_deliveries_account_created').ifExists().execute();
      await db.schema.dropTable('webhook_test_events').ifExists().execute();
      await db.schema.dropTable('console_sessions').ifExists().execute();
    },
  };
}
