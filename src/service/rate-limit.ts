// The rate-limit port: a counter per key and fixed window. The in-memory adapter below serves one
// API process; the Redis adapter (rate-limit-redis.ts) shares counters across replicas.

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch ms). */
  resetAtMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<RateLimitHit>;
  close?(): Promise<void>;
}

interface Window {
  count: number;
  resetAtMs: number;
}

/**
 * Fixed windows kept in a Map. Expired windows are swept lazily (at most once per window length)
 * so the map cannot grow without bound under a stream of one-off client addresses.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private nextSweepAtMs = 0;

  async hit(key: string, windowMs: number, now: number): Promise<RateLimitHit> {
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (window === undefined || window.resetAtMs <= now) {
      window = { count: 0, resetAtMs: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAtMs: window.resetAtMs };
  }

  /** Number of live keys (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number, windowMs: number): void {
    if (now < this.nextSweepAtMs) return;
    this.nextSweepAtMs = now + windowMs;
    for (const [key, window] of this.windows) {
      if (window.resetAtMs <= now) this.windows.delete(key);
    }
  }
}
