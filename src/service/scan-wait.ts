// GET /v1/scan/{id}?wait=N: a poll that waits up to N seconds for the scan to end. The scan is
// re-read every WAIT_POLL_MS (any process may run it: the worker can be elsewhere), so the answer
// leaves within that interval of the scan ending. The request is counted once by the rate limiter,
// however long it waits; a client that goes away, or a server shutting down, ends the wait early.

import { setTimeout as sleep } from 'node:timers/promises';
import type { Account } from '../store/port.js';
import type { ServiceDeps } from './deps.js';
import type { CompleteScanCache } from './scan-cache.js';
import { getScan, type ScanWithPosition } from './scans.js';

export const WAIT_SECONDS_MAX = 30;
export const WAIT_POLL_MS = 200;

const ended = (r: ScanWithPosition): boolean =>
  r.scan.status === 'complete' || r.scan.status === 'failed';

export async function getScanWaiting(
  deps: ServiceDeps,
  account: Account,
  scanId: string,
  waitSeconds: number,
  signal: AbortSignal,
  cache?: CompleteScanCache,
): Promise<ScanWithPosition> {
  // Real time, not deps.clock: a test clock may stand still.
  const deadline = performance.now() + Math.min(waitSeconds, WAIT_SECONDS_MAX) * 1000;
  let current = await getScan(deps, account, scanId, cache);
  while (!ended(current) && !signal.aborted) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    try {
      await sleep(Math.min(WAIT_POLL_MS, left), undefined, { signal });
    } catch {
      break; // aborted
    }
    current = await getScan(deps, account, scanId, cache);
  }
  return current;
}
