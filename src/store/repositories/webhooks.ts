// Webhook deliveries: one per ended scan, its attempts, and the console's test events.

import type { Selectable } from 'kysely';
import type { Store, WebhookAttempt, WebhookDelivery } from '../port.js';
import type { WebhookDeliveriesTable } from '../schema.js';
import { dateOrNull, iso, isoOrNull, type RepositoryContext } from './context.js';

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    accountId: row.account_id,
    scanId: row.scan_id,
    eventId: row.event_id,
    url: row.url,
    body: row.body,
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
  };
}

export function createWebhooksRepository({
  db,
  writeTransaction,
}: RepositoryContext): Store['webhooks'] {
  return {
    async createDelivery(delivery) {
      const inserted = await db
        .insertInto('webhook_deliveries')
        .values({
          id: delivery.id,
          account_id: delivery.accountId,
          scan_id: delivery.scanId,
          event_id: delivery.eventId,
          url: delivery.url,
          body: delivery.body,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at: isoOrNull(delivery.nextAttemptAt),
          last_error: delivery.lastError,
          created_at: iso(delivery.createdAt),
        })
        .onConflict((oc) => oc.column('scan_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? delivery : undefined;
    },
    async getDelivery(id) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toDelivery(row);
    },
    async recordAttempt(attempt: WebhookAttempt, next) {
      await writeTransaction(async (tx) => {
        await tx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: attempt.deliveryId,
            attempt: attempt.attempt,
            at: iso(attempt.at),
            status_code: attempt.statusCode,
            error: attempt.error,
            duration_ms: Math.round(attempt.durationMs),
          })
          .execute();
        await tx
          .updateTable('webhook_deliveries')
          .set({
            status: next.status,
            attempts: next.attempts,
            next_attempt_at: isoOrNull(next.nextAttemptAt),
            last_error: next.lastError,
          })
          .where('id', '=', attempt.deliveryId)
          .execute();
      });
    },
    async listDue(now, limit) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', iso(now))]),
        )
        .orderBy('next_attempt_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },
    async listAttempts(deliveryId) {
      const rows = await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempt', 'asc')
        .execute();
      return rows.map((r) => ({
        deliveryId: r.delivery_id,
        attempt: Number(r.attempt),
        at: new Date(r.at),
        statusCode: r.status_code === null ? null : Number(r.status_code),
        error: r.error,
        durationMs: Number(r.duration_ms),
      }));
    },
    async listRecentForAccount(accountId, limit) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },
    async recordTestEvent(event) {
      await db
        .insertInto('webhook_test_events')
        .values({
          id: event.id,
          account_id: event.accountId,
          url: event.url,
          at: iso(event.at),
          status_code: event.statusCode,
          error: event.error,
          duration_ms: Math.round(event.durationMs),
        })
        .execute();
    },
    async listTestEvents(accountId, limit) {
      const rows = await db
        .selectFrom('webhook_test_events')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        accountId: r.account_id,
        url: r.url,
        at: new Date(r.at),
        statusCode: r.status_code === null ? null : Number(r.status_code),
        error: r.error,
        durationMs: Number(r.duration_ms),
      }));
    },
  };
}
