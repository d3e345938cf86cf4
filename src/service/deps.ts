// What the HTTP service needs: the runtime's pieces (store, queue, config, logger, clock, ids,
// master key) and, when runtime.ts chose Redis for them, the client of the shared rate-limit
// counters.

import type { Redis } from 'ioredis';
import type { ParsedCidr } from '../engine/light.js';
import type { JobDeps } from '../jobs/deps.js';
import type { ServiceMetrics } from './plugins/observability.js';
import type { CompleteScanCache } from './scan-cache.js';

export interface ServiceDeps extends Omit<JobDeps, 'engine'> {
  /** Shared rate-limit counters (PALISADE_REDIS_URL); without it each process counts alone. */
  rateLimitRedis?: Redis;
}

/** What every route receives: the dependencies plus values computed once at build time. */
export interface RouteContext {
  deps: ServiceDeps;
  /** PALISADE_TARGET_ALLOWLIST, parsed once. */
  allowlist: readonly ParsedCidr[];
  metrics: ServiceMetrics;
  /** Complete scans (immutable) kept in memory for cheap polling. */
  scanCache: CompleteScanCache;
}
