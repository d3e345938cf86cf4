// Rate-limit counters in Redis, shared by every API process (PALISADE_REDIS_URL).
// A fixed window per key that opens at the key's first request, like the in-memory adapter: one
// Lua script does INCR, sets the expiry on a new counter and reads the time left, atomically, so
// two API processes counting the same account never lose an increment, the counter never outlives
// its window, and the window's end is measured by Redis's clock alone (API hosts may disagree).

import { Redis } from 'ioredis';
import type { RateLimitHit, RateLimitStore } from './rate-limit.js';

/** Returns { count, ms left in the window }. A counter without expiry (never expected) gets one. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

export interface RedisRateLimitOptions {
  /** Key prefix; tests give each run its own so they can delete their keys afterwards. */
  keyPrefix?: string;
  /** How long one command may wait for Redis before the hit fails. */
  commandTimeoutMs?: number;
  /** Connection errors (ioredis reconnects by itself); without a listener they would crash. */
  onConnectionError?: (error: Error) => void;
}

export const DEFAULT_KEY_PREFIX = 'palisade:rl:';

type RedisWithHit = Redis & {
  palisadeRateHit(key: string, windowMs: number): Promise<[number, number]>;
};

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisWithHit;
  readonly #keyPrefix: string;

  constructor(redisUrl: string, options: RedisRateLimitOptions = {}) {
    this.#keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    const redis = new Redis(redisUrl, {
      // A request must not hang on a Redis outage: fail it fast and let the caller decide.
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      connectTimeout: 5000,
      enableOfflineQueue: true,
      lazyConnect: true,
    });
    redis.on('error', options.onConnectionError ?? (() => undefined));
    redis.defineCommand('palisadeRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.#redis = redis as RedisWithHit;
  }

  /** Connects now, so a wrong URL stops the process at start rather than at the first request. */
  async connect(): Promise<void> {
    if (this.#redis.status === 'wait') await this.#redis.connect();
    await this.#redis.ping();
  }

  /** Counts one request for `key` in its current window (the key's counter is `<prefix><key>:<windowMs>`). */
  async hit(key: string, windowMs: number, now: number): Promise<RateLimitHit> {
    const [count, ttlMs] = await this.#redis.palisadeRateHit(
      `${this.#keyPrefix}${key}:${windowMs}`,
      windowMs,
    );
    return { count: Number(count), resetAtMs: now + Number(ttlMs) };
  }

  async close(): Promise<void> {
    if (this.#redis.status === 'end' || this.#redis.status === 'wait') return;
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
