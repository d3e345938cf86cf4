// The queue port. Adapters: in-process (embedded; durable because unfinished scans are recovered
// from the store at start) and pg-boss (scale-out; transactional enqueue, retries, expiry).
// Handlers must be idempotent: a job may arrive twice.

export type JobName = 'scan' | 'webhook';

export interface JobPayloads {
  scan: { scanId: string };
  webhook: { deliveryId: string };
}

export interface EnqueueOptions {
  /** Earliest time to run (webhook retries). */
  startAfter?: Date;
  /** A key that makes a second enqueue of the same job a no-op. */
  singletonKey?: string;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  meta: { attempt: number },
) => Promise<void>;

/** Called before a retried job (attempt > 1) reaches its handler. */
export type RetryHook<N extends JobName> = (
  payload: JobPayloads[N],
  attempt: number,
) => Promise<void>;

/** Called once for a job that used all its attempts, with the last failure's message. */
export type DeadLetterHandler<N extends JobName> = (
  payload: JobPayloads[N],
  reason: string,
) => Promise<void>;

export interface WorkOptions<N extends JobName> {
  concurrency?: number;
  /**
   * What a retry and a job that used all its attempts mean for the work it stands for (for a
   * scan: scan-job-policy.ts). Adapters that never retry (in-process) never call them.
   */
  beforeRetry?: RetryHook<N>;
  onDeadLetter?: DeadLetterHandler<N>;
}

export interface Queue {
  readonly kind: 'in-process' | 'pg-boss';
  start(): Promise<void>;
  /** Stops taking jobs, waits for running handlers (up to `timeoutMs`), then closes. */
  stop(timeoutMs?: number): Promise<void>;
  enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<void>;
  /**
   * Returns a function that enqueues inside the store's transaction (the `tx` handed to
   * `scans.createWithQuota`), so a scan is never accepted without its job. The in-process adapter
   * enqueues after commit instead, and relies on recovery at start for crashes in between.
   */
  enqueueInTransaction?<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
  ): (tx: unknown) => Promise<void>;
  /** Registers the handler and starts consuming (workers only). */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: WorkOptions<N>): Promise<void>;
}
