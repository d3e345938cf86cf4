import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TIERS } from '../../../store/port.js';
import { json, startHarness, type Harness } from '../../test-support/harness.js';

const LIMITS = { free: 3, developer: 15, pro: 50, team: 200, enterprise: 500 };

describe('account endpoints', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false, now: new Date('2026-12-31T23:59:30Z') });
  });
  after(async () => h.close());

  it('GET /v1/account shows plan, usage, the shortened key and the reset time', async () => {
    for (const tier of TIERS) {
      const { account, key, headers } = await h.createAccount(tier);
      if (tier === 'pro') await h.seedQueuedScan(account);
      const response = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
      assert.equal(response.statusCode, 200);
      const body = json(response);
      assert.deepEqual(body, {
        email: account.email,
        tier,
        api_key: account.apiKeyHint,
        scans_used: tier === 'pro' ? 1 : 0,
        scans_limit: LIMITS[tier],
        resets_at: '2027-01-01T00:00:00.000Z',
        webhook_url: null,
      });
      assert.ok(!response.body.includes(key), 'the full key is never shown again');
    }
  });

  it('PUT /v1/account/webhook: team and above; validates; null clears', async () => {
    const put = (headers: Record<string, string>, payload: unknown) =>
      h.app.inject({
        method: 'PUT',
        url: '/v1/account/webhook',
        headers,
        payload: payload as object,
      });

    for (const tier of ['free', 'developer', 'pro'] as const) {
      const { headers } = await h.createAccount(tier);
      const response = await put(headers, { webhook_url: 'https://hooks.example.com/palisade' });
      assert.equal(response.statusCode, 403, tier);
      assert.equal(json(response).code, 'plan_required');
    }

    for (const tier of ['team', 'enterprise'] as const) {
      const { headers } = await h.createAccount(tier);
      const set = await put(headers, { webhook_url: 'https://hooks.example.com/palisade' });
      assert.equal(set.statusCode, 200);
      assert.deepEqual(json(set), { webhook_url: 'https://hooks.example.com/palisade' });
      const shown = json(await h.app.inject({ method: 'GET', url: '/v1/account', headers }));
      assert.equal(shown.webhook_url, 'https://hooks.example.com/palisade');

      const cases: [unknown, string][] = [
        [{ webhook_url: 'ftp://hooks.example.com/' }, 'invalid_url'],
        [{ webhook_url: 'not a url' }, 'invalid_url'],
        [{ webhook_url: 'http://10.1.2.3/hook' }, 'private_target'],
        [{ webhook_url: 'http://169.254.169.254/latest/meta-data' }, 'private_target'],
        [{ webhook_url: 'http://[::1]:8080/hook' }, 'private_target'],
        [{ webhook_url: 'http://192.168.0.10/hook' }, 'private_target'],
        [{ webhook_url: `https://hooks.example.com/${'a'.repeat(2100)}` }, 'invalid_request'],
        [{}, 'invalid_request'],
        [{ webhook_url: ['a', 'b'] }, 'invalid_request'],
      ];
      for (const [payload, code] of cases) {
        const refused = await put(headers, payload);
        assert.equal(refused.statusCode, 400, JSON.stringify(payload).slice(0, 80));
        assert.equal(json(refused).code, code, JSON.stringify(payload).slice(0, 80));
      }

      const cleared = await put(headers, { webhook_url: null });
      assert.equal(cleared.statusCode, 200);
      assert.deepEqual(json(cleared), { webhook_url: null });
    }
  });
});
