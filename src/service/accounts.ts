// Account use cases: the account view (with this month's usage) and the webhook setting.

import { checkUrlSyntax, type ParsedCidr } from '../engine/light.js';
import { rotateApiKey } from '../jobs/accounts.js';
import { sendTestWebhook } from '../jobs/test-webhook.js';
import type { Account, WebhookDelivery, WebhookTestEvent } from '../store/port.js';
import type { ServiceDeps } from './deps.js';
import { AppError } from './errors.js';
import { MONTHLY_SCAN_QUOTA, quotaPeriod, quotaResetsAt } from '../plans.js';
import { requireFeature } from './plan-gate.js';

export const WEBHOOK_URL_MAX_CHARS = 2048;

export interface AccountSummary {
  account: Account;
  scansUsed: number;
  scansLimit: number;
  resetsAt: Date;
}

export async function getAccountSummary(
  deps: ServiceDeps,
  account: Account,
): Promise<AccountSummary> {
  const now = deps.clock();
  const scansUsed = await deps.store.usage.used(account.id, quotaPeriod(now));
  return {
    account,
    scansUsed,
    scansLimit: MONTHLY_SCAN_QUOTA[account.tier],
    resetsAt: quotaResetsAt(now),
  };
}

/**
 * Webhook receivers get the same SSRF policy as scan targets: http/https only, no private or
 * reserved addresses (checked again at every delivery, since DNS can change).
 */
export function checkWebhookUrl(url: string, allowlist: readonly ParsedCidr[]): string {
  if (url.length > WEBHOOK_URL_MAX_CHARS) {
    throw new AppError('invalid_url', {
      message: `The webhook URL is longer than ${WEBHOOK_URL_MAX_CHARS} characters.`,
    });
  }
  const check = checkUrlSyntax(url, allowlist);
  if (!check.ok) {
    throw new AppError(check.reason === 'private_target' ? 'private_target' : 'invalid_url', {
      message: check.message,
    });
  }
  return check.url.toString();
}

export async function setWebhookUrl(
  deps: ServiceDeps,
  allowlist: readonly ParsedCidr[],
  account: Account,
  url: string | null,
): Promise<string | null> {
  requireFeature(account, 'webhooks');
  const webhookUrl = url === null ? null : checkWebhookUrl(url, allowlist);
  const updated = await deps.store.accounts.update(account.id, { webhookUrl });
  if (updated === undefined) throw new AppError('unauthorized');
  return updated.webhookUrl;
}

/**
 * A new API key for the account, returned once. The old key is refused from the next request on,
 * and every console session of the account ends (one transaction in the store).
 */
export async function rotateKey(
  deps: ServiceDeps,
  account: Account,
): Promise<{ account: Account; apiKey: string }> {
  const rotated = await rotateApiKey(deps, account.id);
  if (rotated === undefined) throw new AppError('unauthorized');
  return rotated;
}

/** Sends a signed test event to the webhook URL now and records the outcome (Team plan+). */
export async function sendWebhookTest(
  deps: ServiceDeps,
  account: Account,
): Promise<WebhookTestEvent> {
  requireFeature(account, 'webhooks');
  const { webhookUrl } = account;
  if (webhookUrl === null) {
    throw new AppError('invalid_request', { message: 'Set a webhook URL first.' });
  }
  return sendTestWebhook(deps, { ...account, webhookUrl });
}

export interface WebhookActivity {
  deliveries: WebhookDelivery[];
  tests: WebhookTestEvent[];
}

/** The last scan-completion deliveries and test events of the account (Team plan+). */
export async function webhookActivity(
  deps: ServiceDeps,
  account: Account,
  limit = 10,
): Promise<WebhookActivity> {
  requireFeature(account, 'webhooks');
  const [deliveries, tests] = await Promise.all([
    deps.store.webhooks.listRecentForAccount(account.id, limit),
    deps.store.webhooks.listTestEvents(account.id, limit),
  ]);
  return { deliveries, tests };
}
