// The scan job. It reloads the scan and acts only if it is still queued (a job may arrive twice),
// runs the engine, writes progress as it goes, and ends the scan as complete or failed. Failures
// the user can act on keep their one-sentence message; anything else is logged in full and shown
// as a generic sentence, so internals never leak into a scan's `error`.

import type { Logger } from 'pino';
import { fetchSnapshot } from '../engine/fetch-snapshot.js';
import { applyPin, asDefinitionPin } from '../engine/pin.js';
import { scanFiles } from '../engine/scan-files.js';
import { scanSnapshot } from '../engine/scan-snapshot.js';
import type { McpSnapshot, ScanResult } from '../engine/types.js';
import { decryptSecret } from '../security/index.js';
import type { Scan, ScanType, Store } from '../store/port.js';
import { notifyScanEnded } from './deliver-webhook.js';
import type { JobDeps, ScanEngine } from './deps.js';

// The engine, the MCP client included, loads with this module, before the service listens: a
// restarted service's recovered scans must not wait for it (ADR 0012). Not the jobs barrel nor
// the engine's: those would bring pdfkit and the rest into the service's start.
const DEFAULT_ENGINE: ScanEngine = { fetchSnapshot, scanSnapshot, scanFiles };

export const INTERNAL_FAILURE_MESSAGE = 'The scan failed because of an internal error.';
export const INTERRUPTED_MESSAGE =
  'The scan was interrupted by a restart and could not be completed.';

/** Errors whose message is written for users (one sentence, no secrets) by the engine. */
const PUBLIC_ERROR_NAMES = new Set([
  'FetchSnapshotError',
  'GuardError',
  'ArchiveError',
  'DocumentError',
]);

export function publicFailureMessage(error: unknown): string | undefined {
  if (error instanceof Error && PUBLIC_ERROR_NAMES.has(error.name) && error.message) {
    return error.message;
  }
  return undefined;
}

/** Progress is written at most this often; the latest message wins. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Throttled progress writer: engines report often (per rule, per page); the database sees at
 * most one write per interval, always the latest message, and writes never overlap.
 */
function progressWriter(store: Store, scanId: string, logger: Logger) {
  let latest: string | undefined;
  let lastWriteAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();

  const write = (): void => {
    timer = undefined;
    if (latest === undefined) return;
    const message = latest;
    latest = undefined;
    lastWriteAt = Date.now();
    chain = chain
      .then(() => store.scans.setProgress(scanId, message.slice(0, 500)))
      .catch((error: unknown) => logger.warn({ err: error, scanId }, 'progress not saved'));
  };

  return {
    report(message: string): void {
      latest = message;
      if (timer) return;
      const waitMs = Math.max(0, lastWriteAt + PROGRESS_INTERVAL_MS - Date.now());
      if (waitMs === 0) write();
      else timer = setTimeout(write, waitMs);
    },
    /** Drops an unwritten message and waits for writes in flight. */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      await chain;
    },
  };
}

/**
 * What a scan reads from the store before it runs: the uploaded files, or the previous scan of
 * the same URL. Read outside the scan's own failure handling, so that a database error fails the
 * job (the queue retries it) instead of failing the scan.
 */
type Stored = { files: { path: string; bytes: Uint8Array }[] } | { previous: Scan | undefined };

async function readStored(deps: JobDeps, scan: Scan): Promise<Stored> {
  if (scan.input.type === 'mcp')
    return {
      previous: await deps.store.scans.latestComplete(
        scan.accountId,
        scan.type,
        scan.target,
        scan.id,
      ),
    };
  return { files: await deps.store.scans.files(scan.id) };
}

async function execute(
  deps: JobDeps,
  scan: Scan,
  stored: Stored,
  onProgress: (message: string) => void,
): Promise<ScanResult> {
  const input = scan.input;
  const engine = deps.engine ?? DEFAULT_ENGINE;
  if (input.type === 'mcp') {
    const authToken =
      input.authTokenCiphertext === undefined
        ? undefined
        : decryptSecret(input.authTokenCiphertext, deps.masterKey);
    onProgress('Connecting to the MCP server');
    const snapshot = await engine.fetchSnapshot(input.url, {
      authToken,
      allowlist: deps.config.targetAllowlist,
      onProgress,
    });
    onProgress('Analysing the server definitions');
    const result = engine.scanSnapshot(snapshot, { onProgress });
    return compareWithPrevious(
      'previous' in stored ? stored.previous : undefined,
      snapshot,
      result,
    );
  }
  const files = 'files' in stored ? stored.files : [];
  onProgress(`Analysing ${files.length} file${files.length === 1 ? '' : 's'}`);
  return engine.scanFiles(files, { onProgress });
}

