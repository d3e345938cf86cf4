import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { generateApiKey } from './api-keys.js';
import {
  signWebhookBody,
  standardWebhookHeaders,
  verifyStandardWebhook,
  verifyWebhookSignature,
} from './webhook-signature.js';

describe('webhook signatures', () => {
  const key = generateApiKey();
  const body = '{"scan_id":"0190","status":"complete","overall_score":91}';

  it('sign the raw body with hex HMAC-SHA256 keyed by the API key', () => {
    const expected = createHmac('sha256', key).update(body).digest('hex');
    assert.equal(signWebhookBody(body, key), expected);
    assert.equal(verifyWebhookSignature(body, expected, key), true);
    assert.equal(verifyWebhookSignature(Buffer.from(body), expected.toUpperCase(), key), true);
  });

  it('reject another body, another key and malformed signatures', () => {
    const signature = signWebhookBody(body, key);
    assert.equal(verifyWebhookSignature(body + ' ', signature, key), false);
    assert.equal(verifyWebhookSignature(body, signature, generateApiKey()), false);
    assert.equal(verifyWebhookSignature(body, signature.slice(2), key), false);
    assert.equal(verifyWebhookSignature(body, 'zz' + signature.slice(2), key), false);
    assert.equal(verifyWebhookSignature(body, '', key), false);
  });

  it('produce Standard Webhooks headers that verify within tolerance only', () => {
    const headers = standardWebhookHeaders('evt_1', 1_700_000_000, body, key);
    const expected = createHmac('sha256', key).update(`evt_1.1700000000.${body}`).digest('base64');
    assert.equal(headers['webhook-signature'], `v1,${expected}`);
    const parts = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
    };
    assert.equal(verifyStandardWebhook(parts, body, key, 1_700_000_100), true);
    assert.equal(verifyStandardWebhook(parts, body, key, 1_700_001_000), false, 'too old');
    assert.equal(verifyStandardWebhook({ ...parts, id: 'evt_2' }, body, key, 1_700_000_000), false);
    assert.equal(
      verifyStandardWebhook(
        { ...parts, signature: `v1,AAAA ${parts.signature}` },
        body,
        key,
        1_700_000_000,
      ),
      true,
      'any listed signature may match (key rotation)',
    );
  });
});
