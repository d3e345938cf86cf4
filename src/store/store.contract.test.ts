// The Store contract, run on every backend (SQLite always, PostgreSQL when configured).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { forEachBackend } from '../../test/support/stores.js';
import type { ScanResult } from '../engine/types.js';
import { StoreConflictError } from './errors.js';
import type { Account, NewScan, Store } from './port.js';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

function account(overrides: Partial<Account> = {}): Account {
  const id = randomUUID();
  return {
    id,
    email: `${id}@example.test`,
    tier: 'developer',
    variant: null,
    apiKeyHash: `hash-${id}`,
    apiKeyCiphertext: `cipher-${id}`,
    apiKeyHint: 'pal_abcd…wxyz',
    webhookUrl: null,
    createdAt: T0,
    ...overrides,
  };
}

function newScan(accountId: string, overrides: Partial<NewScan> = {}): NewScan {
  return {
    id: randomUUID(),
    accountId,
    type: 'mcp',
    target: 'https://mcp.example.test/mcp',
    input: { type: 'mcp', url: 'https://mcp.example.test/mcp', authTokenCiphertext: 'v1:secret' },
    idempotencyKey: null,
    createdAt: T0,
    ...overrides,
  };
}

const RESULT: ScanResult = {
  overallScore: 88,
  letterGrade: 'B',
  categoryScores: [{ category: 'LLM01', score: 80, rating: 'low risk' }],
  findings: [],
  target: 'https://mcp.example.test/mcp',
  stats: { tools: 3, prompts: 0, resources: 0, files: 0, durationMs: 1200 },
};

const QUOTA = { period: '2026-03', limit: 15 };

async function created(store: Store, scan: NewScan): Promise<string> {
  const outcome = await store.scans.createWithQuota(scan, QUOTA);
  assert.equal(outcome.kind, 'created');
  return scan.id;
}

