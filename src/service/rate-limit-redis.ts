// Rate-limit counters in Redis, shared by every API process (PALISADE_REDIS_URL).
// A fixed window per key: one atomic INCR + PEXPIRE in a Lua script, so two API processes that
// count the same request minute never lose an increment and the key never outlives its window.

import { Redis } from 'ioredis';

/** Increments the window's counter; sets its expiry when the counter is new. Atomic in Redis. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count
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
  palisadeRateHit(key: string, ttlMs: number): Promise<number>;
};

export class RedisRateLimitStore {
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

  /**
   * Counts one request for `key` in the fixed window that contains `now` (ms since the epoch).
   * Windows are aligned on multiples of `windowMs`, so every process computes the same window
   * for the same instant (their clocks are assumed NTP-synchronised).
   */
  async hit(
    key: string,
    windowMs: number,
    now: number,
  ): Promise<{ count: number; resetAtMs: number }> {
    const window = Math.floor(now / windowMs);
    const resetAtMs = (window + 1) * windowMs;
    // The key lives until its window ends, plus a second of slack for clock differences.
    const ttlMs = Math.max(1, resetAtMs - now) + 1000;
    const count = await this.#redis.palisadeRateHit(`${this.#keyPrefix}${key}:${window}`, ttlMs);
    return { count: Number(count), resetAtMs };
  }

  async close(): Promise<void> {
    if (this.#redis.status === 'end' || this.#redis.status === 'wait') return;
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
