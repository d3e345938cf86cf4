// A signed test event to the account's webhook URL, sent at once from the console (not queued, not
// retried): the sender sees the receiver's answer on the page. Same headers, signature and guarded
// fetch as a scan-completion delivery; the outcome is recorded for the "last deliveries" list.

import type { Account, WebhookTestEvent } from '../store/port.js';
import { send, signingKey, type SendOutcome } from './deliver-webhook.js';
import type { JobDeps } from './deps.js';

export interface TestWebhookBody {
  event_id: string;
  created_at: string;
  status: 'test';
  message: string;
}

export function buildTestWebhookBody(eventId: string, createdAt: Date): TestWebhookBody {
  return {
    event_id: eventId,
    created_at: createdAt.toISOString(),
    status: 'test',
    message: 'A test event from the Palisade console. Scan events carry scan_id and results.',
  };
}

/** Sends one test event to `account.webhookUrl` (the caller checks the plan and the URL is set). */
export async function sendTestWebhook(
  deps: Omit<JobDeps, 'engine'>,
  account: Account & { webhookUrl: string },
): Promise<WebhookTestEvent> {
  const now = deps.clock();
  const eventId = deps.newId();
  const body = JSON.stringify(buildTestWebhookBody(eventId, now));
  const signing = await signingKey(deps, account.id);
  const outcome: SendOutcome =
    'apiKey' in signing
      ? await send(
          deps,
          {
            id: eventId,
            accountId: account.id,
            scanId: '',
            eventId,
            url: account.webhookUrl,
            body,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: now,
            lastError: null,
            createdAt: now,
          },
          signing.apiKey,
        )
      : { statusCode: null, error: signing.error, durationMs: 0 };
  const event: WebhookTestEvent = {
    id: eventId,
    accountId: account.id,
    url: account.webhookUrl,
    at: now,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: Math.round(outcome.durationMs),
  };
  await deps.store.webhooks.recordTestEvent(event);
  return event;
}
