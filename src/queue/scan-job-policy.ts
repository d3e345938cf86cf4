// What a retried or dead job means for the work it stands for (docs/adr/0006-queue-and-scale-out.md),
// beside the queue port whose hooks carry it. A queue that retries (pg-boss) calls `beforeRetry`
// before a job's next attempt and `onDeadLetter` once when it has used them all; the worker
// passes these to `queue.work` (runtime.ts), once everything they need has been built.

import type { Store } from '../store/port.js';
import type { QueueLogger } from './pg-boss.js';
import type { DeadLetterHandler, RetryHook } from './port.js';

/** The public `error` of a scan whose job used all its attempts (details go to the log). */
export function abandonedScanMessage(attempts: number): string {
  return `The scan could not be completed after ${attempts} attempts.`;
}

export interface ScanJobPolicyDeps {
  scans: Pick<Store['scans'], 'requeue' | 'fail'>;
  clock: () => Date;
  logger: QueueLogger;
  /** Attempts in all (PALISADE_SCAN_MAX_ATTEMPTS), quoted in the failed scan's error. */
  maxAttempts: number;
  /** Runs after a scan was failed here: the scan-ended webhook (jobs/deliver-webhook.ts). */
  onScanFailed: (scanId: string) => Promise<void>;
}

export function scanJobPolicy(deps: ScanJobPolicyDeps): {
  beforeRetry: RetryHook<'scan'>;
  onDeadLetter: DeadLetterHandler<'scan'>;
} {
  return {
    // A retried scan job means its last worker died or gave up mid-scan: hand the scan back to
    // `queued` (one more attempt counted) so this run can claim it. Ended scans stay ended.
    beforeRetry: async ({ scanId }, attempt) => {
      deps.logger.warn({ scanId, attempt }, 'scan job retried; taking the scan over');
      await deps.scans.requeue(scanId);
    },
    // A scan must not stay `running` for ever: fail it with a reason, and say so to its webhook.
    onDeadLetter: async ({ scanId }, reason) => {
      deps.logger.error({ scanId, reason }, 'scan job used all its attempts; failing the scan');
      const failed = await deps.scans.fail(
        scanId,
        abandonedScanMessage(deps.maxAttempts),
        deps.clock(),
      );
      if (failed) await deps.onScanFailed(scanId);
    },
  };
}

/** A webhook delivery keeps its attempts and last error in its row; a dead job is only logged. */
export function webhookJobPolicy(logger: QueueLogger): {
  onDeadLetter: DeadLetterHandler<'webhook'>;
} {
  return {
    onDeadLetter: async ({ deliveryId }, reason) => {
      logger.error({ deliveryId, reason }, 'webhook job used all its attempts');
    },
  };
}
