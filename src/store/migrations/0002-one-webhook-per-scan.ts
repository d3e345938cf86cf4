// One completion webhook per scan: the unique index lets "notify" run again after a crash (job
// retry, restart recovery) without ever sending a second event for the same scan.

import type { Kysely, Migration } from 'kysely';

export function oneWebhookPerScan(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('webhook_deliveries_scan_unique')
        .on('webhook_deliveries')
        .column('scan_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('webhook_deliveries_scan_unique').execute();
    },
  };
}
