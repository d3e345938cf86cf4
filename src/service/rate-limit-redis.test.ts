import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertRedisReachable,
  deleteRedisKeys,
  runId,
  skipUnless,
  testRedisUrl,
} from '../../test/support/external-services.js';
import { RedisRateLimitStore } from './rate-limit-redis.js';

const WINDOW_MS = 60_000;
// A fixed instant well inside a window, so the test never straddles a window boundary.
const NOW = 1_900_000_000_000 - (1_900_000_000_000 % WINDOW_MS) + 5_000;

describe('RedisRateLimitStore', { skip: skipUnless({ redis: true }) }, () => {
  const prefix = `palisade:test:${runId()}:rl:`;
  const stores: RedisRateLimitStore[] = [];

  function newStore(): RedisRateLimitStore {
    const store = new RedisRateLimitStore(testRedisUrl!, { keyPrefix: prefix });
    stores.push(store);
    return store;
  }

  before(async () => {
    await assertRedisReachable(testRedisUrl!);
  });

  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await deleteRedisKeys(testRedisUrl!, prefix);
  });

  it('counts hits in one window and reports when it resets', async () => {
    const store = newStore();
    await store.connect();
    const first = await store.hit('acct-1', WINDOW_MS, NOW);
    const second = await store.hit('acct-1', WINDOW_MS, NOW + 1000);
    assert.deepEqual(first, { count: 1, resetAtMs: NOW - 5_000 + WINDOW_MS });
    assert.equal(second.count, 2);
    assert.equal(second.resetAtMs, first.resetAtMs);
  });

  it('starts a new count in the next window and keeps keys apart', async () => {
    const store = newStore();
    await store.hit('acct-2', WINDOW_MS, NOW);
    await store.hit('acct-2', WINDOW_MS, NOW);
    const next = await store.hit('acct-2', WINDOW_MS, NOW + WINDOW_MS);
    const other = await store.hit('acct-3', WINDOW_MS, NOW);
    assert.equal(next.count, 1);
    assert.equal(other.count, 1);
  });

  it('is exact when several processes (clients) hit the same key at once', async () => {
    const a = newStore();
    const b = newStore();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).hit('shared', WINDOW_MS, NOW)),
    );
    const counts = results.map((r) => r.count).sort((x, y) => x - y);
    assert.deepEqual(
      counts,
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it('sets an expiry so counters never outlive their window', async () => {
    const store = newStore();
    const now = Date.now();
    await store.hit('ttl', WINDOW_MS, now);
    const { Redis } = await import('ioredis');
    const probe = new Redis(testRedisUrl!);
    try {
      const key = `${prefix}ttl:${Math.floor(now / WINDOW_MS)}`;
      const ttlMs = await probe.pttl(key);
      assert.ok(ttlMs > 0 && ttlMs <= WINDOW_MS + 1000, `ttl ${ttlMs}`);
    } finally {
      probe.disconnect();
    }
  });

  it('fails fast with a clear error when Redis is unreachable', async () => {
    const store = new RedisRateLimitStore('redis://127.0.0.1:1', { commandTimeoutMs: 500 });
    try {
      await assert.rejects(store.hit('x', WINDOW_MS, NOW));
    } finally {
      await store.close();
    }
  });
});
