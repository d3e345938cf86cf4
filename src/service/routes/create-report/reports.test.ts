import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, makeResult, startHarness, type Harness } from '../../test-support/harness.js';

describe('PDF reports', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false, now: new Date('2026-11-10T12:00:00Z') });
  });
  after(async () => h.close());

  const create = (headers: Record<string, string>, id: string) =>
    h.app.inject({ method: 'POST', url: `/v1/scan/${id}/report`, headers });

  it('403 on the free plan, 404 for an unknown or foreign scan, 409 before completion', async () => {
    const free = await h.createAccount('free');
    const freeScan = await h.seedCompleteScan(free.account, makeResult());
    const forbidden = await create(free.headers, freeScan.id);
    assert.equal(forbidden.statusCode, 403);
    assert.equal(json(forbidden).code, 'plan_required');

    const dev = await h.createAccount('developer');
    const foreign = await create(dev.headers, freeScan.id);
    assert.equal(foreign.statusCode, 404);
    assert.equal(
      (await create(dev.headers, '00000000-0000-7000-8000-000000000001')).statusCode,
      404,
    );

    const queued = await h.seedQueuedScan(dev.account);
    const early = await create(dev.headers, queued.id);
    assert.equal(early.statusCode, 409);
    assert.equal(json(early).code, 'scan_not_complete');
  });

  it('returns a 24-hour link that serves a PDF without a key, then 410 after expiry', async () => {
    const { account, headers } = await h.createAccount('developer');
    const scan = await h.seedCompleteScan(account, makeResult());
    const response = await create({ ...headers, 'content-type': 'application/json' }, scan.id);
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.deepEqual(Object.keys(body).sort(), ['expires_at', 'report_url']);
    assert.equal(body.expires_at, '2026-11-11T12:00:00.000Z');
    const match = /^http:\/\/palisade\.test\/v1\/reports\/([A-Za-z0-9_-]{43})\.pdf$/.exec(
      body.report_url,
    );
    assert.ok(match, body.report_url);
    const path = new URL(body.report_url).pathname;

    const pdf = await h.app.inject({ method: 'GET', url: path });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    // palisade-<target>-<date>.pdf, the target reduced to safe characters.
    assert.equal(
      pdf.headers['content-disposition'],
      'inline; filename="palisade-127.0.0.1-1-mcp-2026-11-10.pdf"',
    );

    const unknown = await h.app.inject({
      method: 'GET',
      url: `/v1/reports/${'A'.repeat(43)}.pdf`,
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(json(unknown).code, 'not_found');
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/reports/x.pdf' })).statusCode, 404);

    h.advance(24 * 60 * 60 * 1000 + 1);
    const expired = await h.app.inject({ method: 'GET', url: path });
    assert.equal(expired.statusCode, 410);
    assert.equal(json(expired).code, 'report_expired');
  });
});
