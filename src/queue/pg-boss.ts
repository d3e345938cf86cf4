// The pg-boss queue adapter: jobs live in PostgreSQL beside the data (schema `palisade_boss`), so
// several API and worker processes share one queue with no coordination of their own.
//
// - Enqueue can join the store's transaction: a scan is never accepted without its job.
// - A job whose worker died (kill -9, lost host) stays `active` until pg-boss's maintenance sees its
//   expiry, then it is retried on any worker; `beforeRetry` lets the caller hand the scan back
//   (running -> queued) so the retry can claim it. The store's conditional transitions make sure a
//   scan ends once even if a slow worker, not a dead one, wakes up afterwards.
// - A job that fails its last attempt goes to `<name>-dead`, whose consumer calls `onDeadLetter`
//   (the scan is marked failed with a reason) instead of leaving it stuck.
//
// Consumption is our own small loop over boss.fetch/complete/fail rather than boss.work(): pg-boss
// 10's work() does not await its complete() call, so a connection cut at that moment becomes an
// unhandled rejection that kills the process; here every database call is awaited and retried.

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type {
  EnqueueOptions,
  JobHandler,
  JobName,
  JobPayloads,
  Queue,
  WorkOptions,
} from './port.js';

export const DEFAULT_BOSS_SCHEMA = 'palisade_boss';

export interface QueueLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Retry and expiry policy of one job name (pg-boss queue options). */
export interface JobPolicy {
  /** Attempts in all, the first included; the last failure goes to the dead-letter queue. */
  maxAttempts: number;
  /** Delay before the first retry; later ones double (pg-boss backoff, with jitter). */
  retryDelaySeconds: number;
  /** An active job not finished after this long is taken to have lost its worker. */
  expireInSeconds: number;
}

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema; tests give each suite its own. */
  schema?: string;
  policies: Record<JobName, JobPolicy>;
  /** Workers run pg-boss maintenance (expiry, archiving); API-only processes only send. */
  isWorker: boolean;
  /** How often an idle consumer asks for jobs (pg-boss allows 500 ms at least). */
  pollingIntervalMs?: number;
  /** PostgreSQL connections for pg-boss in this process. */
  poolSize?: number;
  logger?: QueueLogger;
}

const JOB_NAMES: readonly JobName[] = ['scan', 'webhook'];
const deadLetterName = (name: JobName): string => `${name}-dead`;
const silentLogger: QueueLogger = { info() {}, warn() {}, error() {} };

/** The queue policies that follow from the settings (config.ts). */
export function jobPoliciesFromConfig(config: {
  scanJobExpireSeconds: number;
  scanMaxAttempts: number;
}): Record<JobName, JobPolicy> {
  return {
    // A retry mostly follows a dead worker, already detected late (expiry): start it soon.
    scan: {
      maxAttempts: config.scanMaxAttempts,
      retryDelaySeconds: 1,
      expireInSeconds: config.scanJobExpireSeconds,
    },
    // Webhook delivery schedules its own retries (each attempt is logged, with its own backoff);
    // the queue's retries only cover a worker that died or threw during one attempt.
    webhook: { maxAttempts: 3, retryDelaySeconds: 5, expireInSeconds: 120 },
  };
}

