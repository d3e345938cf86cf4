// The embedded queue: jobs run in this process, at most `concurrency` at a time per job name.
// Nothing is persisted here on purpose: durability comes from the store, where queued and running
// scans and pending webhook deliveries survive a crash and are re-enqueued at start (runtime.ts).
// A job is attempted once; handlers record their own outcome (failed scan, webhook retry).

import type {
  EnqueueOptions,
  JobHandler,
  JobName,
  JobPayloads,
  Queue,
  WorkOptions,
} from './port.js';

export interface InProcessQueueOptions {
  /** Told about a handler that threw; the job is not retried. */
  onHandlerError?: (name: JobName, payload: unknown, error: unknown) => void;
}

interface Job {
  name: JobName;
  payload: unknown;
  singletonKey: string | undefined;
}

interface Worker {
  handler: (payload: unknown, meta: { attempt: number }) => Promise<void>;
  concurrency: number;
  running: number;
}

export class InProcessQueue implements Queue {
  readonly kind = 'in-process' as const;
  readonly #pending = new Map<JobName, Job[]>();
  readonly #workers = new Map<JobName, Worker>();
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Keys of jobs waiting, delayed or running: a second enqueue with one is a no-op. */
  readonly #singletonKeys = new Set<string>();
  readonly #running = new Set<Promise<void>>();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #onHandlerError: NonNullable<InProcessQueueOptions['onHandlerError']>;
  #stopped = false;

  constructor(options: InProcessQueueOptions = {}) {
    this.#onHandlerError = options.onHandlerError ?? (() => undefined);
  }

  async start(): Promise<void> {
    this.#stopped = false;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (this.#stopped) throw new Error('The job queue is stopped');
    const { singletonKey, startAfter } = options;
    if (singletonKey !== undefined) {
      if (this.#singletonKeys.has(singletonKey)) return;
      this.#singletonKeys.add(singletonKey);
    }
    const job: Job = { name, payload, singletonKey };
    const delayMs = startAfter ? startAfter.getTime() - Date.now() : 0;
    if (delayMs <= 0) {
      this.#push(job);
      return;
    }
    // Kept referenced so a due retry runs even in a process with nothing else to do; stop()
    // clears these timers, and the store still holds the job for the next start.
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#push(job);
    }, delayMs);
    this.#timers.add(timer);
  }

  async work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    // No retries here (a handler's failure is logged; an unfinished scan is recovered from the
    // store at the next start), so beforeRetry and onDeadLetter are never called.
    options: WorkOptions<N> = {},
  ): Promise<void> {
    const concurrency = Math.max(1, options.concurrency ?? 1);
    this.#workers.set(name, {
      handler: handler as Worker['handler'],
      concurrency,
      running: 0,
    });
    this.#pump(name);
  }

  /**
   * Stops taking jobs (waiting and delayed ones are dropped: the store recovers them at the next
   * start) and waits up to `timeoutMs` for running handlers.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#pending.clear();
    this.#singletonKeys.clear();
    if (this.#running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.#running]), timeout]);
    clearTimeout(timer);
  }

  /** Resolves when nothing is waiting or running (delayed jobs aside). For tests and shutdown. */
  onIdle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Jobs waiting for a free slot, by name (metrics and tests). */
  waitingCount(name: JobName): number {
    return this.#pending.get(name)?.length ?? 0;
  }

  #isIdle(): boolean {
    if (this.#running.size > 0) return false;
    for (const jobs of this.#pending.values()) if (jobs.length > 0) return false;
    return true;
  }

  #push(job: Job): void {
    if (this.#stopped) return;
    const jobs = this.#pending.get(job.name) ?? [];
    jobs.push(job);
    this.#pending.set(job.name, jobs);
    this.#pump(job.name);
  }

  #pump(name: JobName): void {
    const worker = this.#workers.get(name);
    const jobs = this.#pending.get(name);
    if (!worker || !jobs) return;
    while (!this.#stopped && worker.running < worker.concurrency && jobs.length > 0) {
      const job = jobs.shift()!;
      worker.running += 1;
      const run = this.#run(worker, job).finally(() => {
        worker.running -= 1;
        this.#running.delete(run);
        if (job.singletonKey !== undefined) this.#singletonKeys.delete(job.singletonKey);
        this.#pump(name);
        this.#notifyIfIdle();
      });
      this.#running.add(run);
    }
  }

  async #run(worker: Worker, job: Job): Promise<void> {
    try {
      await worker.handler(job.payload, { attempt: 1 });
    } catch (error) {
      this.#onHandlerError(job.name, job.payload, error);
    }
  }

  #notifyIfIdle(): void {
    if (!this.#isIdle()) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
