import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, startHarness, type Harness } from './test-support/harness.js';

describe('a known path with the wrong method', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  for (const variant of ['A', 'B'] as const) {
    it(`answers 405 with Allow in variant ${variant}, in the spec's error shape`, async () => {
      const { headers } = await h.createAccount('developer', { variant });
      const response = await h.app.inject({
        method: 'GET',
        url: '/v1/scan/mcp',
        headers: { ...headers, 'x-palisade-variant': variant },
      });
      assert.equal(response.statusCode, 405);
      assert.equal(response.headers.allow, 'POST');
      const body = json(response);
      assert.deepEqual(Object.keys(body).sort(), ['code', 'error', 'request_id']);
      assert.equal(body.code, 'method_not_allowed');
      assert.equal(body.error, 'GET is not supported on /v1/scan/mcp; use POST.');

      const del = await h.app.inject({
        method: 'DELETE',
        url: '/v1/account',
        headers: { ...headers, 'x-palisade-variant': variant },
      });
      assert.equal(del.statusCode, 405);
      assert.match(String(del.headers.allow), /\bGET\b/);
      assert.equal(json(del).code, 'method_not_allowed');
    });
  }

  it('matches paths with parameters, and keeps 404 for unknown paths', async () => {
    const put = await h.app.inject({
      method: 'PUT',
      url: '/v1/scan/0195f3a0-0000-7000-8000-000000000001/report',
    });
    assert.equal(put.statusCode, 405);
    assert.equal(put.headers.allow, 'POST');
    const unknown = await h.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(json(unknown).code, 'not_found');
  });
});

describe('a private-address refusal', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('says how to allow a local target: the setting and the CLI flag', async () => {
    const { headers } = await h.createAccount('developer');
    const response = await h.app.inject({
      method: 'POST',
      url: '/v1/scan/mcp',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { url: 'http://10.0.0.5:8080/mcp' },
    });
    assert.equal(response.statusCode, 400);
    const body = json(response);
    assert.equal(body.code, 'private_target');
    assert.equal(
      body.error,
      'The target address 10.0.0.5 is in a private range and is not scanned. To scan a local ' +
        'target on purpose, allow its range: set PALISADE_TARGET_ALLOWLIST=10.0.0.5/32 ' +
        '(comma-separated CIDRs) where the service runs, or pass --allow 10.0.0.5/32 to palisade scan.',
    );
    const v6 = json(
      await h.app.inject({
        method: 'POST',
        url: '/v1/scan/mcp',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { url: 'http://[::1]/mcp' },
      }),
    );
    assert.match(v6.error, /PALISADE_TARGET_ALLOWLIST=::1\/128 .* --allow ::1\/128 /);
  });
});
