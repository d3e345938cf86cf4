// A scan of an MCP URL is compared with the account's previous completed scan of the same URL
// (rug pulls across API scans, docs/api.md): this index finds that scan without reading the
// account's whole history.

import type { Kysely, Migration } from 'kysely';

export function scansByTarget(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('scans_account_target')
        .on('scans')
        .columns(['account_id', 'target', 'status', 'finished_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('scans_account_target').execute();
    },
  };
}
