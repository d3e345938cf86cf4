// Scans: creation against the month's quota (idempotent per key), the state machine
// (queued → running → complete | failed, requeue on retry), the uploaded files, history.

import { sql, type Kysely, type Selectable } from 'kysely';
import type { ScanResult } from '../../engine/types.js';
import { isUniqueViolation } from '../errors.js';
import type {
  CreateScanOutcome,
  NewScan,
  Scan,
  ScanInput,
  ScanStatus,
  ScanType,
  Store,
} from '../port.js';
import type { Database, ScansTable } from '../schema.js';
import { dateOrNull, iso, type RepositoryContext } from './context.js';

function toScan(row: Selectable<ScansTable>): Scan {
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type as ScanType,
    status: row.status as ScanStatus,
    target: row.target,
    input: JSON.parse(row.input) as ScanInput,
    progress: row.progress,
    result: row.result === null ? null : (JSON.parse(row.result) as ScanResult),
    error: row.error,
    idempotencyKey: row.idempotency_key,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at),
    startedAt: dateOrNull(row.started_at),
    finishedAt: dateOrNull(row.finished_at),
  };
}

/** An ended scan keeps no secrets: the MCP auth token is dropped with the uploaded bytes. */
function withoutSecrets(input: ScanInput): ScanInput {
  if (input.type !== 'mcp' || input.authTokenCiphertext === undefined) return input;
  return { type: 'mcp', url: input.url };
}

