// `palisade worker`: a process that only runs jobs (scans, webhook deliveries) from the pg-boss
// queue in PostgreSQL, `PALISADE_WORKER_CONCURRENCY` scans at once. Any number of these run beside
// any number of `palisade serve --no-worker` processes (docs/deploy.md). SIGTERM/SIGINT stop it
// gracefully: no new jobs, running ones get QUEUE_DRAIN_TIMEOUT_MS to finish, and a job still
// running after that is retried by another worker once it expires.

import type { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createRuntime, startWorker, type Runtime } from '../runtime.js';

const QUEUE_DRAIN_TIMEOUT_MS = 20_000;
/** Past this, shutdown is forced: a stuck close must not keep a dying process around. */
const SHUTDOWN_HARD_TIMEOUT_MS = 30_000;

export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

function loadWorkerConfig(env: NodeJS.ProcessEnv): Readonly<Config> {
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
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ runtime: Runtime; shutdown: () => Promise<void> }> {
  const config = loadWorkerConfig(env);
  const runtime = await createRuntime(config, { role: 'worker' });
  // Idempotent and locked: a worker that starts before `palisade migrate` still finds its tables.
  await runtime.store.migrate();
  await startWorker(runtime);
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

async function runWorkerCommand(): Promise<void> {
  let started: Awaited<ReturnType<typeof startWorkerProcess>>;
  try {
    started = await startWorkerProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`palisade: invalid setting ${error.message}\n`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`palisade: worker failed to start: ${message}\n`);
    }
    process.exitCode = 1;
    return;
  }
  const { runtime, shutdown } = started;
  const onSignal = (signal: NodeJS.Signals) => {
    runtime.logger.info({ signal }, 'shutting down');
    // The only forced exit: a close that hangs (a database that never answers) must not keep a
    // process its supervisor asked to stop.
    setTimeout(() => {
      runtime.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_HARD_TIMEOUT_MS).unref();
    shutdown().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        runtime.logger.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'Run scan and webhook jobs from the PostgreSQL queue (scale-out; ' +
        'PALISADE_WORKER_CONCURRENCY at once). Pair with `palisade serve --no-worker`.',
    )
    .action(runWorkerCommand);
}
