// What the HTTP service needs: the runtime's pieces (store, queue, config, logger, clock, ids,
// master key) plus the rate-limit store, chosen by main.ts (in memory, or Redis at scale).

import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { ParsedCidr } from '../engine/net/address-policy.js';
import type { Queue } from '../queue/port.js';
import type { Store } from '../store/port.js';
import type { ServiceMetrics } from './plugins/observability.js';
import type { RateLimitStore } from './rate-limit.js';
import type { CompleteScanCache } from './scans.js';

export interface ServiceDeps {
  config: Readonly<Config>;
  store: Store;
  queue: Queue;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** Encrypts MCP auth tokens before they are stored with a scan. */
  masterKey: Buffer;
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
