// Start-up and graceful shutdown of `palisade serve` (and `npm start`): settings, runtime, schema,
// the first admin account, the HTTP API, the in-process worker. The only process.exit is here.

import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createRuntime, ensureAdminAccount, startWorker, type Runtime } from './runtime.js';
import { buildApp } from './service/app.js';

/** Running scans get this long to finish on shutdown; the rest are recovered at the next start. */
const QUEUE_DRAIN_TIMEOUT_MS = 20_000;
/** Past this, shutdown is forced: a stuck close must not keep a dying process around. */
const SHUTDOWN_HARD_TIMEOUT_MS = 30_000;

export interface ServeOptions {
  /** Run the in-process worker too (default). `--no-worker` runs the API alone (scale-out). */
  worker: boolean;
}

async function printAdminKeyOnFirstStart(runtime: Runtime): Promise<void> {
  const apiKey = await ensureAdminAccount(runtime);
  if (apiKey === undefined) return;
  process.stdout.write(
    [
      '',
      'Created the admin account admin@localhost (developer plan).',
      `API key (shown once, keep it safe): ${apiKey}`,
      '',
    ].join('\n') + '\n',
  );
}

export async function serve(options: ServeOptions, env = process.env): Promise<void> {
  let config: Readonly<Config>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`palisade: invalid setting ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const runtime = await createRuntime(config, { role: options.worker ? 'all' : 'api' });
  await runtime.store.migrate();
  await printAdminKeyOnFirstStart(runtime);

  const app = buildApp(runtime);
  const address = await app.listen({ port: config.port, host: config.host });
  if (options.worker) await startWorker(runtime);
  runtime.logger.info({ address, worker: options.worker }, 'Palisade is listening');

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      runtime.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_HARD_TIMEOUT_MS).unref();
    try {
      await app.close(); // stop accepting; in-flight requests finish
      await runtime.queue.stop(QUEUE_DRAIN_TIMEOUT_MS);
      await runtime.close();
      process.exit(0);
    } catch (error) {
      runtime.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

/** The process entry (`node dist/src/main.js serve [--no-worker]`, and scripts/start.mjs behind
 *  `npm start`): starts the service, or exits with a sentence. */
export function runMain(args: readonly string[]): void {
  const command = args[0] ?? 'serve';
  if (command !== 'serve') {
    process.stderr.write(
      `palisade: unknown command "${command}" (usage: main.js serve [--no-worker])\n`,
    );
    process.exit(2);
  }
  serve({ worker: !args.includes('--no-worker') }).catch((error: unknown) => {
    process.stderr.write(
      `palisade: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}

if (isMainModule()) runMain(process.argv.slice(2));