forEachBackend('store contract', (makeStore) => {
  it('migrates idempotently and answers ping', async () => {
    const store = await makeStore();
    await store.migrate();
    await store.ping();
  });

  it('creates, finds and updates accounts; duplicate email is a conflict', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account({ email: 'lead@example.test' }));
    assert.equal(await store.accounts.count(), 1);
    assert.deepEqual(await store.accounts.findById(a.id), a);
    assert.deepEqual(await store.accounts.findByEmail('lead@example.test'), a);
    assert.deepEqual(await store.accounts.findByKeyHash(a.apiKeyHash), a);
    assert.equal(await store.accounts.findById(randomUUID()), undefined);

    const updated = await store.accounts.update(a.id, {
      tier: 'team',
      variant: 'A',
      webhookUrl: 'https://hooks.example.test/p',
      apiKeyHash: 'new-hash',
    });
    assert.equal(updated?.tier, 'team');
    assert.equal(updated?.variant, 'A');
    assert.equal(updated?.webhookUrl, 'https://hooks.example.test/p');
    assert.equal(await store.accounts.findByKeyHash(a.apiKeyHash), undefined);
    assert.equal((await store.accounts.findByKeyHash('new-hash'))?.id, a.id);
    assert.equal(await store.accounts.update(randomUUID(), { tier: 'pro' }), undefined);

    await assert.rejects(
      store.accounts.create(account({ email: 'lead@example.test' })),
      (e: unknown) => e instanceof StoreConflictError && e.field === 'email',
    );
  });

  it('creates a scan with its files and debits the quota', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const scan = newScan(a.id, {
      type: 'upload',
      target: 'mcp.json',
      input: { type: 'upload', files: ['mcp.json'] },
      files: [
        { path: 'mcp.json', bytes: new TextEncoder().encode('{"mcpServers":{}}') },
        { path: 'b.bin', bytes: new Uint8Array([0, 255, 1, 254]) },
      ],
    });
    const outcome = await store.scans.createWithQuota(scan, QUOTA);
    assert.equal(outcome.kind, 'created');
    if (outcome.kind !== 'created') return;
    assert.equal(outcome.scan.status, 'queued');
    assert.equal(outcome.scan.attempts, 0);
    assert.deepEqual(outcome.scan.createdAt, T0);
    assert.equal(await store.usage.used(a.id, '2026-03'), 1);
    assert.equal(await store.usage.used(a.id, '2026-04'), 0);

    const files = await store.scans.files(scan.id);
    assert.deepEqual(
      files.map((f) => [f.path, Buffer.from(f.bytes).toString('hex')]),
      [
        ['mcp.json', Buffer.from('{"mcpServers":{}}').toString('hex')],
        ['b.bin', '00ff01fe'],
      ],
    );
  });

  it('replays an Idempotency-Key without debiting', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const b = await store.accounts.create(account());
    const first = await store.scans.createWithQuota(newScan(a.id, { idempotencyKey: 'k1' }), QUOTA);
    const again = await store.scans.createWithQuota(newScan(a.id, { idempotencyKey: 'k1' }), QUOTA);
    assert.equal(first.kind, 'created');
    assert.equal(again.kind, 'replayed');
    if (first.kind !== 'created' || again.kind !== 'replayed') return;
    assert.equal(again.scan.id, first.scan.id);
    assert.equal(await store.usage.used(a.id, QUOTA.period), 1);
    // Keys are per account.
    const other = await store.scans.createWithQuota(newScan(b.id, { idempotencyKey: 'k1' }), QUOTA);
    assert.equal(other.kind, 'created');
  });

  it('refuses past the limit and reports usage', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account({ tier: 'free' }));
    const quota = { period: '2026-03', limit: 3 };
    for (let i = 0; i < 3; i++) {
      assert.equal((await store.scans.createWithQuota(newScan(a.id), quota)).kind, 'created');
    }
    const refused = await store.scans.createWithQuota(newScan(a.id), quota);
    assert.deepEqual(refused, { kind: 'quota_exceeded', used: 3, limit: 3 });
    assert.equal(await store.usage.used(a.id, '2026-03'), 3);
    // A new month starts from zero.
    const april = await store.scans.createWithQuota(newScan(a.id), { period: '2026-04', limit: 3 });
    assert.equal(april.kind, 'created');
    // A zero limit refuses outright.
    const none = await store.scans.createWithQuota(newScan(a.id), { period: '2026-05', limit: 0 });
    assert.deepEqual(none, { kind: 'quota_exceeded', used: 0, limit: 0 });
  });

  it('is exact under 50 concurrent submissions', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const quota = { period: '2026-03', limit: 15 };
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => store.scans.createWithQuota(newScan(a.id), quota)),
    );
    assert.equal(outcomes.filter((o) => o.kind === 'created').length, 15);
    assert.equal(outcomes.filter((o) => o.kind === 'quota_exceeded').length, 35);
    assert.equal(await store.usage.used(a.id, '2026-03'), 15);
    const { total } = await store.scans.list({ accountId: a.id, offset: 0, limit: 100 });
    assert.equal(total, 15);
  });

  it('creates one scan for concurrent submissions with the same key', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.scans.createWithQuota(newScan(a.id, { idempotencyKey: 'same' }), QUOTA),
      ),
    );
    assert.equal(outcomes.filter((o) => o.kind === 'created').length, 1);
    assert.equal(outcomes.filter((o) => o.kind === 'replayed').length, 9);
    const ids = new Set(outcomes.map((o) => (o.kind === 'quota_exceeded' ? '' : o.scan.id)));
    assert.equal(ids.size, 1);
    assert.equal(await store.usage.used(a.id, QUOTA.period), 1);
  });

  it('runs enqueue inside the transaction and rolls back when it fails', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    let seenTx: unknown;
    const ok = await store.scans.createWithQuota(newScan(a.id), QUOTA, async (tx) => {
      seenTx = tx;
    });
    assert.equal(ok.kind, 'created');
    assert.ok(seenTx, 'enqueue received the transaction');

    const failing = newScan(a.id, {
      files: [{ path: 'x.json', bytes: new Uint8Array([1]) }],
    });
    await assert.rejects(
      store.scans.createWithQuota(failing, QUOTA, async () => {
        throw new Error('queue down');
      }),
      /queue down/,
    );
    assert.equal(await store.scans.get(failing.id), undefined);
    assert.deepEqual(await store.scans.files(failing.id), []);
    assert.equal(await store.usage.used(a.id, QUOTA.period), 1);
  });

  it("masks another account's scan", async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const b = await store.accounts.create(account());
    const id = await created(store, newScan(a.id));
    assert.equal((await store.scans.getForAccount(id, a.id))?.id, id);
    assert.equal(await store.scans.getForAccount(id, b.id), undefined);
    assert.equal(await store.scans.get(randomUUID()), undefined);
  });

  it('lists history newest first with paging, status filter and total', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const b = await store.accounts.create(account());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await created(store, newScan(a.id, { createdAt: at(i) })));
    await created(store, newScan(b.id));
    assert.ok(await store.scans.markRunning(ids[1]!, at(10)));
    assert.ok(await store.scans.complete(ids[1]!, RESULT, at(11)));

    const page1 = await store.scans.list({ accountId: a.id, offset: 0, limit: 2 });
    assert.equal(page1.total, 5);
    assert.deepEqual(
      page1.scans.map((s) => s.id),
      [ids[4], ids[3]],
    );
    const page3 = await store.scans.list({ accountId: a.id, offset: 4, limit: 2 });
    assert.deepEqual(
      page3.scans.map((s) => s.id),
      [ids[0]],
    );
    const done = await store.scans.list({
      accountId: a.id,
      status: 'complete',
      offset: 0,
      limit: 10,
    });
    assert.equal(done.total, 1);
    assert.equal(done.scans[0]?.id, ids[1]);
    assert.deepEqual(done.scans[0]?.result, RESULT);
  });

  it('reports queue positions among queued scans, oldest first', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const first = await created(store, newScan(a.id, { createdAt: at(0) }));
    const second = await created(store, newScan(a.id, { createdAt: at(1) }));
    const third = await created(store, newScan(a.id, { createdAt: at(2) }));
    assert.equal(await store.scans.queuePosition(third), 3);
    assert.ok(await store.scans.markRunning(first, at(5)));
    assert.equal(await store.scans.queuePosition(first), undefined);
    assert.equal(await store.scans.queuePosition(second), 1);
    assert.equal(await store.scans.queuePosition(third), 2);
  });

  it('moves through queued, running, complete once; drops secrets and files', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const scan = newScan(a.id, { files: [{ path: 'f.json', bytes: new Uint8Array([1, 2]) }] });
    await created(store, scan);
    assert.equal(await store.scans.complete(scan.id, RESULT, at(1)), false, 'not running yet');
    assert.equal(await store.scans.markRunning(scan.id, at(1)), true);
    assert.equal(await store.scans.markRunning(scan.id, at(2)), false, 'a job may arrive twice');
    await store.scans.setProgress(scan.id, 'Listing tools');
    const running = await store.scans.get(scan.id);
    assert.equal(running?.status, 'running');
    assert.equal(running?.progress, 'Listing tools');
    assert.deepEqual(running?.startedAt, at(1));

    assert.equal(await store.scans.complete(scan.id, RESULT, at(3)), true);
    assert.equal(await store.scans.complete(scan.id, RESULT, at(4)), false);
    assert.equal(await store.scans.fail(scan.id, 'late', at(4)), false);
    const done = await store.scans.get(scan.id);
    assert.equal(done?.status, 'complete');
    assert.deepEqual(done?.result, RESULT);
    assert.deepEqual(done?.finishedAt, at(3));
    assert.deepEqual(done?.input, { type: 'mcp', url: 'https://mcp.example.test/mcp' });
    assert.deepEqual(await store.scans.files(scan.id), []);
  });

  it('fails queued or running scans with a message', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const queued = await created(store, newScan(a.id));
    assert.equal(await store.scans.fail(queued, 'Could not connect.', at(1)), true);
    const failed = await store.scans.get(queued);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.error, 'Could not connect.');
    assert.equal(failed?.result, null);
    assert.equal(failed?.input.type === 'mcp' && failed.input.authTokenCiphertext, undefined);
  });

  it('lists unfinished scans and requeues running ones with one more attempt', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const q = await created(store, newScan(a.id, { createdAt: at(0) }));
    const r = await created(store, newScan(a.id, { createdAt: at(1) }));
    const d = await created(store, newScan(a.id, { createdAt: at(2) }));
    await store.scans.markRunning(r, at(3));
    await store.scans.setProgress(r, 'half way');
    await store.scans.markRunning(d, at(3));
    await store.scans.complete(d, RESULT, at(4));
    assert.deepEqual(
      (await store.scans.listUnfinished()).map((s) => [s.id, s.status]),
      [
        [q, 'queued'],
        [r, 'running'],
      ],
    );
    await store.scans.requeue(r);
    const requeued = await store.scans.get(r);
    assert.equal(requeued?.status, 'queued');
    assert.equal(requeued?.attempts, 1);
    assert.equal(requeued?.startedAt, null);
    assert.equal(requeued?.progress, null);
  });

  it('returns recent durations by type, newest first', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    for (const [i, seconds] of [4, 6, 2].entries()) {
      const id = await created(store, newScan(a.id));
      await store.scans.markRunning(id, at(i * 100));
      await store.scans.complete(id, RESULT, at(i * 100 + seconds));
    }
    const upload = await created(
      store,
      newScan(a.id, { type: 'upload', input: { type: 'upload', files: ['a'] } }),
    );
    await store.scans.markRunning(upload, at(0));
    await store.scans.complete(upload, RESULT, at(9));
    assert.deepEqual(await store.scans.recentDurations('mcp', 20), [2000, 6000, 4000]);
    assert.deepEqual(await store.scans.recentDurations('mcp', 2), [2000, 6000]);
    assert.deepEqual(await store.scans.recentDurations('upload', 20), [9000]);
  });

  it('finds the account’s latest complete scan of a target, never another account’s', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const b = await store.accounts.create(account());
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await created(store, newScan(a.id));
      await store.scans.markRunning(id, at(i * 10));
      await store.scans.complete(id, RESULT, at(i * 10 + 1));
      ids.push(id);
    }
    const failed = await created(store, newScan(a.id));
    await store.scans.markRunning(failed, at(30));
    await store.scans.fail(failed, 'no', at(31));
    const other = await created(store, newScan(b.id));
    await store.scans.markRunning(other, at(40));
    await store.scans.complete(other, RESULT, at(41));
    const elsewhere = await created(
      store,
      newScan(a.id, { target: 'https://other.example.test/mcp' }),
    );
    await store.scans.markRunning(elsewhere, at(50));
    await store.scans.complete(elsewhere, RESULT, at(51));
    const current = await created(store, newScan(a.id));
    const target = 'https://mcp.example.test/mcp';
    assert.equal((await store.scans.latestComplete(a.id, 'mcp', target, current))?.id, ids[1]);
    assert.equal((await store.scans.latestComplete(a.id, 'mcp', target, ids[1]!))?.id, ids[0]);
    assert.equal((await store.scans.latestComplete(b.id, 'mcp', target, current))?.id, other);
    assert.equal(await store.scans.latestComplete(a.id, 'upload', target, current), undefined);
  });

  it('stores reports with their plan and expiry', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const id = await created(store, newScan(a.id));
    const report = {
      token: 'tok_' + randomUUID(),
      scanId: id,
      accountId: a.id,
      tier: 'enterprise' as const,
      createdAt: T0,
      expiresAt: at(86_400),
    };
    await store.reports.create(report);
    assert.deepEqual(await store.reports.get(report.token), report);
    assert.equal(await store.reports.get('missing'), undefined);
  });

  it('records webhook deliveries and attempts; lists the due ones', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const scanId = await created(store, newScan(a.id));
    const delivery = {
      id: randomUUID(),
      accountId: a.id,
      scanId,
      eventId: randomUUID(),
      url: 'https://hooks.example.test/p',
      body: '{"scan_id":"x"}',
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: at(0),
      lastError: null,
      createdAt: T0,
    };
    await store.webhooks.createDelivery(delivery);
    assert.deepEqual(await store.webhooks.getDelivery(delivery.id), delivery);
    assert.deepEqual(
      (await store.webhooks.listDue(at(1), 10)).map((d) => d.id),
      [delivery.id],
    );

    await store.webhooks.recordAttempt(
      {
        deliveryId: delivery.id,
        attempt: 1,
        at: at(1),
        statusCode: 500,
        error: null,
        durationMs: 12,
      },
      { status: 'pending', attempts: 1, nextAttemptAt: at(60), lastError: 'HTTP 500' },
    );
    assert.deepEqual(await store.webhooks.listDue(at(30), 10), []);
    assert.equal((await store.webhooks.listDue(at(60), 10)).length, 1);

    await store.webhooks.recordAttempt(
      {
        deliveryId: delivery.id,
        attempt: 2,
        at: at(60),
        statusCode: 204,
        error: null,
        durationMs: 8,
      },
      { status: 'delivered', attempts: 2, nextAttemptAt: null, lastError: null },
    );
    assert.deepEqual(await store.webhooks.listDue(at(999), 10), []);
    const stored = await store.webhooks.getDelivery(delivery.id);
    assert.equal(stored?.status, 'delivered');
    assert.equal(stored?.attempts, 2);
    const attempts = await store.webhooks.listAttempts(delivery.id);
    assert.deepEqual(
      attempts.map((x) => [x.attempt, x.statusCode, x.durationMs]),
      [
        [1, 500, 12],
        [2, 204, 8],
      ],
    );
  });

  it('keeps one webhook delivery per scan and lists ended scans that have none', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const done = await created(store, newScan(a.id));
    const notified = await created(store, newScan(a.id));
    const running = await created(store, newScan(a.id));
    for (const id of [done, notified, running]) await store.scans.markRunning(id, at(0));
    await store.scans.complete(done, RESULT, at(5));
    await store.scans.fail(notified, 'boom', at(6));
    const delivery = (scanId: string) => ({
      id: randomUUID(),
      accountId: a.id,
      scanId,
      eventId: randomUUID(),
      url: 'https://hooks.example.test/p',
      body: '{}',
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: at(6),
      lastError: null,
      createdAt: at(6),
    });
    assert.ok(await store.webhooks.createDelivery(delivery(notified)));
    assert.equal(
      await store.webhooks.createDelivery(delivery(notified)),
      undefined,
      'second is a no-op',
    );

    assert.deepEqual(
      (await store.webhooks.listDue(at(999), 10)).filter((d) => d.scanId === notified).length,
      1,
    );
    assert.deepEqual(
      (await store.scans.listEndedWithoutDelivery(at(0), 10)).map((x) => x.id),
      [done],
    );
    assert.deepEqual(await store.scans.listEndedWithoutDelivery(at(10), 10), []);
  });

  it('replaces a key and ends every console session of that account in one step', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const b = await store.accounts.create(account());
    const session = (accountId: string, tokenHash: string, expiresAt = at(3600)) => ({
      tokenHash,
      accountId,
      createdAt: at(0),
      expiresAt,
    });
    await store.sessions.create(session(a.id, 'a-1'));
    await store.sessions.create(session(a.id, 'a-2'));
    await store.sessions.create(session(b.id, 'b-1'));
    assert.equal((await store.sessions.find('a-1', at(10)))?.accountId, a.id);

    const rotated = await store.accounts.replaceKey(a.id, {
      apiKeyHash: 'rotated-hash',
      apiKeyCiphertext: 'rotated-cipher',
      apiKeyHint: 'pal_new1…new2',
    });
    assert.equal(rotated?.apiKeyHint, 'pal_new1…new2');
    assert.equal(await store.accounts.findByKeyHash(a.apiKeyHash), undefined, 'old key gone');
    assert.equal((await store.accounts.findByKeyHash('rotated-hash'))?.id, a.id);
    assert.equal(await store.sessions.find('a-1', at(10)), undefined);
    assert.equal(await store.sessions.find('a-2', at(10)), undefined);
    assert.equal((await store.sessions.find('b-1', at(10)))?.accountId, b.id, 'others stay');
    assert.equal(
      await store.accounts.replaceKey(randomUUID(), {
        apiKeyHash: 'x',
        apiKeyCiphertext: 'y',
        apiKeyHint: 'z',
      }),
      undefined,
    );
  });

  it('finds sessions until they expire, deletes them one by one or when expired', async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    await store.sessions.create({
      tokenHash: 's-1',
      accountId: a.id,
      createdAt: at(0),
      expiresAt: at(60),
    });
    await store.sessions.create({
      tokenHash: 's-2',
      accountId: a.id,
      createdAt: at(0),
      expiresAt: at(120),
    });
    await store.sessions.create({
      tokenHash: 's-3',
      accountId: a.id,
      createdAt: at(0),
      expiresAt: at(120),
    });
    assert.deepEqual(await store.sessions.find('s-1', at(59)), {
      tokenHash: 's-1',
      accountId: a.id,
      createdAt: at(0),
      expiresAt: at(60),
    });
    assert.equal(await store.sessions.find('s-1', at(60)), undefined, 'expired at its time');
    assert.equal(await store.sessions.deleteExpired(at(60)), 1);
    await store.sessions.delete('s-2');
    assert.equal(await store.sessions.find('s-2', at(0)), undefined);
    assert.equal((await store.sessions.find('s-3', at(0)))?.tokenHash, 's-3');
  });

  it("lists an account's recent deliveries and test events, newest first", async () => {
    const store = await makeStore();
    const a = await store.accounts.create(account());
    const other = await store.accounts.create(account());
    for (const [i, owner] of [a, a, other].entries()) {
      const scanId = await created(store, newScan(owner.id));
      await store.webhooks.createDelivery({
        id: randomUUID(),
        accountId: owner.id,
        scanId,
        eventId: randomUUID(),
        url: 'https://hooks.example.test/p',
        body: `{"n":${i}}`,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at(i),
        lastError: null,
        createdAt: at(i),
      });
    }
    const recent = await store.webhooks.listRecentForAccount(a.id, 10);
    assert.deepEqual(
      recent.map((d) => d.body),
      ['{"n":1}', '{"n":0}'],
    );
    assert.equal((await store.webhooks.listRecentForAccount(a.id, 1)).length, 1);

    for (const [i, error] of [null, 'HTTP 500'].entries()) {
      await store.webhooks.recordTestEvent({
        id: randomUUID(),
        accountId: a.id,
        url: 'https://hooks.example.test/p',
        at: at(100 + i),
        statusCode: error === null ? 204 : 500,
        error,
        durationMs: 12.4,
      });
    }
    const tests = await store.webhooks.listTestEvents(a.id, 10);
    assert.deepEqual(
      tests.map((t) => [t.statusCode, t.error, t.durationMs, t.at.toISOString()]),
      [
        [500, 'HTTP 500', 12, at(101).toISOString()],
        [204, null, 12, at(100).toISOString()],
      ],
    );
    assert.deepEqual(await store.webhooks.listTestEvents(other.id, 10), []);
  });
});
