// `palisade worker`: a process that only runs jobs (scans, webhook deliveries) from the pg-boss
// queue in PostgreSQL, `PALISADE_WORKER_CONCURRENCY` scans at once. Any number of these run beside
// any number of `palisade serve --no-worker` processes (docs/deploy.md). SIGTERM/SIGINT stop it
// gracefully: no new jobs, running ones get QUEUE_DRAIN_TIMEOUT_MS to finish, and a job still
// running after that is retried by another worker once it expires.

import type { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config.js';
import type { Runtime } from '../runtime.js';
import type { CliContext } from './context.js';

const QUEUE_DRAIN_TIMEOUT_MS = 20_000;
/** Past this, shutdown is forced: a stuck close must not keep a dying process around. */
const SHUTDOWN_HARD_TIMEOUT_MS = 30_000;

export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

function loadWorkerConfig(env: CliContext['env']): Readonly<Config> {
  const config = loadConfig(env);
  if (config.databaseKind !== 'postgres') {
    // With SQLite the queue lives inside the API process: a separate worker would see no jobs.
    throw new WorkerStartError(
      'palisade worker needs PALISADE_DATABASE_URL=postgres://… (with the embedded SQLite ' +
        'database, `palisade serve` runs the worker in-process).',
    );
  }
  return config;
}

/** Starts consuming jobs; resolves once the worker runs. Returns the shutdown function. */
export async function startWorkerProcess(
  env: CliContext['env'] = process.env,
): Promise<{ runtime: Runtime; shutdown: () => Promise<void> }> {
  const config = loadWorkerConfig(env);
  const { createRuntime, startWorker } = await import('../runtime.js');
  const runtime = await createRuntime(config, { role: 'worker' });
  try {
    // Idempotent and locked: a worker that starts before `palisade migrate` finds its tables.
    await runtime.store.migrate();
    await startWorker(runtime);
  } catch (error) {
    // Open pools would keep a process that failed to start alive.
    await runtime.close().catch(() => undefined);
    throw error;
  }
  runtime.logger.info(
    { concurrency: config.workerConcurrency, queue: runtime.queue.kind },
    'worker started',
  );
  let stopped: Promise<void> | undefined;
  const shutdown = () => {
    stopped ??= (async () => {
      await runtime.queue.stop(QUEUE_DRAIN_TIMEOUT_MS);
      await runtime.close();
      runtime.logger.info('worker stopped');
    })();
    return stopped;
  };
  return { runtime, shutdown };
}

/** Runs until SIGTERM/SIGINT; the exit code goes to the CLI context (index.ts sets it). */
async function runWorkerCommand(ctx: CliContext): Promise<void> {
  let started: Awaited<ReturnType<typeof startWorkerProcess>>;
  try {
    started = await startWorkerProcess(ctx.env);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.stderr(
      error instanceof ConfigError
        ? `palisade: invalid setting ${message}\n`
        : `palisade: worker failed to start: ${message}\n`,
    );
    ctx.exitCode = 1;
    return;
  }
  const { runtime, shutdown } = started;
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  runtime.logger.info({ signal }, 'shutting down');
  // The only forced exit: a close that hangs (a database that never answers) must not keep a
  // process its supervisor asked to stop.
  setTimeout(() => {
    runtime.logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_HARD_TIMEOUT_MS).unref();
  try {
    await shutdown();
    ctx.exitCode = 0;
  } catch (error) {
    runtime.logger.error({ err: error }, 'shutdown failed');
    ctx.exitCode = 1;
  }
}

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description(
      'Run scan and webhook jobs from the PostgreSQL queue (scale-out; ' +
        'PALISADE_WORKER_CONCURRENCY at once). Pair with `palisade serve --no-worker`.',
    )
    .action(() => runWorkerCommand(ctx));
}
