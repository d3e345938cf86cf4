// POST /v1/scan/:scan_id/report: a PDF report link valid 24 hours (spec §4.5).

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { createReport, reportUrl } from '../../reports.js';
import { requireAccount } from '../../request-context.js';
import { errorResponses, scanIdParams } from '../../schemas.js';

export function registerCreateReportRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.post<{ Params: { scan_id: string } }>(
    '/v1/scan/:scan_id/report',
    {
      schema: {
        summary: 'Generate a PDF report',
        description:
          'Developer plan and above; the scan must be complete. The returned URL needs no API key ' +
          '(its token is the credential) and expires after 24 hours.',
        tags: ['reports'],
        params: scanIdParams,
        response: {
          200: {
            type: 'object',
            required: ['report_url', 'expires_at'],
            properties: {
              report_url: { type: 'string', format: 'uri' },
              expires_at: { type: 'string', format: 'date-time' },
            },
          },
          ...errorResponses(403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const report = await createReport(ctx.deps, account, request.params.scan_id);
      return reply.code(200).send({
        report_url: reportUrl(ctx.deps, report),
        expires_at: report.expiresAt.toISOString(),
      });
    },
  );
}
