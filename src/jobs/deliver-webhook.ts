// Scan-completion webhooks (spec §6, docs/webhooks.md). When a scan ends on a team or enterprise
// account with a webhook URL, a delivery is stored with its exact body; the `webhook` job sends it,
// signed, through the guarded fetch (no private addresses, no redirects, 10 s caps), and retries
// failures with exponential backoff and full jitter until `webhookMaxAttempts`.

import { performance } from 'node:perf_hooks';
import type { Severity } from '../engine/types.js';
import { planAllows } from '../plans.js';
import { decryptSecret, signWebhookBody, standardWebhookHeaders } from '../security/index.js';
import type { Scan, WebhookDelivery } from '../store/port.js';
import type { JobDeps } from './deps.js';

const CONNECT_TIMEOUT_MS = 10_000;
const TOTAL_TIMEOUT_MS = 10_000;
/** No single wait between retries is longer than this, whatever the attempt number. */
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
export const WEBHOOK_USER_AGENT = 'Palisade-Webhooks/1';
/** Gaps listed in one webhook body: the body stays small; the scan's coverage lists them all. */
const WEBHOOK_GAPS_MAX = 20;

export type WebhookBody =
  | {
      event_id: string;
      created_at: string;
      scan_id: string;
      status: 'complete';
      overall_score: number;
      letter_grade: string;
      findings_count: Record<Severity, number>;
      /** False when the scan could not analyse everything (docs/webhooks.md). */
      complete: boolean;
      /** What was not analysed, and why (at most 20; the scan's coverage has them all). */
      not_analysed: { subject: string; reason: string }[];
    }
  | { event_id: string; created_at: string; scan_id: string; status: 'failed'; error: string };

export function buildWebhookBody(scan: Scan, eventId: string, createdAt: Date): WebhookBody {
  const base = { event_id: eventId, created_at: createdAt.toISOString(), scan_id: scan.id };
  if (scan.status === 'complete' && scan.result) {
    const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
    for (const finding of scan.result.findings) counts[finding.severity] += 1;
    // Results stored before coverage existed list what was not analysed in `skipped`.
    const gaps =
      scan.result.coverage?.gaps ??
      (scan.result.skipped ?? []).map((s) => ({ subject: s.path, reason: s.reason }));
    return {
      ...base,
      status: 'complete',
      overall_score: Math.round(scan.result.overallScore),
      letter_grade: scan.result.letterGrade,
      findings_count: counts,
      complete: gaps.length === 0,
      not_analysed: gaps
        .slice(0, WEBHOOK_GAPS_MAX)
        .map((g) => ({ subject: g.subject, reason: g.reason })),
    };
  }
  return { ...base, status: 'failed', error: scan.error ?? 'The scan failed.' };
}

/** Called once a scan has ended: stores a delivery and enqueues it, if the account wants one. */
export async function notifyScanEnded(deps: JobDeps, scanId: string): Promise<void> {
  const scan = await deps.store.scans.get(scanId);
  if (!scan || (scan.status !== 'complete' && scan.status !== 'failed')) return;
  const account = await deps.store.accounts.findById(scan.accountId);
  if (!account?.webhookUrl || !planAllows(account.tier, 'webhooks')) return;
  const now = deps.clock();
  const eventId = deps.newId();
  const delivery = await deps.store.webhooks.createDelivery({
    id: deps.newId(),
    accountId: account.id,
    scanId: scan.id,
    eventId,
    url: account.webhookUrl,
    body: JSON.stringify(buildWebhookBody(scan, eventId, now)),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    createdAt: now,
  });
  if (!delivery) return; // this scan's event exists already (a retried job or a recovery)
  await deps.queue.enqueue(
    'webhook',
    { deliveryId: delivery.id },
    { singletonKey: `webhook:${delivery.id}` },
  );
}

