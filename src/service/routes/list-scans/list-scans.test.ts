import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, makeResult, startHarness, type Harness } from '../../test-support/harness.js';

describe('GET /v1/scans', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  const list = (headers: Record<string, string>, query = '') =>
    h.app.inject({ method: 'GET', url: `/v1/scans${query}`, headers });

  it('403 plan_required on the free plan', async () => {
    const { headers } = await h.createAccount('free');
    const response = await list(headers);
    assert.equal(response.statusCode, 403);
    assert.equal(json(response).code, 'plan_required');
  });

  it('lists newest first with page/per_page and limit/offset, filters by status', async () => {
    const { account, headers } = await h.createAccount('developer');
    const other = await h.createAccount('developer');
    await h.seedCompleteScan(other.account, makeResult());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      h.advance(1000);
      const scan =
        i % 2 === 0
          ? await h.seedCompleteScan(account, makeResult())
          : await h.seedQueuedScan(account);
      ids.push(scan.id);
    }
    const newestFirst = [...ids].reverse();

    const all = json(await list(headers));
    assert.equal(all.total, 5);
    assert.equal(all.page, 1);
    assert.equal(all.per_page, 20);
    assert.deepEqual(
      all.scans.map((s: { scan_id: string }) => s.scan_id),
      newestFirst,
    );
    const entry = all.scans.find((s: { scan_id: string }) => s.scan_id === ids[0]);
    assert.deepEqual(Object.keys(entry).sort(), [
      'complete',
      'created_at',
      'finding_count',
      'letter_grade',
      'overall_score',
      'scan_id',
      'scan_type',
      'status',
      'target',
    ]);
    assert.equal(entry.status, 'complete');
    assert.equal(entry.scan_type, 'mcp');
    assert.equal(entry.overall_score, 62);
    assert.equal(entry.finding_count, 1);
    assert.equal(entry.complete, true);
    assert.match(entry.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const page2 = json(await list(headers, '?page=2&per_page=2'));
    assert.equal(page2.page, 2);
    assert.equal(page2.per_page, 2);
    assert.deepEqual(
      page2.scans.map((s: { scan_id: string }) => s.scan_id),
      newestFirst.slice(2, 4),
    );
    const offset = json(await list(headers, '?limit=2&offset=2'));
    assert.deepEqual(offset.scans, page2.scans);
    assert.equal(offset.page, 2);

    const complete = json(await list(headers, '?status=complete'));
    assert.equal(complete.total, 3);
    const completedA = json(
      await list({ ...headers, 'x-palisade-variant': 'A' }, '?status=completed'),
    );
    assert.equal(completedA.total, 3);
    assert.ok(completedA.scans.every((s: { status: string }) => s.status === 'completed'));
    const queued = json(await list(headers, '?status=queued'));
    assert.equal(queued.total, 2);
  });

  it('entries carry target (no credentials or query secrets) and letter_grade in both variants', async () => {
    const { account, headers } = await h.createAccount('developer');
    const now = new Date();
    const secretUrl = 'https://user:pw@mcp.example.test/mcp?token=s3cret&team=a#frag';
    const created = await h.deps.store.scans.createWithQuota(
      {
        id: h.deps.newId(),
        accountId: account.id,
        type: 'mcp',
        target: secretUrl,
        input: { type: 'mcp', url: secretUrl },
        idempotencyKey: null,
        createdAt: now,
      },
      { period: now.toISOString().slice(0, 7), limit: 100 },
    );
    assert.equal(created.kind, 'created');
    h.advance(1000);
    await h.seedCompleteScan(account, makeResult());
    h.advance(1000);
    const upload = await h.deps.store.scans.createWithQuota(
      {
        id: h.deps.newId(),
        accountId: account.id,
        type: 'upload',
        target: 'mcp.json, package.json',
        input: { type: 'upload', files: ['mcp.json', 'package.json'] },
        idempotencyKey: null,
        createdAt: h.deps.clock(),
      },
      { period: now.toISOString().slice(0, 7), limit: 100 },
    );
    assert.equal(upload.kind, 'created');
    for (const variant of ['A', 'B'] as const) {
      const body = json(await list({ ...headers, 'x-palisade-variant': variant }));
      const [files, complete, queued] = body.scans;
      assert.equal(files.target, 'mcp.json, package.json');
      assert.equal(files.letter_grade, null);
      assert.equal(complete.target, 'http://127.0.0.1:1/mcp');
      assert.equal(complete.letter_grade, 'D');
      assert.equal(complete.status, variant === 'A' ? 'completed' : 'complete');
      assert.equal(queued.target, 'https://mcp.example.test/mcp?token=…&team=…');
      assert.ok(!JSON.stringify(body).includes('s3cret') && !JSON.stringify(body).includes('pw@'));
    }
  });

  it('refuses page sizes above 100 and bad parameters with 400', async () => {
    const { headers } = await h.createAccount('pro');
    for (const query of ['?per_page=101', '?limit=500', '?page=0', '?status=done', '?offset=-1']) {
      const response = await list(headers, query);
      assert.equal(response.statusCode, 400, query);
      assert.equal(json(response).code, 'invalid_request');
    }
    assert.equal((await list(headers, '?per_page=100')).statusCode, 200);
  });
});
