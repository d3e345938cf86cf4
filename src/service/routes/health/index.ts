// Operations: /healthz (the process is up), /readyz (the store answers), /metrics (Prometheus).
// Public and not rate-limited, so probes and scrapes never compete with clients.

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { AppError } from '../../errors.js';

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
} as const;

export function registerHealthRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const config = { isPublic: true, skipRateLimit: true };

  app.get(
    '/healthz',
    { config, schema: { tags: ['operations'], response: { 200: statusSchema } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    { config, schema: { tags: ['operations'], response: { 200: statusSchema } } },
    async () => {
      try {
        await ctx.deps.store.ping();
      } catch (cause) {
        throw new AppError('unavailable', { message: 'The database is not reachable.', cause });
      }
      return { status: 'ready' };
    },
  );

  app.get(
    '/metrics',
    { config, schema: { tags: ['operations'], hide: true } },
    async (_req, reply) => {
      const body = await ctx.metrics.registry.metrics();
      return reply.type(ctx.metrics.registry.contentType).send(body);
    },
  );
}
