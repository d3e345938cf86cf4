// Scan use cases: submit (quota + idempotency), read, list. Authorization and state decisions
// live here; routes only translate HTTP to these calls and presenters back.

import { checkUrlSyntax, type InputFile, type ParsedCidr } from '../engine/light.js';
import { estimateSeconds } from '../jobs/run-scan.js';
import { encryptSecret } from '../security/index.js';
import type { Account, NewScan, Scan, ScanStatus } from '../store/port.js';
import type { ServiceDeps } from './deps.js';
import { AppError } from './errors.js';
import type { CompleteScanCache } from './scan-cache.js';
import { MONTHLY_SCAN_QUOTA, quotaPeriod, quotaResetsAt } from '../plans.js';
import { requireFeature } from './plan-gate.js';

export interface SubmitResult {
  scan: Scan;
  /** True when an Idempotency-Key matched an earlier submission: nothing was debited. */
  replayed: boolean;
  estimatedSeconds: number;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

export function upgradeUrl(deps: ServiceDeps): string {
  return `${deps.config.baseUrl}/v1/plans`;
}

export function checkIdempotencyKey(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw)) {
    throw new AppError('invalid_request', {
      message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    });
  }
  return raw;
}

export function checkScanTarget(url: string, allowlist: readonly ParsedCidr[]): URL {
  const check = checkUrlSyntax(url, allowlist);
  if (check.ok) return check.url;
  const code = check.reason === 'private_target' ? 'private_target' : 'invalid_url';
  throw new AppError(code, { message: check.message });
}

/** Inserts the scan and debits the quota in one transaction, then makes sure it is queued. */
async function createScan(
  deps: ServiceDeps,
  account: Account,
  newScan: NewScan,
): Promise<SubmitResult> {
  const now = newScan.createdAt;
  const limit = MONTHLY_SCAN_QUOTA[account.tier];
  const enqueueInTx = deps.queue.enqueueInTransaction?.('scan', { scanId: newScan.id });
  const outcome = await deps.store.scans.createWithQuota(
    newScan,
    { period: quotaPeriod(now), limit },
    enqueueInTx,
  );
  if (outcome.kind === 'quota_exceeded') throw quotaExceeded(deps, now, outcome);
  if (outcome.kind === 'replayed') {
    if (outcome.scan.type !== newScan.type || outcome.scan.target !== newScan.target) {
      throw new AppError('idempotency_key_reused');
    }
  } else if (enqueueInTx === undefined) {
    // The in-process queue enqueues after commit; a crash in between is healed by recovery at start.
    await deps.queue.enqueue('scan', { scanId: outcome.scan.id });
  }
  return {
    scan: outcome.scan,
    replayed: outcome.kind === 'replayed',
    estimatedSeconds: await estimateSeconds(deps.store, newScan.type),
  };
}

function quotaExceeded(
  deps: ServiceDeps,
  now: Date,
  outcome: { used: number; limit: number },
): AppError {
  const resetsAt = quotaResetsAt(now);
  const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  return new AppError('quota_exceeded', {
    message: `The monthly scan quota of ${outcome.limit} scans is used up; it resets at ${resetsAt.toISOString()}.`,
    details: {
      limit: outcome.limit,
      used: outcome.used,
      resets_at: resetsAt.toISOString(),
      upgrade_url: upgradeUrl(deps),
    },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

export interface SubmitMcpInput {
  account: Account;
  url: string;
  authToken: string | null | undefined;
  idempotencyKey: string | null;
}

export async function submitMcpScan(
  deps: ServiceDeps,
  allowlist: readonly ParsedCidr[],
  input: SubmitMcpInput,
): Promise<SubmitResult> {
  const target = checkScanTarget(input.url, allowlist);
  const authTokenCiphertext = input.authToken
    ? encryptSecret(input.authToken, deps.masterKey)
    : undefined;
  return createScan(deps, input.account, {
    id: deps.newId(),
    accountId: input.account.id,
    type: 'mcp',
    target: target.toString(),
    input: { type: 'mcp', url: target.toString(), authTokenCiphertext },
    idempotencyKey: input.idempotencyKey,
    createdAt: deps.clock(),
  });
}

export interface SubmitUploadInput {
  account: Account;
  files: InputFile[];
  idempotencyKey: string | null;
}

export async function submitUploadScan(
  deps: ServiceDeps,
  input: SubmitUploadInput,
): Promise<SubmitResult & { filesAccepted: string[] }> {
  if (input.files.length === 0) {
    throw new AppError('invalid_request', {
      message: 'The upload has no files: send one or more parts named "files" (or "file").',
    });
  }
  // The file scanner (archives, parsers, advisories) loads with the first upload, not at start.
  const { inspectUpload } = await import('../engine/scan-files.js');
  const check = inspectUpload(input.files);
  if (!check.ok) throw new AppError(check.code, { message: check.message });
  const names = input.files.map((f) => f.path);
  const result = await createScan(deps, input.account, {
    id: deps.newId(),
    accountId: input.account.id,
    type: 'upload',
    target: names.join(', '),
    input: { type: 'upload', files: names },
    idempotencyKey: input.idempotencyKey,
    createdAt: deps.clock(),
    files: input.files.map((f) => ({ path: f.path, bytes: f.bytes })),
  });
  return { ...result, filesAccepted: check.accepted };
}

export interface ScanWithPosition {
  scan: Scan;
  position: number | undefined;
}

/** Scans with more findings than this are not kept in memory (bounded cache size). */
const CACHEABLE_FINDINGS_MAX = 500;

async function readScan(
  deps: ServiceDeps,
  account: Account,
  id: string,
  cache: CompleteScanCache | undefined,
): Promise<Scan | undefined> {
  const cached = cache?.get(id);
  if (cached !== undefined) return cached.accountId === account.id ? cached : undefined;
  const scan = await deps.store.scans.getForAccount(id, account.id);
  if (
    cache !== undefined &&
    scan?.status === 'complete' &&
    (scan.result?.findings.length ?? 0) <= CACHEABLE_FINDINGS_MAX
  ) {
    cache.set(id, scan);
  }
  return scan;
}

/** Another account's scan, or an id that is not even a UUID, is simply not found. */
export async function getScan(
  deps: ServiceDeps,
  account: Account,
  scanId: string,
  cache?: CompleteScanCache,
): Promise<ScanWithPosition> {
  const scan = UUID_RE.test(scanId)
    ? await readScan(deps, account, scanId.toLowerCase(), cache)
    : undefined;
  if (scan === undefined) throw new AppError('not_found', { message: 'Scan not found.' });
  const position =
    scan.status === 'queued' ? await deps.store.scans.queuePosition(scan.id) : undefined;
  return { scan, position };
}

export interface HistoryInput {
  account: Account;
  status: ScanStatus | undefined;
  offset: number;
  limit: number;
}

export async function listScans(
  deps: ServiceDeps,
  input: HistoryInput,
): Promise<{ scans: Scan[]; total: number }> {
  requireFeature(input.account, 'history');
  return deps.store.scans.list({
    accountId: input.account.id,
    status: input.status,
    offset: input.offset,
    limit: input.limit,
  });
}
