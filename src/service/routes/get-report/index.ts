// GET /v1/reports/:file: download a report PDF. Public: the unguessable token in the file name is
// the credential (so the link can be forwarded), and it expires after 24 hours (410).

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { renderReport } from '../../reports.js';
import { errorResponses } from '../../schemas.js';

export function registerGetReportRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.get<{ Params: { file: string } }>(
    '/v1/reports/:file',
    {
      config: { isPublic: true },
      schema: {
        summary: 'Download a PDF report',
        tags: ['reports'],
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 128 } },
        },
        produces: ['application/pdf'],
        response: {
          200: {
            description:
              'The PDF report, named palisade-<target>-<date>.pdf in Content-Disposition.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(404, 410),
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await renderReport(ctx.deps, request.params.file);
      return (
        reply
          .type('application/pdf')
          // reportFileName keeps to [A-Za-z0-9._-]: safe inside the quoted header value.
          .header('Content-Disposition', `inline; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .header('Referrer-Policy', 'no-referrer')
          .send(pdf)
      );
    },
  );
}
