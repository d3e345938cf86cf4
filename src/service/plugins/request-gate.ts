// The front of every request, in one hook (one hook is cheaper than four on the hot path):
// echo the request id and set the security headers → authenticate (resolve the account) → rate limit (per account, else per
// client address) → refuse protected routes without a valid key (401). Rate limiting comes before
// the 401 so that guessing keys is throttled per address.

import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { authenticate, requireAuthentication } from './auth.js';
import { createRateLimiter, registerRateLimitCounters } from './rate-limit.js';

export function registerRequestGate(app: FastifyInstance, deps: ServiceDeps): void {
  app.decorateRequest('account', null);
  registerRateLimitCounters(app, deps);
  const rateLimit = createRateLimiter(app, deps);
  app.addHook('onRequest', async (request, reply) => {
    // Responses carry account data: no caching by intermediaries, no content sniffing.
    void reply.headers({
      'X-Request-Id': request.id,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    await authenticate(deps, request);
    await rateLimit(request, reply);
    requireAuthentication(request);
  });
}
