// The scale-out queue: pg-boss in the PostgreSQL database, wired to the jobs it serves
// (docs/adr/0006-queue-and-scale-out.md). runtime.ts picks it when PALISADE_DATABASE_URL is
// postgres://; this file only says what a retried or dead scan job means for the scan.

import type { Logger } from 'pino';
import type { Config } from './config.js';
import { notifyScanEnded } from './jobs/deliver-webhook.js';
import type { JobDeps } from './jobs/deps.js';
import { PgBossQueue, jobPoliciesFromConfig } from './queue/pg-boss.js';

/** The public `error` of a scan whose job used all its attempts (details go to the log). */
export function abandonedScanMessage(attempts: number): string {
  return `The scan could not be completed after ${attempts} attempts.`;
}

/**
 * `deps` is read lazily: the hooks run on workers only, after the runtime that owns this queue
 * has been built.
 */
export function createPgBossQueue(
  config: Readonly<Config>,
  role: 'all' | 'api' | 'worker',
  logger: Logger,
  deps: () => JobDeps,
): PgBossQueue {
  return new PgBossQueue({
    connectionString: config.databaseUrl,
    schema: config.queueSchema,
    policies: jobPoliciesFromConfig(config),
    isWorker: role !== 'api',
    // Jobs that run at once, the dead-letter consumers and the maintenance, with some slack.
    poolSize: role === 'api' ? 4 : config.workerConcurrency + 4,
    logger,
    beforeRetry: {
      // A retried scan job means its last worker died or gave up mid-scan: hand the scan back to
      // `queued` (one more attempt counted) so this run can claim it. Ended scans stay ended.
      scan: async ({ scanId }, attempt) => {
        logger.warn({ scanId, attempt }, 'scan job retried; taking the scan over');
        await deps().store.scans.requeue(scanId);
      },
    },
    onDeadLetter: {
      scan: async ({ scanId }, reason) => {
        const jobDeps = deps();
        logger.error({ scanId, reason }, 'scan job used all its attempts; failing the scan');
        const failed = await jobDeps.store.scans.fail(
          scanId,
          abandonedScanMessage(config.scanMaxAttempts),
          jobDeps.clock(),
        );
        if (failed) await notifyScanEnded(jobDeps, scanId);
      },
      webhook: async ({ deliveryId }, reason) => {
        // The delivery row keeps its attempts and last error; nothing more to do than say so.
        logger.error({ deliveryId, reason }, 'webhook job used all its attempts');
      },
    },
  });
}
