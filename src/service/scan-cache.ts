// The cache of complete scans, in a module of its own: the route context (deps.ts) holds one and
// the scan service (scans.ts) reads it, and neither need import the other for its type.

import type { Scan } from '../store/port.js';
import { LruCache } from './lru-cache.js';

/** Complete scans never change again, so polling them can skip the database. */
export type CompleteScanCache = LruCache<string, Scan>;

export function createCompleteScanCache(maxEntries = 500): CompleteScanCache {
  return new LruCache<string, Scan>(maxEntries);
}