/** A pg-boss `db` that runs its SQL on the store's open Kysely transaction. */
function transactionDb(tx: unknown): PgBoss.Db {
  const kysely = tx as Pick<Kysely<unknown>, 'executeQuery'>;
  if (typeof kysely?.executeQuery !== 'function') {
    throw new TypeError('enqueueInTransaction needs the Kysely transaction of createWithQuota');
  }
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await kysely.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

/** pg-boss has no plain "once per key": a job id derived from the key makes the insert a no-op. */
function jobIdFor(name: JobName, singletonKey: string): string {
  const hex = createHash('sha256').update(`${name}\0${singletonKey}`).digest('hex');
  // Shaped as a version-8 (custom) UUID so PostgreSQL's uuid type accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function reasonOf(output: unknown): string | undefined {
  if (output === null || typeof output !== 'object') return undefined;
  const record = output as { message?: unknown; value?: { message?: unknown } };
  const message = record.value?.message ?? record.message;
  return typeof message === 'string' ? message : undefined;
}

/** One consumer: fetches as many jobs as it has free slots, runs them, completes or fails them. */
class Consumer {
  readonly #inFlight = new Set<Promise<void>>();
  #stopping = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly concurrency: number,
    private readonly expireInSeconds: number,
    private readonly pollingIntervalMs: number,
    private readonly logger: QueueLogger,
    private readonly run: (job: PgBoss.JobWithMetadata<object>) => Promise<void>,
  ) {}

  start(): void {
    this.#loop = this.#consume();
  }

  /** Stops fetching; waits for running jobs up to `timeoutMs`; returns how many were left. */
  async stop(timeoutMs: number): Promise<number> {
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
    const drained = Promise.all([...this.#inFlight]).then(() => true);
    // The timer is cancelled once drained: a pending one would keep the process alive.
    const timeout = new AbortController();
    const timedOut = sleep(timeoutMs, false, { signal: timeout.signal }).catch(() => false);
    const finished = await Promise.race([drained, timedOut]);
    timeout.abort();
    return finished ? 0 : this.#inFlight.size;
  }

  async #consume(): Promise<void> {
    let failures = 0;
    while (!this.#stopping) {
      const free = this.concurrency - this.#inFlight.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await this.boss.fetch<object>(this.name, {
            batchSize: free,
            includeMetadata: true,
          });
          failures = 0;
          fetched = jobs?.length ?? 0;
          for (const job of jobs ?? []) this.#track(this.#handle(job));
        } catch (error) {
          // The database is unreachable or the connection was cut: back off, then try again.
          failures += 1;
          this.logger.warn(
            { queue: this.name, err: describeError(error), failures },
            'queue fetch failed; retrying',
          );
        }
      }
      // Go straight back for more when a full batch came and slots are free; else wait for a
      // finished job or the polling interval.
      if (fetched > 0 && fetched === free && this.#inFlight.size < this.concurrency) continue;
      const delayMs =
        failures > 0
          ? Math.min(5000, this.pollingIntervalMs * 2 ** failures)
          : this.pollingIntervalMs;
      await this.#idle(delayMs);
    }
  }

  #track(job: Promise<void>): void {
    this.#inFlight.add(job);
    void job.finally(() => {
      this.#inFlight.delete(job);
      this.#wake?.();
    });
  }

  async #idle(delayMs: number): Promise<void> {
    const controller = new AbortController();
    await new Promise<void>((resolve) => {
      this.#wake = () => {
        controller.abort();
        resolve();
      };
      sleep(delayMs, undefined, { signal: controller.signal }).then(resolve, resolve);
    });
    this.#wake = undefined;
  }

  async #handle(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const startedAtMs = Date.now();
    let failure: unknown;
    try {
      await this.run(job);
    } catch (error) {
      failure = error;
    }
    // A job that outlived its expiry may already be running again on another worker under the
    // same id: finishing it now would finish that attempt's job. Leave it to the retry.
    if (Date.now() - startedAtMs >= this.expireInSeconds * 1000) {
      this.logger.warn(
        { queue: this.name, jobId: job.id },
        'job outlived its expiry; left to its retry',
      );
      return;
    }
    const settle =
      failure === undefined
        ? () => this.boss.complete(this.name, job.id)
        : () => this.boss.fail(this.name, job.id, { message: describeError(failure) });
    if (failure !== undefined) {
      this.logger.warn(
        {
          queue: this.name,
          jobId: job.id,
          attempt: job.retryCount + 1,
          err: describeError(failure),
        },
        'job failed; pg-boss retries it or sends it to the dead-letter queue',
      );
    }
    await this.#settle(job.id, settle);
  }

  /** complete/fail with retries: a cut connection must not leave a finished job to expire. */
  async #settle(jobId: string, settle: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      try {
        await settle();
        return;
      } catch (error) {
        this.logger.warn(
          { queue: this.name, jobId, attempt, err: describeError(error) },
          'could not record the job outcome; retrying',
        );
        await sleep(200 * 2 ** attempt);
      }
    }
    // Still active: it expires and is retried, and the handler, being idempotent, does nothing.
    this.logger.error({ queue: this.name, jobId }, 'job outcome not recorded; it will be retried');
  }
}

export class PgBossQueue implements Queue {
  readonly kind = 'pg-boss' as const;
  readonly #boss: PgBoss;
  readonly #options: PgBossQueueOptions;
  readonly #logger: QueueLogger;
  readonly #consumers: Consumer[] = [];
  #started = false;

