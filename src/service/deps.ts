// What the HTTP service needs: the runtime's pieces (store, queue, config, logger, clock, ids,
// master key) plus the rate-limit store, chosen by main.ts (in memory, or Redis at scale).

import type { ParsedCidr } from '../engine/light.js';
import type { JobDeps } from '../jobs/deps.js';
import type { ServiceMetrics } from './plugins/observability.js';
import type { RateLimitStore } from './rate-limit.js';
import type { CompleteScanCache } from './scan-cache.js';

export interface ServiceDeps extends Omit<JobDeps, 'engine'> {
  rateLimitStore: RateLimitStore;
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
