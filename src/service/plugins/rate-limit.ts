// Per-minute request limits, counted by @fastify/rate-limit (ADR 0014): per account when a valid
// key is presented, else per client address. The counters live in the process, or in Redis when
// the runtime gives a client (PALISADE_REDIS_URL: shared by every API process; the window's end is
// then measured by Redis's clock alone). Every counted response carries the IETF httpapi draft
// headers, e.g.
//   RateLimit-Policy: "default";q=10;w=60
//   RateLimit: "default";r=7;t=42
// which the library does not write (it knows only the older draft's RateLimit-Limit/-Remaining/
// -Reset), and a 429 `rate_limited` adds Retry-After. Health probes and metrics are not counted.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { isDocsRoute } from './auth.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export type RateLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimitCount {
  limit: number;
  remaining: number;
  /** Seconds until the window ends, at least 1. */
  resetSeconds: number;
  isExceeded: boolean;
}

/** Counts one request under the key `keyOf(request)` gives. */
export type CountRequest = (request: FastifyRequest) => Promise<RateLimitCount>;

/**
 * Registers the counters once on the root instance (not encapsulated: the console's limiter
 * shares them). The library's own hooks stay off (`global: false`): the request gate counts.
 */
export function registerRateLimitCounters(app: FastifyInstance, deps: ServiceDeps): void {
  void app.register(rateLimit, {
    global: false,
    ...(deps.rateLimitRedis
      ? { redis: deps.rateLimitRedis, nameSpace: `${deps.config.redisKeyPrefix}rl:` }
      : {}),
  });
}

/**
 * A counter of `limit` requests per minute per key. The library's limiter exists once the plugin
 * has loaded, so it is made at the first request.
 */
export function createRequestCounter(
  app: FastifyInstance,
  limit: number,
  keyOf: (request: FastifyRequest) => string,
): CountRequest {
  let count: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (request) => {
    count ??= app.createRateLimit({
      max: limit,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      keyGenerator: keyOf,
    });
    const result = await count(request);
    if (result.isAllowed) throw new Error('no key is on the rate-limit allow list');
    return {
      limit: result.max,
      remaining: result.remaining,
      resetSeconds: Math.max(1, result.ttlInSeconds),
      isExceeded: result.isExceeded,
    };
  };
}

export function createRateLimiter(app: FastifyInstance, deps: ServiceDeps): RateLimiter {
  const limit = deps.config.rateLimitPerMinute;
  const policy = `"default";q=${limit};w=${RATE_LIMIT_WINDOW_MS / 1000}`;
  const count = createRequestCounter(app, limit, (request) =>
    request.account ? `account:${request.account.id}` : `ip:${request.ip}`,
  );

  return async (request, reply) => {
    if (request.routeOptions.config.skipRateLimit === true || isDocsRoute(request)) return;
    const { remaining, resetSeconds, isExceeded } = await count(request);
    void reply.header('RateLimit-Policy', policy);
    void reply.header('RateLimit', `"default";r=${remaining};t=${resetSeconds}`);
    if (isExceeded) {
      throw new AppError('rate_limited', {
        message: `Too many requests: the limit is ${limit} per minute. Retry after ${resetSeconds} seconds.`,
        headers: { 'Retry-After': String(resetSeconds) },
      });
    }
  };
}
