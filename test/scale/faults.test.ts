// Issue 5 acceptance, part 2: faults with real processes on loopback, PostgreSQL and Redis.
// - kill -9 of a worker mid-scan: its scans end complete on the other worker after the expiry,
//   each exactly once (one webhook per scan), none stuck;
// - a webhook receiver that is down for the first attempts gets the delivery, signed, once up;
// - PostgreSQL sessions of every process terminated under load: no restart, no accepted scan lost.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { skipUnless, testDatabaseUrl, testRedisUrl } from '../support/external-services.js';
import { startMcpServer, type RunningServer } from '../support/mcp-servers.js';
import { freePort } from '../support/processes.js';
import { postJson, startCluster, type Cluster } from './cluster.js';
import {
  isValidSignature,
  startSlowTarget,
  until,
  webhookReceiver,
  type SlowTarget,
  type WebhookReceiver,
} from './helpers.js';

const EXPIRE_SECONDS = 6;
/** Each request to the slow target waits this long: a scan then takes a few seconds. */
const SLOW_TARGET_DELAY_MS = 600;

describe('scale-out: faults', { skip: skipUnless({ postgres: true, redis: true }) }, () => {
  let cluster: Cluster | undefined;
  let fast: RunningServer | undefined;
  let slow: SlowTarget | undefined;
  const receivers: WebhookReceiver[] = [];

  const allLogs = () =>
    cluster ? [...cluster.apis, ...cluster.workers].map((p) => cluster!.logsOf(p)).join('\n') : '';

  async function teamAccountWithWebhook(receiver: WebhookReceiver) {
    const c = cluster!;
    const account = await c.createAccount('team');
    const put = await postJson(
      c.apis[0]!.baseUrl!,
      '/v1/account/webhook',
      account.apiKey,
      { webhook_url: receiver.url },
      'PUT',
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    return account;
  }

  async function submit(apiKey: string, url: string, api = 0): Promise<string> {
    const c = cluster!;
    const response = await postJson(c.apis[api % c.apis.length]!.baseUrl!, '/v1/scan/mcp', apiKey, {
      url,
    }).catch((error: unknown) => {
      throw new Error(`submission failed: ${String(error)}\n${allLogs()}`);
    });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    return response.body.scan_id as string;
  }

  before(async () => {
    fast = await startMcpServer({ transport: 'streamable-http', toolCount: 5 });
    slow = await startSlowTarget(fast.url, SLOW_TARGET_DELAY_MS);
    cluster = await startCluster({
      databaseUrl: testDatabaseUrl!,
      redisUrl: testRedisUrl!,
      apis: 2,
      workers: 2,
      env: {
        PALISADE_SCAN_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
        PALISADE_RATE_LIMIT_PER_MINUTE: '10000',
        PALISADE_WORKER_CONCURRENCY: '4',
        PALISADE_WEBHOOK_RETRY_BASE_MS: '400',
      },
    });
  });

  after(async () => {
    await cluster?.stop();
    await Promise.allSettled(receivers.map((r) => r.close()));
    await slow?.close();
    await fast?.close();
  });

  it('kill -9 of a worker mid-scan: every scan ends complete on the other worker, once', async (t) => {
    const c = cluster!;
    const receiver = webhookReceiver(await freePort());
    receivers.push(receiver);
    await receiver.up();
    const { apiKey } = await teamAccountWithWebhook(receiver);

    const scanIds: string[] = [];
    for (let i = 0; i < 8; i += 1) scanIds.push(await submit(apiKey, slow!.url, i));

    // Wait until the victim is in the middle of at least one scan.
    const victim = c.workers[0]!;
    const startedOnVictim = () =>
      victim.logs
        .filter((l) => l.includes('"msg":"scan started"'))
        .map((l) => (JSON.parse(l) as { scanId: string }).scanId);
    await until(() => startedOnVictim().length > 0, 20_000, 'a scan on the first worker', allLogs);
    const killedAtMs = Date.now();
    await victim.kill9();
    const interrupted = [];
    for (const id of startedOnVictim()) {
      const scan = await c.store.scans.get(id);
      if (scan?.status === 'running') interrupted.push(id);
    }
    assert.ok(interrupted.length > 0, 'the kill landed while scans were running');

    // Expiry, then maintenance (at most expiry/4 later), then the retry delay, then the scan.
    const scans = await c.waitForScansToEnd(scanIds, (EXPIRE_SECONDS + 25) * 1000);
    const elapsedMs = Date.now() - killedAtMs;
    t.diagnostic(
      `${interrupted.length} scans interrupted by kill -9; all ${scanIds.length} complete ` +
        `${elapsedMs} ms after the kill (expiry ${EXPIRE_SECONDS} s)`,
    );
    assert.deepEqual(
      scans.map((s) => s.status),
      scanIds.map(() => 'complete'),
      `after ${elapsedMs} ms: ${JSON.stringify(scans.map((s) => [s.id, s.status, s.error]))}\n${allLogs()}`,
    );
    for (const id of interrupted) {
      const scan = scans.find((s) => s.id === id)!;
      assert.ok(scan.attempts >= 1, `scan ${id} was taken over (attempts ${scan.attempts})`);
      // The worker logs "scan ended" just after it stores the end, and its output reaches the
      // test through a pipe: wait for the line rather than read the logs at the instant the
      // store shows the scan complete.
      const survivor = c.workers[1]!;
      await until(
        () => survivor.logs.some((l) => l.includes(id) && l.includes('"msg":"scan ended"')),
        10_000,
        `scan ${id} to end on the surviving worker`,
        allLogs,
      );
    }

    // Exactly one completion per scan: one webhook each, signed with the account's key.
    await until(
      () => receiver.deliveries.length >= scanIds.length,
      20_000,
      'the webhooks',
      allLogs,
    );
    await sleep(1500);
    const delivered = receiver.deliveries.map((d) => JSON.parse(d.body) as { scan_id: string });
    assert.deepEqual(delivered.map((d) => d.scan_id).sort(), [...scanIds].sort());
    assert.ok(receiver.deliveries.every((d) => isValidSignature(d, apiKey)));

    // Back to two workers for the next tests.
    await c.addWorker('worker-3');
  });

  it('a webhook receiver down for the first attempts gets the signed delivery once it is back', async () => {
    const c = cluster!;
    const receiver = webhookReceiver(await freePort());
    receivers.push(receiver);
    const { apiKey } = await teamAccountWithWebhook(receiver);
    const scanId = await submit(apiKey, fast!.url);

    const failedAttempts = async () => {
      const rows = await c.query<{ n: string }>(
        `SELECT count(*) AS n FROM webhook_attempts a
           JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.scan_id = $1 AND a.error IS NOT NULL`,
        [scanId],
      );
      return Number(rows[0]?.n ?? 0);
    };
    await until(async () => (await failedAttempts()) >= 2, 30_000, 'two failed attempts', allLogs);
    await receiver.up();
    await until(() => receiver.deliveries.length > 0, 30_000, 'the delivery', allLogs);
    await sleep(1000);

    assert.equal(receiver.deliveries.length, 1);
    const delivery = receiver.deliveries[0]!;
    assert.ok(isValidSignature(delivery, apiKey), 'X-Palisade-Signature verifies with the key');
    const body = JSON.parse(delivery.body) as Record<string, unknown>;
    assert.equal(body.scan_id, scanId);
    assert.equal(body.status, 'complete');
    assert.equal(typeof body.overall_score, 'number');
    assert.equal(typeof body.letter_grade, 'string');
    assert.deepEqual(Object.keys(body.findings_count as object).sort(), [
      'critical',
      'high',
      'low',
      'medium',
    ]);
    const [row] = await c.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries WHERE scan_id = $1',
      [scanId],
    );
    assert.equal(row?.status, 'delivered');
    assert.ok(Number(row?.attempts) >= 3, `attempts ${row?.attempts}`);
  });

  it('database connections cut under load: processes recover without a restart, no accepted scan lost', async (t) => {
    const c = cluster!;
    const { apiKey } = await c.createAccount('enterprise');
    const pids = [...c.apis, ...c.workers].filter((p) => p.isRunning()).map((p) => p.pid);

    const accepted: string[] = [];
    const refused: number[] = [];
    const submitAndRecord = async (i: number) => {
      try {
        const response = await postJson(c.apis[i % 2]!.baseUrl!, '/v1/scan/mcp', apiKey, {
          url: i % 3 === 0 ? slow!.url : fast!.url,
        });
        if (response.status === 202) accepted.push(response.body.scan_id as string);
        else refused.push(response.status);
      } catch {
        refused.push(0);
      }
    };

    // Load: submissions keep coming while every session of every process is terminated, three
    // times, 400 ms apart.
    const load = (async () => {
      for (let i = 0; i < 30; i += 1) {
        await submitAndRecord(i);
        await sleep(50);
      }
    })();
    let terminated = 0;
    await sleep(500);
    for (let round = 0; round < 3; round += 1) {
      terminated += await c.cutDatabaseConnections();
      await sleep(400);
    }
    await load;
    assert.ok(terminated > 0, 'sessions were terminated');

    // Recovered without a restart: the same processes accept new scans.
    await sleep(1000);
    for (let i = 0; i < 4; i += 1) accepted.push(await submit(apiKey, fast!.url, i));
    const running = [...c.apis, ...c.workers].filter((p) => p.isRunning()).map((p) => p.pid);
    assert.deepEqual(running, pids, `no process died or was restarted\n${allLogs()}`);

    const scans = await c.waitForScansToEnd(accepted, (EXPIRE_SECONDS + 40) * 1000);
    const notComplete = scans.filter((s) => s.status !== 'complete');
    assert.equal(scans.length, accepted.length);
    assert.deepEqual(
      notComplete.map((s) => [s.id, s.status, s.error]),
      [],
      `terminated ${terminated} sessions; refused ${JSON.stringify(refused)}\n${allLogs()}`,
    );
    t.diagnostic(
      `terminated ${terminated} sessions; ${accepted.length} scans accepted and all complete; ` +
        `${refused.length} submissions refused during the cuts (${JSON.stringify(refused)})`,
    );
    for (const api of c.apis) {
      const ready = await fetch(`${api.baseUrl}/readyz`);
      assert.equal(ready.status, 200);
    }
  });
});
