// The runtime: everything a process needs, built once from the settings: store, queue, logger,
// clock, id generator and master key. `serve`, `worker` and the admin CLI all start here; tests
// build one with their own store, clock or queue. Only this file chooses adapters.

import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { ensureAdminAccount as ensureAdmin } from './jobs/accounts.js';
import {
  deliverWebhook,
  notifyScanEnded,
  recoverWebhookDeliveries,
} from './jobs/deliver-webhook.js';
import type { JobDeps, ScanEngine } from './jobs/deps.js';
import { recoverUnfinishedScans, runScan } from './jobs/run-scan.js';
import { InProcessQueue } from './queue/in-process.js';
import type { Queue } from './queue/port.js';
import { scanJobPolicy, webhookJobPolicy } from './queue/scan-job-policy.js';
import { loadMasterKey } from './security/index.js';
import { createStore } from './store/index.js';
import type { Store } from './store/port.js';
import { uuidV7 } from './store/uuid-v7.js';

export type RuntimeRole = 'all' | 'api' | 'worker';

/** The jobs' dependencies (store, queue, logger, clock, ids, master key, engine) and a role. */
export interface Runtime extends JobDeps {
  role: RuntimeRole;
  /** The shared rate-limit counters' client, for the API (PALISADE_REDIS_URL). */
  rateLimitRedis?: Redis;
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
 * the store's unfinished scans at start). PostgreSQL: pg-boss in the same database (scale-out,
 * docs/adr/0006-queue-and-scale-out.md); what its retries mean for a scan is given to `work()`
 * by startWorker (queue/scan-job-policy.ts).
 */
async function createQueue(
  config: Readonly<Config>,
  role: RuntimeRole,
  logger: Logger,
): Promise<Queue> {
  if (config.databaseKind === 'postgres') {
    // pg-boss (and pg) load only for PostgreSQL.
    const { jobPoliciesFromConfig, PgBossQueue } = await import('./queue/pg-boss.js');
    return new PgBossQueue({
      connectionString: config.databaseUrl,
      schema: config.queueSchema,
      policies: jobPoliciesFromConfig(config),
      isWorker: role !== 'api',
      // Jobs that run at once, the dead-letter consumers and the maintenance, with some slack.
      poolSize: role === 'api' ? 4 : config.workerConcurrency + 4,
      logger,
    });
  }
  return new InProcessQueue({
    onHandlerError: (name, payload, error) =>
      logger.error({ err: error, job: name, payload }, 'job handler failed'),
  });
}

/**
 * The one place that picks where the API's rate-limit counters live: Redis when
 * PALISADE_REDIS_URL is set (shared by every API process), else in the process. Workers serve no
 * request and get none. ioredis loads only when Redis is configured.
 */
async function createRateLimitRedis(
  config: Readonly<Config>,
  role: RuntimeRole,
  logger: Logger,
): Promise<Redis | undefined> {
  if (role === 'worker') return undefined;
  if (!config.redisUrl) {
    // PostgreSQL is the scale-out setup: several API processes, each counting alone without Redis.
    if (config.databaseKind === 'postgres') {
      logger.warn(
        'PALISADE_REDIS_URL is not set: rate limits are counted per API process, so with several ' +
          'API processes a client gets the limit once per process. Set PALISADE_REDIS_URL to share them.',
      );
    }
    return undefined;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    // A request must not hang on a Redis outage: fail it fast and let the caller decide.
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    connectTimeout: 5000,
    enableOfflineQueue: true,
    lazyConnect: true,
  });
  // ioredis reconnects by itself; without a listener its connection errors would crash us.
  redis.on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'Redis connection error'),
  );
  return redis;
}

export async function createRuntime(
  config: Readonly<Config>,
  options: { role: RuntimeRole } & RuntimeOverrides,
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  const masterKey = loadMasterKey(config);
  const store = options.store ?? (await createStore(config));
  const queue = options.queue ?? (await createQueue(config, options.role, logger));
  const rateLimitRedis = await createRateLimitRedis(config, options.role, logger);
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
    ...(rateLimitRedis ? { rateLimitRedis } : {}),
    async close() {
      await queue.stop(0);
      if (rateLimitRedis && rateLimitRedis.status !== 'end' && rateLimitRedis.status !== 'wait') {
        await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect());
      }
      await store.close();
    },
  };
  return runtime;
}

/**
 * Registers the job handlers and, for the in-process queue, re-enqueues what a previous process
 * left behind (the pg-boss queue keeps its own jobs and must not be second-guessed here).
 */
export async function startWorker(runtime: Runtime): Promise<void> {
  const { config, store, clock, logger } = runtime;
  const concurrency = config.workerConcurrency;
  const scanPolicy = scanJobPolicy({
    scans: store.scans,
    clock,
    logger,
    maxAttempts: config.scanMaxAttempts,
    onScanFailed: (scanId) => notifyScanEnded(runtime, scanId),
  });
  await runtime.queue.work('scan', ({ scanId }) => runScan(runtime, scanId), {
    concurrency,
    ...scanPolicy,
  });
  await runtime.queue.work('webhook', ({ deliveryId }) => deliverWebhook(runtime, deliveryId), {
    concurrency,
    ...webhookJobPolicy(logger),
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
