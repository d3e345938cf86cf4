// `palisade serve [--no-worker]`: the HTTP API, with the in-process worker unless --no-worker
// (the scale-out split, where `palisade worker` processes run the jobs from PostgreSQL).
// Start-up and shutdown live in src/main.ts, which `npm start` runs directly.

import type { Command } from 'commander';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description(
      'Run the HTTP API (/v1) and, unless --no-worker, the scan worker in the same process. ' +
        'Creates the schema on first start and prints the admin key once.',
    )
    .option('--no-worker', 'run the API only (pair with `palisade worker` on PostgreSQL)')
    .action(async (options: { worker: boolean }) => {
      // The service (Fastify, the store, the queue) loads when `serve` runs, not at start.
      const { serve } = await import('../main.js');
      await serve({ worker: options.worker });
    });
}
