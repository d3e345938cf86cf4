// Per-minute request limits: per account when a valid key is presented, else per client address.
// Every counted response carries the IETF httpapi draft headers, e.g.
//   RateLimit-Policy: "default";q=10;w=60
//   RateLimit: "default";r=7;t=42
// and a 429 `rate_limited` adds Retry-After. Health probes and metrics scrapes are not counted.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { isDocsRoute } from './auth.js';

const WINDOW_MS = 60_000;

export type RateLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createRateLimiter(deps: ServiceDeps): RateLimiter {
  const limit = deps.config.rateLimitPerMinute;
  const policy = `"default";q=${limit};w=${WINDOW_MS / 1000}`;

  return async (request, reply) => {
    if (request.routeOptions.config.skipRateLimit === true || isDocsRoute(request)) return;
    const key = request.account ? `account:${request.account.id}` : `ip:${request.ip}`;
    const nowMs = deps.clock().getTime();
    const { count, resetAtMs } = await deps.rateLimitStore.hit(key, WINDOW_MS, nowMs);
    const resetSeconds = Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
    const remaining = Math.max(0, limit - count);
    void reply.header('RateLimit-Policy', policy);
    void reply.header('RateLimit', `"default";r=${remaining};t=${resetSeconds}`);
    if (count > limit) {
      throw new AppError('rate_limited', {
        message: `Too many requests: the limit is ${limit} per minute. Retry after ${resetSeconds} seconds.`,
        headers: { 'Retry-After': String(resetSeconds) },
      });
    }
  };
}
