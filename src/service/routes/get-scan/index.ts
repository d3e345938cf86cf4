// GET /v1/scan/:scan_id: poll a scan (spec §4.3). Detail depends on the plan; shape on the variant.
// This is the hot path (clients poll): the body of a complete scan is rendered once per
// (scan, variant, plan) and reused, since a complete scan never changes.

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { LruCache } from '../../lru-cache.js';
import { presentScan } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { getScan, upgradeUrl } from '../../scans.js';
import { errorResponses, scanIdParams, variantQuery } from '../../schemas.js';

/** Clients polling an unfinished scan are told when to come back. */
const POLL_AFTER_SECONDS = '2';
const RENDERED_BODIES_MAX = 500;
/** Larger bodies are rendered per request rather than held in memory. */
const RENDERED_BODY_CHARS_MAX = 256 * 1024;

export function registerGetScanRoute(app: FastifyInstance, ctx: RouteContext): void {
  const upgrade = upgradeUrl(ctx.deps);
  const rendered = new LruCache<string, string>(RENDERED_BODIES_MAX);
  app.get<{ Params: { scan_id: string } }>(
    '/v1/scan/:scan_id',
    {
      schema: {
        summary: 'Get a scan',
        tags: ['scans'],
        params: scanIdParams,
        querystring: { type: 'object', properties: variantQuery },
        response: { 200: { $ref: 'Scan#' }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const variant = variantOf(request);
      const { scan, position } = await getScan(
        ctx.deps,
        account,
        request.params.scan_id,
        ctx.scanCache,
      );
      if (scan.status === 'queued' || scan.status === 'running') {
        void reply.header('Retry-After', POLL_AFTER_SECONDS);
      }
      const view = () =>
        presentScan(scan, { tier: account.tier, variant, upgradeUrl: upgrade }, position);
      if (scan.status !== 'complete') return view();

      const key = `${scan.id}|${variant}|${account.tier}`;
      let body = rendered.get(key);
      if (body === undefined) {
        // The route's response schema serialises it, so the cached text is exactly what it sends.
        const serialized = reply.serialize(view());
        body =
          typeof serialized === 'string'
            ? serialized
            : Buffer.from(serialized as ArrayBuffer).toString('utf8');
        if (body.length <= RENDERED_BODY_CHARS_MAX) rendered.set(key, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
