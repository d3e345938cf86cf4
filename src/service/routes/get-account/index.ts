// GET /v1/account: plan, this month's usage and the webhook setting (spec §4.6). The API key is
// shown shortened: the full key is only ever printed once, when it is created.

import type { FastifyInstance } from 'fastify';
import { getAccountSummary } from '../../accounts.js';
import type { RouteContext } from '../../deps.js';
import { requireAccount } from '../../request-context.js';
import { TIERS } from '../../../store/port.js';
import { errorResponses } from '../../schemas.js';

export function registerGetAccountRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.get(
    '/v1/account',
    {
      schema: {
        summary: 'Get account info',
        tags: ['account'],
        response: {
          200: {
            type: 'object',
            required: [
              'email',
              'tier',
              'api_key',
              'scans_used',
              'scans_limit',
              'resets_at',
              'webhook_url',
            ],
            properties: {
              email: { type: 'string' },
              tier: { type: 'string', enum: [...TIERS] },
              api_key: {
                type: 'string',
                description: 'Shortened form of the key, e.g. pal_abcd…wxyz.',
              },
              scans_used: { type: 'integer' },
              scans_limit: { type: 'integer' },
              resets_at: { type: 'string', format: 'date-time' },
              webhook_url: { type: ['string', 'null'] },
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const summary = await getAccountSummary(ctx.deps, requireAccount(request));
      return {
        email: summary.account.email,
        tier: summary.account.tier,
        api_key: summary.account.apiKeyHint,
        scans_used: summary.scansUsed,
        scans_limit: summary.scansLimit,
        resets_at: summary.resetsAt.toISOString(),
        webhook_url: summary.account.webhookUrl,
      };
    },
  );
}
