// GET /v1/scan/:scan_id: poll a scan (spec §4.3). Detail depends on the plan; shape on the variant.

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { presentScan } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { getScan, upgradeUrl } from '../../scans.js';
import { errorResponses, scanIdParams, variantHeaders, variantQuery } from '../../schemas.js';

/** Clients polling an unfinished scan are told when to come back. */
const POLL_AFTER_SECONDS = '2';

export function registerGetScanRoute(app: FastifyInstance, ctx: RouteContext): void {
  const upgrade = upgradeUrl(ctx.deps);
  app.get<{ Params: { scan_id: string } }>(
    '/v1/scan/:scan_id',
    {
      schema: {
        summary: 'Get a scan',
        tags: ['scans'],
        params: scanIdParams,
        querystring: { type: 'object', properties: variantQuery },
        headers: variantHeaders,
        response: { 200: { $ref: 'Scan#' }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const variant = variantOf(request);
      const { scan, position } = await getScan(ctx.deps, account, request.params.scan_id);
      if (scan.status === 'queued' || scan.status === 'running') {
        void reply.header('Retry-After', POLL_AFTER_SECONDS);
      }
      return presentScan(scan, { tier: account.tier, variant, upgradeUrl: upgrade }, position);
    },
  );
}
