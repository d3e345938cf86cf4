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
const NOW = 1_900_000_000_000;

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
    assert.equal(first.count, 1);
    assert.equal(second.count, 2);
    // The window opened at the first hit; Redis measures what is left of it.
    assert.ok(first.resetAtMs > NOW + WINDOW_MS - 1000 && first.resetAtMs <= NOW + WINDOW_MS);
    assert.ok(Math.abs(second.resetAtMs - 1000 - first.resetAtMs) < 1000);
  });

  it('opens a new window once the old one expires, and keeps keys apart', async () => {
    const store = newStore();
    const shortWindowMs = 150;
    await store.hit('acct-2', shortWindowMs, NOW);
    const same = await store.hit('acct-2', shortWindowMs, NOW);
    const other = await store.hit('acct-3', shortWindowMs, NOW);
    await new Promise((resolve) => setTimeout(resolve, shortWindowMs + 50));
    const next = await store.hit('acct-2', shortWindowMs, NOW + shortWindowMs + 50);
    assert.equal(same.count, 2);
    assert.equal(other.count, 1);
    assert.equal(next.count, 1);
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
    await store.hit('ttl', WINDOW_MS, Date.now());
    const { Redis } = await import('ioredis');
    const probe = new Redis(testRedisUrl!);
    try {
      const key = `${prefix}ttl:${WINDOW_MS}`;
      const ttlMs = await probe.pttl(key);
      assert.ok(ttlMs > 0 && ttlMs <= WINDOW_MS, `ttl ${ttlMs}`);
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
