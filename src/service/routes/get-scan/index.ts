// GET /v1/scan/:scan_id: poll a scan (spec §4.3). Detail depends on the plan; shape on the variant.
// This is the hot path (clients poll): the body of a complete scan is rendered once per
// (scan, variant, plan) and reused, since a complete scan never changes. `?wait=N` (0 to 30)
// holds the answer until the scan ends or N seconds pass (scan-wait.ts); it is one request for
// the rate limiter.

import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Account } from '../../../store/port.js';
import type { RouteContext } from '../../deps.js';
import { LruCache } from '../../lru-cache.js';
import { presentScan } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { WAIT_SECONDS_MAX, getScanWaiting } from '../../scan-wait.js';
import { getScan, upgradeUrl, type ScanWithPosition } from '../../scans.js';
import { errorResponses, scanIdParams, variantQuery } from '../../schemas.js';

/** Clients polling an unfinished scan are told when to come back. */
const POLL_AFTER_SECONDS = '2';
const RENDERED_BODIES_MAX = 500;
/** Larger bodies are rendered per request rather than held in memory. */
const RENDERED_BODY_CHARS_MAX = 256 * 1024;

export function registerGetScanRoute(app: FastifyInstance, ctx: RouteContext): void {
  const upgrade = upgradeUrl(ctx.deps);
  const rendered = new LruCache<string, string>(RENDERED_BODIES_MAX);
  // Waiting polls answer at once (with the current body) when the server begins to close.
  const waiting = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const controller of waiting) controller.abort();
  });
  app.get<{ Params: { scan_id: string }; Querystring: { wait?: number } }>(
    '/v1/scan/:scan_id',
    {
      schema: {
        summary: 'Get a scan',
        tags: ['scans'],
        params: scanIdParams,
        querystring: {
          type: 'object',
          properties: {
            ...variantQuery,
            wait: {
              type: 'integer',
              minimum: 0,
              maximum: WAIT_SECONDS_MAX,
              description:
                'Seconds (up to 30) to wait for the scan to end before answering: the answer comes ' +
                'as soon as it is complete or failed, else after the wait with the current body. ' +
                'Counts as one request for the rate limit.',
            },
          },
        },
        response: { 200: { $ref: 'Scan#' }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const variant = variantOf(request);
      const wait = request.query.wait ?? 0;
      const { scan, position } =
        wait > 0
          ? await waitForEnd(ctx, account, request.params.scan_id, wait, reply.raw, waiting)
          : await getScan(ctx.deps, account, request.params.scan_id, ctx.scanCache);
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

async function waitForEnd(
  ctx: RouteContext,
  account: Account,
  scanId: string,
  wait: number,
  response: ServerResponse,
  waiting: Set<AbortController>,
): Promise<ScanWithPosition> {
  const controller = new AbortController();
  // The client went away: stop reading the store for it.
  const onClose = () => controller.abort();
  response.once('close', onClose);
  waiting.add(controller);
  try {
    return await getScanWaiting(ctx.deps, account, scanId, wait, controller.signal, ctx.scanCache);
  } finally {
    waiting.delete(controller);
    response.off('close', onClose);
  }
}