/**
 * Rug pulls across scans: the definitions are pinned in the result, and compared with those of the
 * account's previous completed scan of the same URL (never another account's). Each change since
 * then is a `definition-changed` finding with its diff; the result links that scan.
 */
function compareWithPrevious(
  previous: Scan | undefined,
  snapshot: McpSnapshot,
  result: ScanResult,
): ScanResult {
  const before = asDefinitionPin(previous?.result?.definitions);
  const since = previous ? `the previous scan of this URL (${previous.id})` : undefined;
  const compared = applyPin(result, snapshot, before, since);
  return {
    ...compared.result,
    definitions: compared.pin,
    ...(previous ? { previousScanId: previous.id } : {}),
  };
}

/** How far back recovery looks for ended scans whose webhook event was never stored. */
const ENDED_WITHOUT_WEBHOOK_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** Runs one scan job. Never throws for a scan's own failure: that becomes `status: failed`. */
export async function runScan(deps: JobDeps, scanId: string): Promise<void> {
  const { store, clock, logger } = deps;
  const scan = await store.scans.get(scanId);
  if (!scan) return;
  if (scan.status === 'complete' || scan.status === 'failed') {
    // A retried job whose first run ended the scan but died before notifying: notify (idempotent).
    await notifyScanEnded(deps, scanId);
    return;
  }
  if (scan.status !== 'queued') return;
  if (!(await store.scans.markRunning(scanId, clock()))) return;
  logger.info({ scanId, type: scan.type, attempt: scan.attempts + 1 }, 'scan started');

  const stored = await readStored(deps, scan);
  const progress = progressWriter(store, scanId, logger);
  let result: ScanResult | undefined;
  let failure: string | undefined;
  try {
    result = await execute(deps, scan, stored, progress.report);
  } catch (error) {
    failure = publicFailureMessage(error);
    if (failure === undefined) {
      failure = INTERNAL_FAILURE_MESSAGE;
      logger.error({ err: error, scanId }, 'scan failed with an internal error');
    } else {
      logger.info({ scanId, reason: failure }, 'scan failed');
    }
  } finally {
    await progress.stop();
  }

  const ended =
    result !== undefined
      ? await store.scans.complete(scanId, result, clock())
      : await store.scans.fail(scanId, failure ?? INTERNAL_FAILURE_MESSAGE, clock());
  if (!ended) return; // another run of this job ended it first
  logger.info({ scanId, status: result ? 'complete' : 'failed' }, 'scan ended');
  await notifyScanEnded(deps, scanId);
}

/**
 * Embedded-queue recovery at start: scans a previous process left queued are enqueued again;
 * running ones are handed back to the queue with one more attempt, or failed for good once they
 * have used `scanMaxAttempts` (a scan that keeps killing its worker must not loop forever).
 */
export async function recoverUnfinishedScans(deps: JobDeps): Promise<void> {
  const { store, queue, config, logger, clock } = deps;
  // A crash between ending a scan and storing its webhook event: create the event now.
  const since = new Date(clock().getTime() - ENDED_WITHOUT_WEBHOOK_LOOKBACK_MS);
  for (const scan of await store.scans.listEndedWithoutDelivery(since, 1000)) {
    await notifyScanEnded(deps, scan.id);
  }
  for (const scan of await store.scans.listUnfinished()) {
    if (scan.status === 'running') {
      if (scan.attempts + 1 >= config.scanMaxAttempts) {
        if (await store.scans.fail(scan.id, INTERRUPTED_MESSAGE, clock())) {
          logger.warn(
            { scanId: scan.id, attempts: scan.attempts + 1 },
            'scan given up after restarts',
          );
          await notifyScanEnded(deps, scan.id);
        }
        continue;
      }
      await store.scans.requeue(scan.id);
    }
    await queue.enqueue('scan', { scanId: scan.id }, { singletonKey: `scan:${scan.id}` });
    logger.info({ scanId: scan.id }, 'scan recovered after a restart');
  }
}

const DEFAULT_ESTIMATE_SECONDS: Record<ScanType, number> = { mcp: 10, upload: 5 };
const ESTIMATE_SAMPLE = 20;

/** Expected run time of a new scan: the median of the last 20 of its type, or a default. */
export async function estimateSeconds(store: Store, type: ScanType): Promise<number> {
  const durations = (await store.scans.recentDurations(type, ESTIMATE_SAMPLE))
    .filter((ms) => Number.isFinite(ms) && ms >= 0)
    .sort((a, b) => a - b);
  if (durations.length === 0) return DEFAULT_ESTIMATE_SECONDS[type];
  const mid = Math.floor(durations.length / 2);
  const medianMs =
    durations.length % 2 === 1 ? durations[mid]! : (durations[mid - 1]! + durations[mid]!) / 2;
  return Math.max(1, Math.ceil(medianMs / 1000));
}
