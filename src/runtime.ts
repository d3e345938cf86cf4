// The runtime: everything a process needs, built once from the settings: store, queue, logger,
// clock, id generator and master key. `serve`, `worker` and the admin CLI all start here; tests
// build one with their own store, clock or queue. Only this file chooses adapters.

import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { ensureAdminAccount as ensureAdmin } from './jobs/accounts.js';
import { deliverWebhook, recoverWebhookDeliveries } from './jobs/deliver-webhook.js';
import type { JobDeps, ScanEngine } from './jobs/deps.js';
import { recoverUnfinishedScans, runScan } from './jobs/run-scan.js';
import { InProcessQueue } from './queue/in-process.js';
import type { Queue } from './queue/port.js';
import { loadMasterKey } from './security/index.js';
import { createStore } from './store/index.js';
import type { Store } from './store/port.js';
import { uuidV7 } from './store/uuid-v7.js';

export type RuntimeRole = 'all' | 'api' | 'worker';

/** The jobs' dependencies (store, queue, logger, clock, ids, master key, engine) and a role. */
export interface Runtime extends JobDeps {
  role: RuntimeRole;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  store?: Store;
  queue?: Queue;
  logger?: Logger;
  clock?: () => Date;
  newId?: () => string;
  engine?: ScanEngine;
}

/** Field names whose values are secrets: pino replaces them wherever they appear in a log line. */
const SECRET_FIELDS = [
  'authorization',
  'x-api-key',
  'auth_token',
  'authToken',
  'api_key',
  'apiKey',
];
export const REDACT_PATHS = [
  ...SECRET_FIELDS.map((f) => `["${f}"]`),
  ...SECRET_FIELDS.map((f) => `*["${f}"]`),
  ...SECRET_FIELDS.map((f) => `*.*["${f}"]`),
  'req.headers.cookie',
];

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'palisade' },
  });
}

/**
 * The one place that picks the queue adapter. Embedded: in-process (durable through recovery of
 * the store's unfinished scans at start). PostgreSQL: pg-boss in the same database (scale-out).
 */
async function createQueue(
  config: Readonly<Config>,
  role: RuntimeRole,
  logger: Logger,
  runtime: () => Runtime,
): Promise<Queue> {
  if (config.databaseKind === 'postgres') {
    // pg-boss (and pg) load only for PostgreSQL.
    const { createPgBossQueue } = await import('./scale-out.js');
    return createPgBossQueue(config, role, logger, runtime);
  }
  return new InProcessQueue({
    onHandlerError: (name, payload, error) =>
      logger.error({ err: error, job: name, payload }, 'job handler failed'),
  });
}

export async function createRuntime(
  config: Readonly<Config>,
  options: { role: RuntimeRole } & RuntimeOverrides,
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  const masterKey = loadMasterKey(config);
  const store = options.store ?? (await createStore(config));
  // The pg-boss queue's retry and dead-letter hooks need the finished runtime; they run later.
  const built: { runtime?: Runtime } = {};
  const queue =
    options.queue ??
    (await createQueue(config, options.role, logger, () => {
      if (!built.runtime) throw new Error('runtime used before it was built');
      return built.runtime;
    }));
  await queue.start();
  const runtime: Runtime = {
    config,
    role: options.role,
    store,
    queue,
    logger,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? (() => uuidV7()),
    masterKey,
    engine: options.engine,
    async close() {
      await queue.stop(0);
      await store.close();
    },
  };
  built.runtime = runtime;
  return runtime;
}

/**
 * Registers the job handlers and, for the in-process queue, re-enqueues what a previous process
 * left behind (the pg-boss queue keeps its own jobs and must not be second-guessed here).
 */
export async function startWorker(runtime: Runtime): Promise<void> {
  const concurrency = runtime.config.workerConcurrency;
  await runtime.queue.work('scan', ({ scanId }) => runScan(runtime, scanId), { concurrency });
  await runtime.queue.work('webhook', ({ deliveryId }) => deliverWebhook(runtime, deliveryId), {
    concurrency,
  });
  if (runtime.queue.kind === 'in-process') {
    await recoverUnfinishedScans(runtime);
    await recoverWebhookDeliveries(runtime);
  }
}

/** First start on an empty database: the admin account's key, to print once (see accounts.ts). */
export function ensureAdminAccount(runtime: Runtime): Promise<string | undefined> {
  return ensureAdmin(runtime);
}
