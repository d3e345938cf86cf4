// Issue 5 acceptance, part 1: two API and two worker processes on PostgreSQL and Redis. The
// monthly quota and the per-minute rate limit hold exactly across API processes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnless, testDatabaseUrl, testRedisUrl } from '../support/external-services.js';
import { startMcpServer, type RunningServer } from '../support/mcp-servers.js';
import { getJson, postJson, startCluster, type Cluster } from './cluster.js';

describe(
  'scale-out: quota and rate limits across API processes',
  { skip: skipUnless({ postgres: true, redis: true }) },
  () => {
    let cluster: Cluster | undefined;
    let target: RunningServer | undefined;

    before(async () => {
      target = await startMcpServer({ transport: 'streamable-http', toolCount: 3 });
      cluster = await startCluster({
        databaseUrl: testDatabaseUrl!,
        redisUrl: testRedisUrl!,
        apis: 2,
        workers: 2,
        env: { PALISADE_RATE_LIMIT_PER_MINUTE: '10' },
      });
    });

    after(async () => {
      await cluster?.stop();
      await target?.close();
    });

    it('50 simultaneous submissions on one free account over both APIs: exactly 3 accepted', async () => {
      const c = cluster!;
      const { accountId, apiKey } = await c.createAccount('free');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postJson(c.apis[i % 2]!.baseUrl!, '/v1/scan/mcp', apiKey, { url: target!.url }),
        ),
      );
      const accepted = responses.filter((r) => r.status === 202);
      const refused = responses.filter((r) => r.status === 429);
      assert.equal(accepted.length, 3, JSON.stringify(responses.map((r) => r.status)));
      assert.equal(refused.length, 47);
      // Both limits are shared: 10 requests pass the per-minute limit (40 `rate_limited`), and of
      // those the quota admits 3 (7 `quota_exceeded`), whichever API each request reached.
      const codes = refused.map((r) => r.body.code);
      assert.equal(codes.filter((c) => c === 'rate_limited').length, 40);
      assert.equal(codes.filter((c) => c === 'quota_exceeded').length, 7);
      const period = new Date().toISOString().slice(0, 7);
      assert.equal(await c.store.usage.used(accountId, period), 3);

      // The accepted scans run on the workers and end complete.
      const ids = accepted.map((r) => r.body.scan_id as string);
      const scans = await c.waitForScansToEnd(ids, 60_000);
      assert.deepEqual(
        scans.map((s) => s.status),
        ['complete', 'complete', 'complete'],
        c.workers.map((w) => c.logsOf(w)).join('\n'),
      );
    });

    it('11 requests within a minute over both APIs: exactly one 429', async () => {
      const c = cluster!;
      const { apiKey } = await c.createAccount('developer');
      const responses = await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          getJson(c.apis[i % 2]!.baseUrl!, '/v1/account', apiKey),
        ),
      );
      const limited = responses.filter((r) => r.status === 429);
      assert.equal(limited.length, 1, JSON.stringify(responses.map((r) => r.status)));
      assert.equal(responses.filter((r) => r.status === 200).length, 10);
      assert.equal(limited[0]!.body.code, 'rate_limited');
      const retryAfter = Number(limited[0]!.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    });

    it('keeps the counters in Redis under the deployment prefix', async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(testRedisUrl!);
      try {
        const keys = await redis.keys(`palisade:test:${cluster!.id}:rl:*`);
        assert.ok(keys.length >= 2, `keys: ${keys.join(', ')}`);
      } finally {
        redis.disconnect();
      }
    });

    it('stops every process gracefully on SIGTERM', async () => {
      const c = cluster!;
      const codes = await Promise.all([...c.apis, ...c.workers].map((p) => p.stop(25_000)));
      assert.deepEqual(
        codes,
        codes.map(() => 0),
        [...c.apis, ...c.workers].map((p) => c.logsOf(p)).join('\n'),
      );
    });
  },
);