  constructor(options: PgBossQueueOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    const shortestExpirySeconds = Math.min(
      ...JOB_NAMES.map((n) => options.policies[n].expireInSeconds),
    );
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema ?? DEFAULT_BOSS_SCHEMA,
      max: options.poolSize ?? 4,
      application_name: 'palisade-queue',
      // Only workers supervise: expiry of jobs whose worker died is found by this maintenance,
      // so it runs often enough that a retry starts soon after the expiry (at most 30 s later).
      supervise: options.isWorker,
      maintenanceIntervalSeconds: Math.max(1, Math.min(30, Math.floor(shortestExpirySeconds / 4))),
      schedule: false,
      migrate: true,
    });
    // pg's pool reports dropped idle connections here; without a listener they would crash us.
    this.#boss.on('error', (error) => {
      this.#logger.warn({ err: describeError(error) }, 'pg-boss reported an error; it reconnects');
    });
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    await this.#withQueueSetupLock(async () => {
      for (const name of JOB_NAMES) await this.#createQueue(name);
    });
    this.#started = true;
  }

  /**
   * pg-boss's create_queue() deadlocks when several processes create the same queues at once (a
   * fresh deployment starting its APIs and workers together): they take turns under a
   * PostgreSQL advisory lock, held on a connection of its own for the few statements it takes.
   */
  async #withQueueSetupLock(fn: () => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    client.on('error', () => undefined);
    await client.connect();
    const key = `palisade-queue-setup:${this.#options.schema ?? DEFAULT_BOSS_SCHEMA}`;
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }

  async #createQueue(name: JobName): Promise<void> {
    const policy = this.#options.policies[name];
    const dead = deadLetterName(name);
    // The dead-letter queue must exist first (foreign key). Keep its jobs a week.
    await this.#boss.createQueue(dead, {
      name: dead,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
    });
    const settings: PgBoss.Queue = {
      name,
      retryLimit: policy.maxAttempts - 1,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      deadLetter: dead,
    };
    await this.#boss.createQueue(name, settings);
    // createQueue keeps an existing queue as it was; apply today's settings.
    await this.#boss.updateQueue(name, settings);
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    await this.#boss.send(name, payload, this.#sendOptions(name, options));
  }

  enqueueInTransaction<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
  ): (tx: unknown) => Promise<void> {
    return async (tx) => {
      await this.#boss.send(name, payload, { db: transactionDb(tx) });
    };
  }

  #sendOptions(name: JobName, options: EnqueueOptions): PgBoss.SendOptions {
    const send: PgBoss.SendOptions = {};
    if (options.startAfter) send.startAfter = options.startAfter;
    if (options.singletonKey) {
      send.id = jobIdFor(name, options.singletonKey);
      send.singletonKey = options.singletonKey;
    }
    return send;
  }

  async work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    options: WorkOptions<N> = {},
  ): Promise<void> {
    if (!this.#started) throw new Error('PgBossQueue.work() before start()');
    const policy = this.#options.policies[name];
    const { beforeRetry, onDeadLetter: onDead } = options;
    this.#addConsumer(name, options.concurrency ?? 1, policy.expireInSeconds, async (job) => {
      const attempt = job.retryCount + 1;
      const payload = job.data as JobPayloads[N];
      if (attempt > 1 && beforeRetry) await beforeRetry(payload, attempt);
      await handler(payload, { attempt });
    });
    if (onDead) {
      this.#addConsumer(deadLetterName(name), 1, 60, async (job) => {
        const reason = reasonOf(job.output) ?? 'unknown error';
        this.#logger.error({ queue: name, data: job.data, reason }, 'job used all its attempts');
        await onDead(job.data as JobPayloads[N], reason);
      });
    }
  }

  #addConsumer(
    name: string,
    concurrency: number,
    expireInSeconds: number,
    run: (job: PgBoss.JobWithMetadata<object>) => Promise<void>,
  ): void {
    const consumer = new Consumer(
      this.#boss,
      name,
      concurrency,
      expireInSeconds,
      this.#options.pollingIntervalMs ?? 500,
      this.#logger,
      run,
    );
    this.#consumers.push(consumer);
    consumer.start();
  }

  async stop(timeoutMs = 30_000): Promise<void> {
    // Shutdown may call stop twice (drain, then close the runtime): the second is a no-op.
    if (!this.#started) return;
    this.#started = false;
    const left = await Promise.all(this.#consumers.map((c) => c.stop(timeoutMs)));
    const abandoned = left.reduce((a, b) => a + b, 0);
    if (abandoned > 0) {
      // Their jobs stay active, expire and run again elsewhere; nothing is lost.
      this.#logger.warn({ abandoned }, 'stopped with jobs still running; they will be retried');
    }
    await this.#boss.stop({ graceful: false, close: true, wait: true, timeout: 5000 });
  }
}
