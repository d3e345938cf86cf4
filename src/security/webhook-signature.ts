// Webhook signing. The spec keys the HMAC with the account's API key itself (spec §5.5, §6), so
// a receiver needs nothing beyond the key it already has. Two signatures are sent:
//  - `X-Palisade-Signature`: hex HMAC-SHA256 of the raw body (the spec's header);
//  - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` over
//    `<id>.<timestamp>.<body>`), keyed with the UTF-8 bytes of the same API key, so off-the-shelf
//    verifiers work and receivers can reject replays by timestamp.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-palisade-signature';

export function signWebhookBody(rawBody: string | Buffer, apiKey: string): string {
  return createHmac('sha256', apiKey).update(rawBody).digest('hex');
}

/** Constant-time check of `X-Palisade-Signature`, for receivers (and our tests). */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  signatureHex: string,
  apiKey: string,
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signatureHex.trim())) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, apiKey), 'hex');
  const given = Buffer.from(signatureHex.trim(), 'hex');
  return timingSafeEqual(expected, given);
}

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function standardWebhookHeaders(
  id: string,
  timestampSeconds: number,
  rawBody: string,
  apiKey: string,
): StandardWebhookHeaders {
  const signature = createHmac('sha256', apiKey)
    .update(`${id}.${timestampSeconds}.${rawBody}`)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}

/**
 * Verifies Standard Webhooks headers: one of the space-separated `v1,<sig>` entries must match
 * and the timestamp must be within `toleranceSeconds` of `nowSeconds` (replay protection).
 */
export function verifyStandardWebhook(
  headers: { id: string; timestamp: string; signature: string },
  rawBody: string,
  apiKey: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return false;
  }
  const expected = Buffer.from(
    standardWebhookHeaders(headers.id, timestamp, rawBody, apiKey)['webhook-signature'].slice(3),
    'base64',
  );
  return headers.signature.split(' ').some((entry) => {
    if (!entry.startsWith('v1,')) return false;
    const given = Buffer.from(entry.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
