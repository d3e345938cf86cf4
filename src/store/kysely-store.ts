// The Store port over Kysely. One implementation for both dialects: the SQL used is the common
// subset (upsert with RETURNING runs on SQLite >= 3.35 and PostgreSQL alike). What differs is
// handed in: how a write transaction starts, and how the migrations pick the binary type.

import { CompiledQuery, Migrator, sql, type Kysely, type Selectable } from 'kysely';
import type { ScanResult } from '../engine/types.js';
import { isUniqueViolation, StoreConflictError } from './errors.js';
import { migrationProvider } from './migrations/index.js';
import type {
  Account,
  CreateScanOutcome,
  NewScan,
  Report,
  Scan,
  ScanInput,
  ScanStatus,
  ScanType,
  Store,
  Tier,
  Variant,
  WebhookAttempt,
  WebhookDelivery,
} from './port.js';
import type { AccountsTable, Database, ScansTable, WebhookDeliveriesTable } from './schema.js';

/** Runs `fn` in a transaction that holds the write lock from its first statement. */
export type WriteTransaction = <T>(fn: (tx: Kysely<Database>) => Promise<T>) => Promise<T>;

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

const iso = (d: Date): string => d.toISOString();
const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
const dateOrNull = (s: string | null): Date | null => (s ? new Date(s) : null);

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    email: row.email,
    tier: row.tier as Tier,
    variant: row.variant as Variant | null,
    apiKeyHash: row.api_key_hash,
    apiKeyCiphertext: row.api_key_ciphertext,
    apiKeyHint: row.api_key_hint,
    webhookUrl: row.webhook_url,
    createdAt: new Date(row.created_at),
  };
}

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

/** An ended scan keeps no secrets: the MCP auth token is dropped with the uploaded bytes. */
function withoutSecrets(input: ScanInput): ScanInput {
  if (input.type !== 'mcp' || input.authTokenCiphertext === undefined) return input;
  return { type: 'mcp', url: input.url };
}

// better-sqlite3 binds Buffers, not bare Uint8Arrays; pg accepts both.
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createKyselyStore(options: KyselyStoreOptions): Store {
  const { db, dialect, writeTransaction } = options;
  const findByKeyHashSql = db
    .selectFrom('accounts')
    .selectAll()
    .where('api_key_hash', '=', '')
    .compile().sql;

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

  const accounts: Store['accounts'] = {
    async create(account) {
      try {
        const row = await db
          .insertInto('accounts')
          .values({
            id: account.id,
            email: account.email,
            tier: account.tier,
            variant: account.variant,
            api_key_hash: account.apiKeyHash,
            api_key_ciphertext: account.apiKeyCiphertext,
            api_key_hint: account.apiKeyHint,
            webhook_url: account.webhookUrl,
            created_at: iso(account.createdAt),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAccount(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const sameEmail = await accounts.findByEmail(account.email);
        if (sameEmail) {
          throw new StoreConflictError('email', `An account with email ${account.email} exists.`);
        }
        throw new StoreConflictError('account', 'An account with this id or key already exists.');
      }
    },
    async findById(id) {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findByKeyHash(apiKeyHash) {
      // Every authenticated request runs this: the SQL is compiled once (in the dialect's own
      // placeholder syntax) and only the parameter changes, skipping the query builder.
      if (options.readFirstRow) {
        const row = options.readFirstRow(findByKeyHashSql, [apiKeyHash]) as
          Selectable<AccountsTable> | undefined;
        return row && toAccount(row);
      }
      const { rows } = await db.executeQuery<Selectable<AccountsTable>>(
        CompiledQuery.raw(findByKeyHashSql, [apiKeyHash]),
      );
      const row = rows[0];
      return row && toAccount(row);
    },
    async count() {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async update(id, patch) {
      const set: Partial<AccountsTable> = {};
      if (patch.tier !== undefined) set.tier = patch.tier;
      if (patch.variant !== undefined) set.variant = patch.variant;
      if (patch.webhookUrl !== undefined) set.webhook_url = patch.webhookUrl;
      if (patch.apiKeyHash !== undefined) set.api_key_hash = patch.apiKeyHash;
      if (patch.apiKeyCiphertext !== undefined) set.api_key_ciphertext = patch.apiKeyCiphertext;
      if (patch.apiKeyHint !== undefined) set.api_key_hint = patch.apiKeyHint;
      if (Object.keys(set).length === 0) return accounts.findById(id);
      const row = await db
        .updateTable('accounts')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async replaceKey(id, key) {
      return writeTransaction(async (tx) => {
        const row = await tx
          .updateTable('accounts')
          .set({
            api_key_hash: key.apiKeyHash,
            api_key_ciphertext: key.apiKeyCiphertext,
            api_key_hint: key.apiKeyHint,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await tx.deleteFrom('console_sessions').where('account_id', '=', id).execute();
        return toAccount(row);
      });
    },
  };

  const sessions: Store['sessions'] = {
    async create(session) {
      await db
        .insertInto('console_sessions')
        .values({
          token_hash: session.tokenHash,
          account_id: session.accountId,
          created_at: iso(session.createdAt),
          expires_at: iso(session.expiresAt),
        })
        .execute();
    },
    async find(tokenHash, now) {
      const row = await db
        .selectFrom('console_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      return (
        row && {
          tokenHash: row.token_hash,
          accountId: row.account_id,
          createdAt: new Date(row.created_at),
          expiresAt: new Date(row.expires_at),
        }
      );
    },
    async delete(tokenHash) {
      await db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute();
    },
    async deleteExpired(now) {
      const result = await db
        .deleteFrom('console_sessions')
        .where('expires_at', '<=', iso(now))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };

  const scans: Store['scans'] = {
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

  const usage: Store['usage'] = {
    async used(accountId, period) {
      const row = await db
        .selectFrom('usage')
        .select('used')
        .where('account_id', '=', accountId)
        .where('period', '=', period)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },
  };

  const reports: Store['reports'] = {
    async create(report) {
      await db
        .insertInto('reports')
        .values({
          token: report.token,
          scan_id: report.scanId,
          account_id: report.accountId,
          tier: report.tier ?? null,
          created_at: iso(report.createdAt),
          expires_at: iso(report.expiresAt),
        })
        .execute();
      return { ...report, tier: report.tier ?? null };
    },
    async get(token) {
      const row = await db
        .selectFrom('reports')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) return undefined;
      const report: Report = {
        token: row.token,
        scanId: row.scan_id,
        accountId: row.account_id,
        tier: row.tier as Tier | null,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
      };
      return report;
    },
  };

  const webhooks: Store['webhooks'] = {
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
    accounts,
    sessions,
    scans,
    usage,
    reports,
    webhooks,
  };
}
