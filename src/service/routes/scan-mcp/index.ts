// POST /v1/scan/mcp: submit a live MCP server for scanning (spec §4.1).

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { presentSubmission } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { checkIdempotencyKey, submitMcpScan } from '../../scans.js';
import { errorResponses, variantQuery } from '../../schemas.js';

interface Body {
  url: string;
  auth_token?: string | null;
}

export function registerScanMcpRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.post<{ Body: Body }>(
    '/v1/scan/mcp',
    {
      schema: {
        summary: 'Submit an MCP server scan',
        description:
          'Queues a scan of a live MCP server (Streamable HTTP or HTTP+SSE). Private and reserved ' +
          'addresses are refused. Send Idempotency-Key to make retries safe: the same key returns ' +
          'the same scan without a second quota debit.',
        tags: ['scans'],
        querystring: { type: 'object', properties: variantQuery },
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2048 },
            auth_token: { type: ['string', 'null'], maxLength: 8192 },
          },
        },
        response: {
          202: { $ref: 'Submission#' },
          ...errorResponses(400, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      // Resolved first: a bad variant must be refused before anything is debited.
      const variant = variantOf(request);
      const result = await submitMcpScan(ctx.deps, ctx.allowlist, {
        account,
        url: request.body.url,
        authToken: request.body.auth_token,
        idempotencyKey: checkIdempotencyKey(request.headers['idempotency-key']),
      });
      if (!result.replayed) ctx.metrics.scansSubmitted.inc({ scan_type: 'mcp' });
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply
        .code(202)
        .header('Location', `/v1/scan/${result.scan.id}`)
        .send(presentSubmission(result.scan, variant, result.estimatedSeconds));
    },
  );
}