/** Delay before retry number `attempt` (1-based): uniform in [0, min(cap, base·2^(attempt-1))]. */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Where the delivery went, for logs: the origin only (paths and queries often hold secrets). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export async function send(
  deps: Omit<JobDeps, 'engine'>,
  delivery: WebhookDelivery,
  apiKey: string,
): Promise<SendOutcome> {
  const timestampSeconds = Math.floor(deps.clock().getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-palisade-signature': signWebhookBody(delivery.body, apiKey),
    ...standardWebhookHeaders(delivery.eventId, timestampSeconds, delivery.body, apiKey),
  };
  // The HTTP client (undici) loads with the first delivery, not when the service starts.
  const { createGuardedFetch, GuardError } = await import('../engine/guarded-fetch.js');
  const guardedFetch = createGuardedFetch({
    allowlist: deps.config.targetAllowlist,
    followRedirects: false,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    totalTimeoutMs: TOTAL_TIMEOUT_MS,
  });
  const started = performance.now();
  try {
    const response = await guardedFetch(delivery.url, {
      method: 'POST',
      headers,
      body: delivery.body,
      redirect: 'manual',
    });
    // The receiver's answer is not needed; release the connection without reading it.
    await response.body?.cancel().catch(() => undefined);
    const statusCode = response.status;
    const error =
      statusCode >= 200 && statusCode < 300
        ? null
        : statusCode >= 300 && statusCode < 400
          ? `HTTP ${statusCode}: redirects are not followed`
          : `HTTP ${statusCode}`;
    return { statusCode, error, durationMs: performance.now() - started };
  } catch (error) {
    const message =
      error instanceof GuardError ? error.message : 'The connection to the receiver failed.';
    return { statusCode: null, error: message, durationMs: performance.now() - started };
  } finally {
    await guardedFetch.close().catch(() => undefined);
  }
}

/**
 * The account's current API key, so a rotated key signs every later attempt. A key that cannot be
 * read (account deleted, master key changed) is an error to record, not a crash of the job.
 */
export async function signingKey(
  deps: Omit<JobDeps, 'engine'>,
  accountId: string,
): Promise<{ apiKey: string } | { error: string }> {
  const account = await deps.store.accounts.findById(accountId);
  if (!account) return { error: 'The account no longer exists.' };
  try {
    return { apiKey: decryptSecret(account.apiKeyCiphertext, deps.masterKey) };
  } catch (error) {
    deps.logger.error({ err: error, accountId }, 'webhook signing key unreadable');
    return { error: 'The webhook could not be signed: the stored key is unreadable.' };
  }
}

/** The `webhook` job: one attempt of one delivery, then its next state (and retry) recorded. */
export async function deliverWebhook(deps: JobDeps, deliveryId: string): Promise<void> {
  const { store, queue, config, logger, clock } = deps;
  const delivery = await store.webhooks.getDelivery(deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const now = clock();
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now.getTime()) {
    // Arrived early (recovery enqueues everything): wait for its time.
    await queue.enqueue('webhook', { deliveryId }, { startAfter: delivery.nextAttemptAt });
    return;
  }

  const attempt = delivery.attempts + 1;
  const signing = await signingKey(deps, delivery.accountId);
  const outcome: SendOutcome =
    'apiKey' in signing
      ? await send(deps, delivery, signing.apiKey)
      : { statusCode: null, error: signing.error, durationMs: 0 };
  const delivered = outcome.error === null;
  // Without a key to sign with, retrying cannot help.
  const givingUp = !delivered && (attempt >= config.webhookMaxAttempts || !('apiKey' in signing));
  const nextAttemptAt =
    delivered || givingUp
      ? null
      : new Date(clock().getTime() + retryDelayMs(attempt, config.webhookRetryBaseMs));

  try {
    await store.webhooks.recordAttempt(
      {
        deliveryId,
        attempt,
        at: now,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: Math.round(outcome.durationMs),
      },
      {
        status: delivered ? 'delivered' : givingUp ? 'failed' : 'pending',
        attempts: attempt,
        nextAttemptAt,
        lastError: outcome.error,
      },
    );
  } catch (error) {
    // The same attempt number recorded already: a duplicate job ran this attempt concurrently.
    logger.warn({ err: error, deliveryId, attempt }, 'webhook attempt not recorded');
    return;
  }

  logger.info(
    {
      deliveryId,
      scanId: delivery.scanId,
      receiver: originOf(delivery.url),
      attempt,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: Math.round(outcome.durationMs),
      outcome: delivered ? 'delivered' : givingUp ? 'failed' : 'retry',
      nextAttemptAt: nextAttemptAt?.toISOString(),
    },
    'webhook attempt',
  );
  if (nextAttemptAt) {
    await queue.enqueue('webhook', { deliveryId }, { startAfter: nextAttemptAt });
  }
}

/**
 * A far-future bound that makes listDue return every pending delivery, due or not. Year 9999:
 * later ISO strings gain a '+' prefix and would sort before today's in the text column.
 */
export const END_OF_TIME = new Date('9999-12-31T23:59:59.999Z');
const RECOVERY_BATCH = 10_000;

/** Embedded-queue recovery at start: every pending delivery is scheduled again at its time. */
export async function recoverWebhookDeliveries(deps: JobDeps): Promise<void> {
  for (const delivery of await deps.store.webhooks.listDue(END_OF_TIME, RECOVERY_BATCH)) {
    await deps.queue.enqueue(
      'webhook',
      { deliveryId: delivery.id },
      { startAfter: delivery.nextAttemptAt ?? undefined },
    );
  }
}
