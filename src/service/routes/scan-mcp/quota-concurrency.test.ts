import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, startHarness, type Harness } from '../../test-support/harness.js';

describe('quota under concurrency', () => {
  let h: Harness;
  before(async () => {
    // The rate limit is lifted so that only the monthly quota speaks.
    h = await startHarness({ worker: false, env: { PALISADE_RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  after(async () => h.close());

  it('50 simultaneous submissions on a fresh free account: exactly 3 × 202 and 47 × 429', async () => {
    const { account, headers } = await h.createAccount('free');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: '/v1/scan/mcp',
          headers,
          payload: { url: `https://mcp${i}.example.com/mcp` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 202).length, 3, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 47);
    for (const r of responses.filter((x) => x.statusCode === 429)) {
      assert.equal(json(r).code, 'quota_exceeded');
    }
    const period = new Date().toISOString().slice(0, 7);
    assert.equal(await h.runtime.store.usage.used(account.id, period), 3);
    const history = await h.runtime.store.scans.list({
      accountId: account.id,
      offset: 0,
      limit: 100,
    });
    assert.equal(history.total, 3);
  });
});
