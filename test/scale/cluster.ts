// A Palisade deployment on loopback for the scale suites and the scale benchmark: API processes
// (`serve --no-worker`) and worker processes (`worker`) as real child processes, sharing one
// PostgreSQL schema (search_path), one pg-boss schema and one Redis key prefix, all private to this
// run and removed afterwards. The test process keeps its own Store on the same schema to create
// accounts and to read the truth about scans without going through the rate limit.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createAccount } from '../../src/jobs/accounts.js';
import { createPostgresStore } from '../../src/store/index.js';
import type { Scan, Store, Tier } from '../../src/store/port.js';
import { uuidV7 } from '../../src/store/uuid-v7.js';
import {
  assertRedisReachable,
  createTestSchema,
  deleteRedisKeys,
  runId,
  withSearchPath,
} from '../support/external-services.js';
import { startPalisade, stopAll, tail, type PalisadeProcess } from '../support/processes.js';

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  apis: number;
  workers: number;
  /** Extra settings for every process (e.g. a short job expiry). */
  env?: Record<string, string>;
  /** Log level of the children: `info` (default) or lower, since workers are ready at an `info` line. */
  logLevel?: string;
}

export interface Cluster {
  readonly id: string;
  readonly apis: PalisadeProcess[];
  readonly workers: PalisadeProcess[];
  /** Every session of this cluster's processes carries this application_name. */
  readonly applicationName: string;
  readonly store: Store;
  /** Starts one more worker process (after a kill, say). */
  addWorker(name?: string): Promise<PalisadeProcess>;
  createAccount(tier: Tier): Promise<{ accountId: string; apiKey: string; email: string }>;
  /** Runs SQL on the cluster's schema (search_path set). */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Terminates every PostgreSQL session of the cluster's processes; returns how many. */
  cutDatabaseConnections(): Promise<number>;
  /** Polls the store until every scan has ended or the deadline passes; returns the scans. */
  waitForScansToEnd(scanIds: readonly string[], timeoutMs: number): Promise<Scan[]>;
  logsOf(proc: PalisadeProcess): string;
  stop(): Promise<void>;
}

const READY_LOG = /"msg":"worker started"/;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const id = runId();
  const schema = `scale_${id}`;
  const bossSchema = `scale_boss_${id}`;
  const applicationName = `palisade-scale-${id}`;
  const redisPrefix = `palisade:test:${id}:`;
  await assertRedisReachable(options.redisUrl);
  const dropSchemas = await createTestSchema(options.databaseUrl, schema, [bossSchema]);
  const dataDir = mkdtempSync(join(tmpdir(), 'palisade-scale-'));

  const url = new URL(withSearchPath(options.databaseUrl, schema));
  url.searchParams.set('application_name', applicationName);
  const databaseUrl = url.toString();
  const env: Record<string, string> = {
    PALISADE_DATABASE_URL: databaseUrl,
    PALISADE_REDIS_URL: options.redisUrl,
    PALISADE_REDIS_KEY_PREFIX: redisPrefix,
    PALISADE_QUEUE_SCHEMA: bossSchema,
    PALISADE_MASTER_KEY: randomBytes(32).toString('base64'),
    PALISADE_DATA_DIR: dataDir,
    PALISADE_TARGET_ALLOWLIST: '127.0.0.1/32',
    PALISADE_LOG_LEVEL: options.logLevel ?? 'info',
    ...options.env,
  };

  // The test's own connection: migrates once up front (as `palisade migrate` would).
  // `schema` (not only search_path) so Kysely's migrator looks for its bookkeeping tables there
  // and not in another suite's schema.
  const testUrl = new URL(options.databaseUrl);
  testUrl.searchParams.set('application_name', `palisade-scale-test-${id}`);
  const store = await createPostgresStore(testUrl.toString(), { schema, poolSize: 4 });
  const admin = new pg.Pool({
    connectionString: withSearchPath(testUrl.toString(), schema),
    max: 2,
  });
  admin.on('error', () => undefined);
  await store.migrate();
  const masterKey = Buffer.from(env.PALISADE_MASTER_KEY!, 'base64');

  const apis: PalisadeProcess[] = [];
  const workers: PalisadeProcess[] = [];
  let workerCount = 0;

  // Each process is tracked as soon as it runs, so a failed start still stops the others.
  const startApi = async (n: number) => {
    const proc = await startPalisade(['serve', '--no-worker'], {
      name: `api-${n}`,
      env,
      http: true,
    });
    apis.push(proc);
    return proc;
  };
  const addWorker = async (name?: string) => {
    workerCount += 1;
    const proc = await startPalisade(['worker'], {
      name: name ?? `worker-${workerCount}`,
      env,
      readyLog: READY_LOG,
    });
    workers.push(proc);
    return proc;
  };

  const cluster: Cluster = {
    id,
    apis,
    workers,
    applicationName,
    store,
    addWorker,
    async createAccount(tier) {
      const email = `${tier}-${uuidV7()}@scale.test`;
      const { account, apiKey } = await createAccount(
        { store, masterKey, clock: () => new Date(), newId: uuidV7 },
        { email, tier },
      );
      return { accountId: account.id, apiKey, email };
    },
    async query<Row extends object>(text: string, values: unknown[] = []) {
      const result = await admin.query(text, values);
      return result.rows as Row[];
    },
    async cutDatabaseConnections() {
      const result = await admin.query(
        `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
          WHERE application_name = $1 AND pid <> pg_backend_pid()`,
        [applicationName],
      );
      return Number((result.rows[0] as { n: string }).n);
    },
    async waitForScansToEnd(scanIds, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const scans = await Promise.all(scanIds.map((s) => store.scans.get(s)));
        const ended = scans.filter((s) => s?.status === 'complete' || s?.status === 'failed');
        if (ended.length === scanIds.length || Date.now() > deadline) {
          return scans.filter((s): s is Scan => s !== undefined);
        }
        await sleep(200);
      }
    },
    logsOf: (proc) => `--- ${proc.name} ---\n${tail(proc.logs, 60)}`,
    async stop() {
      await stopAll([...apis, ...workers]);
      await admin.end().catch(() => undefined);
      await store.close().catch(() => undefined);
      await dropSchemas().catch(() => undefined);
      await deleteRedisKeys(options.redisUrl, redisPrefix).catch(() => 0);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  try {
    // Started together: tsx start-up dominates, and the processes share nothing at start.
    const results = await Promise.allSettled([
      ...Array.from({ length: options.apis }, (_, i) => startApi(i + 1)),
      ...Array.from({ length: options.workers }, () => addWorker()),
    ]);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    apis.sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** POSTs a JSON body with the API key; returns status, parsed body and headers. */
export async function postJson(
  baseUrl: string,
  path: string,
  apiKey: string,
  body: unknown,
  method = 'POST',
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export async function getJson(
  baseUrl: string,
  path: string,
  apiKey: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${apiKey}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}
