// GET /v1/scans: scan history, newest first (spec §4.4). Paging by page/per_page (variant B) or
// limit/offset (variant A); page sizes above 100 are refused with a 400 rather than clamped, so a
// client never silently receives fewer rows than it asked for.

import type { FastifyInstance } from 'fastify';
import type { ScanStatus } from '../../../store/port.js';
import type { RouteContext } from '../../deps.js';
import { presentHistoryEntry } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { listScans } from '../../scans.js';
import { errorResponses, variantHeaders, variantQuery } from '../../schemas.js';

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

interface Query {
  page?: number;
  per_page?: number;
  limit?: number;
  offset?: number;
  status?: ScanStatus | 'completed';
}

export function pagingOf(query: Query): { offset: number; limit: number } {
  if (query.limit !== undefined || query.offset !== undefined) {
    return { offset: query.offset ?? 0, limit: query.limit ?? PAGE_SIZE_DEFAULT };
  }
  const perPage = query.per_page ?? PAGE_SIZE_DEFAULT;
  return { offset: ((query.page ?? 1) - 1) * perPage, limit: perPage };
}

export function registerListScansRoute(app: FastifyInstance, ctx: RouteContext): void {
  const pageSize = { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX } as const;
  app.get<{ Querystring: Query }>(
    '/v1/scans',
    {
      schema: {
        summary: 'List scan history',
        description: 'Developer plan and above. Newest first.',
        tags: ['scans'],
        headers: variantHeaders,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            per_page: pageSize,
            limit: pageSize,
            offset: { type: 'integer', minimum: 0, maximum: 100_000_000 },
            status: {
              type: 'string',
              enum: ['queued', 'running', 'complete', 'completed', 'failed'],
            },
            ...variantQuery,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['scans', 'page', 'per_page', 'total'],
            properties: {
              scans: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['scan_id', 'scan_type', 'status', 'target', 'created_at'],
                  properties: {
                    scan_id: { type: 'string' },
                    scan_type: { type: 'string', enum: ['mcp', 'upload'] },
                    status: { type: 'string' },
                    target: {
                      type: 'string',
                      description:
                        'The MCP server URL (no credentials; query values shown as …) or the file names.',
                    },
                    overall_score: { type: ['integer', 'null'] },
                    letter_grade: { type: ['string', 'null'] },
                    finding_count: { type: ['integer', 'null'] },
                    complete: {
                      type: ['boolean', 'null'],
                      description:
                        'False when the finished scan could not analyse everything (see its coverage); null until it has finished.',
                    },
                    created_at: { type: 'string', format: 'date-time' },
                    previous_scan_id: {
                      type: 'string',
                      description:
                        "Scans of an MCP URL: the account's previous completed scan of the same URL, which this scan was compared with (changes since then are `definition-changed` findings).",
                    },
                  },
                },
              },
              page: { type: 'integer' },
              per_page: { type: 'integer' },
              total: { type: 'integer' },
            },
          },
          ...errorResponses(400, 403),
        },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const variant = variantOf(request);
      const { offset, limit } = pagingOf(request.query);
      const status = request.query.status === 'completed' ? 'complete' : request.query.status;
      const { scans, total } = await listScans(ctx.deps, { account, status, offset, limit });
      return {
        scans: scans.map((scan) => presentHistoryEntry(scan, variant)),
        page: Math.floor(offset / limit) + 1,
        per_page: limit,
        total,
      };
    },
  );
}
