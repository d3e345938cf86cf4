import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { makeTestRuntime, type TestRuntime } from '../../test/support/runtime.js';
import { score } from '../engine/index.js';
import type { Finding } from '../engine/types.js';
import { verifyStandardWebhook, verifyWebhookSignature } from '../security/index.js';
import type { Account } from '../store/port.js';
import { createAccount, rotateApiKey } from './accounts.js';
import {
  deliverWebhook,
  END_OF_TIME,
  notifyScanEnded,
  retryDelayMs,
  WEBHOOK_USER_AGENT,
} from './deliver-webhook.js';
import { startWorker } from '../runtime.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver on loopback whose answers the test scripts, one per request. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answers: ((res: ServerResponse) => void)[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const answers: ((res: ServerResponse) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift() ?? ((r: ServerResponse) => r.writeHead(204).end());
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/palisade`,
    received,
    answers,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const FINDING: Finding = {
  ruleId: 'tool-hidden-instructions',
  idPrefix: 'TP',
  title: 'Hidden instructions in a tool description',
  severity: 'critical',
  confidence: 'high',
  owasp: 'LLM01',
  description: 'd',
  remediation: 'r',
  evidence: [],
  hipaa: [],
  soc2: [],
  monitorCandidate: false,
};

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function completedScanFor(t: TestRuntime, account: Account): Promise<string> {
  const { store, clock, newId } = t.runtime;
  const id = newId();
  await store.scans.createWithQuota(
    {
      id,
      accountId: account.id,
      type: 'mcp',
      target: 'https://mcp.example.test/mcp',
      input: { type: 'mcp', url: 'https://mcp.example.test/mcp' },
      idempotencyKey: null,
      createdAt: clock(),
    },
    { period: '2026-03', limit: 100 },
  );
  await store.scans.markRunning(id, clock());
  const findings = [FINDING, { ...FINDING, severity: 'low' as const }];
  await store.scans.complete(
    id,
    {
      ...score(findings),
      findings,
      target: 'https://mcp.example.test/mcp',
      stats: { tools: 1, prompts: 0, resources: 0, files: 0, durationMs: 5 },
    },
    clock(),
  );
  return id;
}

async function teamAccount(
  t: TestRuntime,
  webhookUrl: string,
): Promise<{ account: Account; apiKey: string }> {
  const created = await createAccount(t.runtime, {
    email: `${t.runtime.newId()}@example.test`,
    tier: 'team',
  });
  const account = await t.runtime.store.accounts.update(created.account.id, { webhookUrl });
  return { account: account!, apiKey: created.apiKey };
}

async function deliveryFor(t: TestRuntime, scanId: string) {
  return waitFor(async () => {
    const all = await t.runtime.store.webhooks.listDue(END_OF_TIME, 1000);
    const pending = all.find((d) => d.scanId === scanId);
    if (pending) return pending;
    return undefined;
  });
}

describe('webhook delivery', () => {
  let t: TestRuntime;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    t = await makeTestRuntime({ env: { PALISADE_WEBHOOK_MAX_ATTEMPTS: '3' } });
    await startWorker(t.runtime);
  });
  after(() => t.cleanup());
  afterEach(async () => {
    await receiver?.close();
  });

  it('posts the signed body; the signatures verify with the API key', async () => {
    receiver = await startReceiver();
    const { account, apiKey } = await teamAccount(t, receiver.url);
    const scanId = await completedScanFor(t, account);
    await notifyScanEnded(t.runtime, scanId);
    const got = await waitFor(async () => receiver.received[0]);

    assert.equal(got.path, '/hooks/palisade');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['user-agent'], WEBHOOK_USER_AGENT);
    const signature = got.headers['x-palisade-signature'];
    assert.equal(typeof signature, 'string');
    assert.equal(verifyWebhookSignature(got.body, signature as string, apiKey), true);
    assert.equal(
      verifyStandardWebhook(
        {
          id: got.headers['webhook-id'] as string,
          timestamp: got.headers['webhook-timestamp'] as string,
          signature: got.headers['webhook-signature'] as string,
        },
        got.body,
        apiKey,
        Math.floor(Date.now() / 1000),
      ),
      true,
    );

    const body = JSON.parse(got.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), [
      'complete',
      'created_at',
      'event_id',
      'findings_count',
      'letter_grade',
      'not_analysed',
      'overall_score',
      'scan_id',
      'status',
    ]);
    assert.equal(body.scan_id, scanId);
    assert.equal(body.status, 'complete');
    assert.equal(body.letter_grade, 'F');
    assert.deepEqual(body.findings_count, { critical: 1, high: 0, medium: 0, low: 1 });
    assert.equal(body.complete, true);
    assert.deepEqual(body.not_analysed, []);
    assert.equal(got.headers['webhook-id'], body.event_id);

    const delivery = await waitFor(async () => {
      const all = await t.runtime.store.webhooks.listDue(END_OF_TIME, 1000);
      if (all.some((d) => d.scanId === scanId)) return undefined;
      return true;
    });
    assert.ok(delivery);
    assert.ok(!t.rawLogs().includes(apiKey), 'the key is never logged');
    assert.ok(!t.rawLogs().includes('/hooks/palisade'), 'only the receiver origin is logged');
  });

  it('retries after a 500 and records each attempt', async () => {
    receiver = await startReceiver();
    receiver.answers.push((res) => res.writeHead(500).end('oops'));
    const { account } = await teamAccount(t, receiver.url);
    const scanId = await completedScanFor(t, account);
    await notifyScanEnded(t.runtime, scanId);
    await waitFor(async () => (receiver.received.length >= 2 ? true : undefined));
    // The receiver answers before the attempt is recorded: wait for the record, don't race it.
    await waitFor(async () => {
      const pending = await t.runtime.store.webhooks.listDue(END_OF_TIME, 1000);
      return pending.some((d) => d.scanId === scanId) ? undefined : true;
    });
    const deliveryId = (
      t.logs().find((l) => l.scanId === scanId && l.msg === 'webhook attempt') as {
        deliveryId: string;
      }
    ).deliveryId;
    const attempts = await waitFor(async () => {
      const list = await t.runtime.store.webhooks.listAttempts(deliveryId);
      return list.length === 2 ? list : undefined;
    });
    assert.deepEqual(
      attempts.map((a) => [a.attempt, a.statusCode, a.error]),
      [
        [1, 500, 'HTTP 500'],
        [2, 204, null],
      ],
    );
    const delivery = await t.runtime.store.webhooks.getDelivery(deliveryId);
    assert.equal(delivery?.status, 'delivered');
    // Same event, same body, on every attempt.
    assert.equal(receiver.received[0]?.body, receiver.received[1]?.body);
  });

  it('does not follow redirects', async () => {
    receiver = await startReceiver();
    const redirect = (res: ServerResponse) =>
      res.writeHead(302, { location: receiver.url.replace('/hooks/palisade', '/elsewhere') }).end();
    receiver.answers.push(redirect, redirect, redirect);
    const { account } = await teamAccount(t, receiver.url);
    const scanId = await completedScanFor(t, account);
    await notifyScanEnded(t.runtime, scanId);
    const failed = await waitFor(async () => {
      const lines = t.logs().filter((l) => l.scanId === scanId && l.msg === 'webhook attempt');
      return lines.some((l) => l.outcome === 'failed') ? lines : undefined;
    });
    assert.equal(failed.length, 3, 'gave up after webhookMaxAttempts');
    assert.ok(receiver.received.every((r) => r.path === '/hooks/palisade'));
    const deliveryId = failed[0]!.deliveryId as string;
    const delivery = await t.runtime.store.webhooks.getDelivery(deliveryId);
    assert.equal(delivery?.status, 'failed');
    assert.match(delivery?.lastError ?? '', /redirects are not followed/);
  });

  it('signs later attempts with a rotated key', async () => {
    // Driven by hand (no worker) so the rotation lands between the two attempts.
    const manual = await makeTestRuntime();
    receiver = await startReceiver();
    receiver.answers.push((res) => res.writeHead(503).end());
    try {
      const { account, apiKey: oldKey } = await teamAccount(manual, receiver.url);
      const scanId = await completedScanFor(manual, account);
      await notifyScanEnded(manual.runtime, scanId);
      const delivery = await deliveryFor(manual, scanId);
      await deliverWebhook(manual.runtime, delivery.id);
      const first = receiver.received[0]!;
      assert.equal(
        verifyWebhookSignature(first.body, first.headers['x-palisade-signature'] as string, oldKey),
        true,
      );
      const rotated = await rotateApiKey(manual.runtime, account.id);
      await new Promise((r) => setTimeout(r, 25)); // past the first retry delay (base 20 ms)
      await deliverWebhook(manual.runtime, delivery.id);
      const second = receiver.received[1]!;
      const signature = second.headers['x-palisade-signature'] as string;
      assert.equal(verifyWebhookSignature(second.body, signature, rotated!.apiKey), true);
      assert.equal(verifyWebhookSignature(second.body, signature, oldKey), false);
      assert.equal(
        (await manual.runtime.store.webhooks.getDelivery(delivery.id))?.status,
        'delivered',
      );
    } finally {
      await manual.cleanup();
    }
  });
});

describe('webhook delivery to a blocked address', () => {
  it('refuses private receivers without the allowlist and never connects', async () => {
    const t = await makeTestRuntime({
      env: { PALISADE_TARGET_ALLOWLIST: '', PALISADE_WEBHOOK_MAX_ATTEMPTS: '1' },
    });
    const receiver = await startReceiver();
    try {
      const { account } = await teamAccount(t, receiver.url);
      const scanId = await completedScanFor(t, account);
      await notifyScanEnded(t.runtime, scanId);
      const delivery = await deliveryFor(t, scanId);
      await deliverWebhook(t.runtime, delivery.id);
      const after = await t.runtime.store.webhooks.getDelivery(delivery.id);
      assert.equal(after?.status, 'failed');
      assert.match(after?.lastError ?? '', /private|not allowed|blocked/i);
      assert.deepEqual(receiver.received, []);
      const [attempt] = await t.runtime.store.webhooks.listAttempts(delivery.id);
      assert.equal(attempt?.statusCode, null);
    } finally {
      await receiver.close();
      await t.cleanup();
    }
  });
});

describe('webhook delivery without a readable signing key', () => {
  it('records a failed delivery instead of crashing, and sends nothing unsigned', async () => {
    const t = await makeTestRuntime();
    const receiver = await startReceiver();
    try {
      const { account } = await teamAccount(t, receiver.url);
      const scanId = await completedScanFor(t, account);
      await notifyScanEnded(t.runtime, scanId);
      await t.runtime.store.accounts.update(account.id, { apiKeyCiphertext: 'v1:AAAA:BBBB:CCCC' });
      const delivery = await deliveryFor(t, scanId);
      await deliverWebhook(t.runtime, delivery.id);
      const stored = await t.runtime.store.webhooks.getDelivery(delivery.id);
      assert.equal(stored?.status, 'failed');
      assert.match(stored?.lastError ?? '', /could not be signed/);
      assert.deepEqual(receiver.received, []);
    } finally {
      await receiver.close();
      await t.cleanup();
    }
  });
});

describe('failed-scan webhook body and retry delays', () => {
  it('describes a failed scan with its error', async () => {
    const t = await makeTestRuntime();
    try {
      const { account } = await teamAccount(t, 'https://hooks.example.test/p');
      const { store, clock, newId } = t.runtime;
      const id = newId();
      await store.scans.createWithQuota(
        {
          id,
          accountId: account.id,
          type: 'mcp',
          target: 'https://x.example.test/mcp',
          input: { type: 'mcp', url: 'https://x.example.test/mcp' },
          idempotencyKey: null,
          createdAt: clock(),
        },
        { period: '2026-03', limit: 10 },
      );
      await store.scans.fail(id, 'The MCP server refused the connection.', clock());
      await notifyScanEnded(t.runtime, id);
      const delivery = await deliveryFor(t, id);
      const body = JSON.parse(delivery.body) as Record<string, unknown>;
      assert.deepEqual(Object.keys(body).sort(), [
        'created_at',
        'error',
        'event_id',
        'scan_id',
        'status',
      ]);
      assert.equal(body.status, 'failed');
      assert.equal(body.error, 'The MCP server refused the connection.');
    } finally {
      await t.cleanup();
    }
  });

  it('grow exponentially with full jitter and a cap', () => {
    assert.equal(
      retryDelayMs(1, 30_000, () => 0.999999),
      29_999,
    );
    assert.equal(
      retryDelayMs(3, 30_000, () => 0.5),
      60_000,
    );
    assert.equal(
      retryDelayMs(5, 30_000, () => 0),
      0,
    );
    assert.equal(
      retryDelayMs(30, 30_000, () => 0.5),
      3 * 60 * 60 * 1000,
      'capped at 6 h',
    );
  });
});
