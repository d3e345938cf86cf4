// The per-minute limits with their counters in Redis (@fastify/rate-limit's Redis store, the
// client chosen by runtime.ts): two API instances on one store and one Redis count as one, exactly,
// and a Redis outage fails the request fast. In-process counters: app.test.ts ("rate limits").

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import {
  assertRedisReachable,
  deleteRedisKeys,
  runId,
  skipUnless,
  testRedisUrl,
} from '../../../test/support/external-services.js';
import { json, startHarness, type Harness } from '../test-support/harness.js';

describe('rate limits counted in Redis', { skip: skipUnless({ redis: true }) }, () => {
  const prefix = `palisade:test:${runId()}:`;
  const harnesses: Harness[] = [];
  let a: Harness;
  let b: Harness;

  async function apiInstance(limit: number, shareWith?: Harness): Promise<Harness> {
    const h = await startHarness({
      worker: false,
      env: {
        PALISADE_RATE_LIMIT_PER_MINUTE: String(limit),
        PALISADE_REDIS_URL: testRedisUrl!,
        PALISADE_REDIS_KEY_PREFIX: prefix,
      },
      ...(shareWith ? { store: shareWith.runtime.store } : {}),
    });
    harnesses.push(h);
    return h;
  }

  before(async () => {
    await assertRedisReachable(testRedisUrl!);
    a = await apiInstance(10);
    b = await apiInstance(10, a);
  });

  after(async () => {
    for (const h of harnesses.reverse()) await h.close();
    await deleteRedisKeys(testRedisUrl!, prefix);
  });

  it('counts one budget per account across two API instances, with the draft headers', async () => {
    assert.ok(a.runtime.rateLimitRedis, 'runtime.ts chose Redis');
    const { headers } = await a.createAccount('pro');
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await (i % 2 === 0 ? a : b).app.inject({ url: '/v1/account', headers });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-policy'], '"default";q=10;w=60');
      const match = /^"default";r=(\d+);t=(\d+)$/.exec(String(response.headers.ratelimit));
      assert.ok(match, String(response.headers.ratelimit));
      remaining.push(Number(match[1]));
      assert.ok(Number(match[2]) >= 1 && Number(match[2]) <= 60);
    }
    assert.deepEqual(remaining, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const limited = await b.app.inject({ url: '/v1/account', headers });
    assert.equal(limited.statusCode, 429);
    assert.equal(json(limited).code, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  });

  it('keeps budgets apart: another account and another client address have their own', async () => {
    const first = await a.createAccount('pro');
    const second = await a.createAccount('free');
    for (let i = 0; i < 10; i++) {
      await a.app.inject({ url: '/v1/account', headers: first.headers });
    }
    assert.equal(
      (await b.app.inject({ url: '/v1/account', headers: first.headers })).statusCode,
      429,
    );
    assert.equal(
      (await b.app.inject({ url: '/v1/account', headers: second.headers })).statusCode,
      200,
    );
    // Without a key, per address (401 until the limit, then 429).
    const from = { remoteAddress: '198.51.100.20' };
    for (let i = 0; i < 10; i++) {
      assert.equal((await a.app.inject({ url: '/v1/account', ...from })).statusCode, 401);
    }
    assert.equal((await b.app.inject({ url: '/v1/account', ...from })).statusCode, 429);
    const other = { remoteAddress: '198.51.100.21' };
    assert.equal((await b.app.inject({ url: '/v1/account', ...other })).statusCode, 401);
  });

  it('is exact when both instances are hit at once', async () => {
    const x = await apiInstance(100);
    const y = await apiInstance(100, x);
    const { headers } = await x.createAccount('team');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? x : y).app.inject({ url: '/v1/account', headers }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, 100);
    assert.equal(codes.filter((c) => c === 429).length, 100);
  });

  it('gives every counter an expiry no longer than the window', async () => {
    const redis = new Redis(testRedisUrl!);
    try {
      const keys = await redis.keys(`${prefix}rl:*`);
      assert.ok(keys.length >= 3, `counters under ${prefix}rl: ${keys.length}`);
      for (const key of keys) {
        const ttlMs = await redis.pttl(key);
        assert.ok(ttlMs > 0 && ttlMs <= 60_000, `${key} expires in ${ttlMs} ms`);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('fails a request fast when Redis is unreachable, rather than letting it hang', async () => {
    const h = await startHarness({
      worker: false,
      env: { PALISADE_REDIS_URL: 'redis://127.0.0.1:1', PALISADE_REDIS_KEY_PREFIX: prefix },
    });
    harnesses.push(h);
    const { headers } = await h.createAccount('pro');
    const startedMs = Date.now();
    const response = await h.app.inject({ url: '/v1/account', headers });
    const elapsedMs = Date.now() - startedMs;
    assert.equal(response.statusCode, 500);
    assert.equal(json(response).code, 'internal');
    assert.ok(elapsedMs < 5000, `answered after ${elapsedMs} ms`);
  });
});