// better-sqlite3 binds Buffers, not bare Uint8Arrays; pg accepts both.
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createScansRepository({ db, writeTransaction }: RepositoryContext): Store['scans'] {
  async function findScanByKey(accountId: string, key: string): Promise<Scan | undefined> {
    const row = await db
      .selectFrom('scans')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && toScan(row);
  }

  async function insertScanAndFiles(tx: Kysely<Database>, scan: NewScan): Promise<Scan> {
    const row = await tx
      .insertInto('scans')
      .values({
        id: scan.id,
        account_id: scan.accountId,
        type: scan.type,
        status: 'queued',
        target: scan.target,
        input: JSON.stringify(scan.input),
        progress: null,
        result: null,
        error: null,
        idempotency_key: scan.idempotencyKey,
        attempts: 0,
        created_at: iso(scan.createdAt),
        started_at: null,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // One row per file keeps each statement small whatever the number of files.
    for (const [seq, file] of (scan.files ?? []).entries()) {
      await tx
        .insertInto('scan_files')
        .values({ scan_id: scan.id, seq, path: file.path, bytes: asBuffer(file.bytes) })
        .execute();
    }
    return toScan(row);
  }

  /**
   * Debits one scan from the month's quota unless it is used up. The conditional upsert is
   * atomic on PostgreSQL (the conflicting row is locked) and runs under SQLite's single writer.
   */
  async function debitQuota(
    tx: Kysely<Database>,
    accountId: string,
    period: string,
    limit: number,
  ): Promise<{ ok: true } | { ok: false; used: number }> {
    if (limit > 0) {
      const debited = await tx
        .insertInto('usage')
        .values({ account_id: accountId, period, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'period'])
            .doUpdateSet({ used: sql<number>`usage.used + 1` })
            .where('usage.used', '<', limit),
        )
        .returning('used')
        .executeTakeFirst();
      if (debited) return { ok: true };
    }
    const row = await tx
      .selectFrom('usage')
      .select('used')
      .where('account_id', '=', accountId)
      .where('period', '=', period)
      .executeTakeFirst();
    return { ok: false, used: Number(row?.used ?? 0) };
  }

  async function createWithQuota(
    scan: NewScan,
    quota: { period: string; limit: number },
    enqueue?: (tx: unknown) => Promise<void>,
  ): Promise<CreateScanOutcome> {
    try {
      return await writeTransaction(async (tx): Promise<CreateScanOutcome> => {
        if (scan.idempotencyKey !== null) {
          const existing = await tx
            .selectFrom('scans')
            .selectAll()
            .where('account_id', '=', scan.accountId)
            .where('idempotency_key', '=', scan.idempotencyKey)
            .executeTakeFirst();
          if (existing) return { kind: 'replayed', scan: toScan(existing) };
        }
        const debit = await debitQuota(tx, scan.accountId, quota.period, quota.limit);
        if (!debit.ok) return { kind: 'quota_exceeded', used: debit.used, limit: quota.limit };
        const created = await insertScanAndFiles(tx, scan);
        await enqueue?.(tx);
        return { kind: 'created', scan: created };
      });
    } catch (error) {
      // Two requests with the same key raced past the replay check; the loser's transaction
      // rolled back (nothing debited), and the winner's scan is the answer.
      if (scan.idempotencyKey !== null && isUniqueViolation(error)) {
        const winner = await findScanByKey(scan.accountId, scan.idempotencyKey);
        if (winner) return { kind: 'replayed', scan: winner };
      }
      throw error;
    }
  }

  /** Ends a scan in one transaction: status, secrets dropped, uploaded bytes deleted. */
  async function endScan(
    id: string,
    from: readonly ScanStatus[],
    patch: { status: 'complete' | 'failed'; result?: ScanResult; error?: string; at: Date },
  ): Promise<boolean> {
    return writeTransaction(async (tx) => {
      const row = await tx
        .selectFrom('scans')
        .select(['input', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || !from.includes(row.status as ScanStatus)) return false;
      const input = withoutSecrets(JSON.parse(row.input) as ScanInput);
      const updated = await tx
        .updateTable('scans')
        .set({
          status: patch.status,
          result: patch.result === undefined ? null : JSON.stringify(patch.result),
          error: patch.error ?? null,
          input: JSON.stringify(input),
          progress: null,
          finished_at: iso(patch.at),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await tx.deleteFrom('scan_files').where('scan_id', '=', id).execute();
      return true;
    });
  }

  return {
    createWithQuota,
    async get(id) {
      const row = await db.selectFrom('scans').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toScan(row);
    },
    async getForAccount(id, accountId) {
      const row = await db
        .selectFrom('scans')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row && toScan(row);
    },
    async list({ accountId, status, offset, limit }) {
      let base = db.selectFrom('scans').where('account_id', '=', accountId);
      if (status !== undefined) base = base.where('status', '=', status);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { scans: rows.map(toScan), total: Number(total.n) };
    },
    async queuePosition(id) {
      const scan = await db
        .selectFrom('scans')
        .select(['status', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!scan || scan.status !== 'queued') return undefined;
      const row = await db
        .selectFrom('scans')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'queued')
        .where((eb) =>
          eb.or([
            eb('created_at', '<', scan.created_at),
            eb.and([eb('created_at', '=', scan.created_at), eb('id', '<=', id)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async markRunning(id, at) {
      const result = await db
        .updateTable('scans')
        .set({ status: 'running', started_at: iso(at), progress: null })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setProgress(id, progress) {
      await db
        .updateTable('scans')
        .set({ progress })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },
    complete: (id, result, at) => endScan(id, ['running'], { status: 'complete', result, at }),
    fail: (id, error, at) => endScan(id, ['queued', 'running'], { status: 'failed', error, at }),
    async listEndedWithoutDelivery(since, limit) {
      const rows = await db
        .selectFrom('scans')
        .selectAll()
        .where('status', 'in', ['complete', 'failed'])
        .where('finished_at', '>=', iso(since))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries')
                .select('webhook_deliveries.id')
                .whereRef('webhook_deliveries.scan_id', '=', 'scans.id'),
            ),
          ),
        )
        .orderBy('finished_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toScan);
    },
    async listUnfinished() {
      const rows = await db
        .selectFrom('scans')
        .selectAll()
        .where('status', 'in', ['queued', 'running'])
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toScan);
    },
    async requeue(id) {
      await db
        .updateTable('scans')
        .set((eb) => ({
          status: 'queued',
          attempts: eb('attempts', '+', 1),
          started_at: null,
          progress: null,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },
    async files(id) {
      const rows = await db
        .selectFrom('scan_files')
        .select(['path', 'bytes'])
        .where('scan_id', '=', id)
        .orderBy('seq', 'asc')
        .execute();
      return rows.map((r) => ({ path: r.path, bytes: r.bytes }));
    },
    async latestComplete(accountId, type, target, exceptId) {
      const row = await db
        .selectFrom('scans')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('type', '=', type)
        .where('target', '=', target)
        .where('status', '=', 'complete')
        .where('id', '!=', exceptId)
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toScan(row) : undefined;
    },
    async recentDurations(type, limit) {
      const rows = await db
        .selectFrom('scans')
        .select(['started_at', 'finished_at'])
        .where('type', '=', type)
        .where('status', '=', 'complete')
        .where('started_at', 'is not', null)
        .where('finished_at', 'is not', null)
        .orderBy('finished_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Date.parse(r.finished_at ?? '') - Date.parse(r.started_at ?? ''));
    },
  };
}
