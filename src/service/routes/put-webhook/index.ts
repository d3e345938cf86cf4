// PUT /v1/account/webhook: set or clear (null) the scan-completion webhook (spec §4.7, Team+).

import type { FastifyInstance } from 'fastify';
import { WEBHOOK_URL_MAX_CHARS, setWebhookUrl } from '../../accounts.js';
import type { RouteContext } from '../../deps.js';
import { requireAccount } from '../../request-context.js';
import { errorResponses } from '../../schemas.js';

export function registerPutWebhookRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.put<{ Body: { webhook_url: string | null } }>(
    '/v1/account/webhook',
    {
      schema: {
        summary: 'Set the webhook URL',
        description:
          'Team plan and above. http(s) only; private and reserved addresses are refused (and ' +
          're-checked at each delivery). null clears the webhook. Deliveries are signed: ' +
          'X-Palisade-Signature = hex HMAC-SHA256 of the raw body keyed with your API key.',
        tags: ['account'],
        body: {
          type: 'object',
          required: ['webhook_url'],
          additionalProperties: false,
          properties: {
            webhook_url: { type: ['string', 'null'], maxLength: WEBHOOK_URL_MAX_CHARS + 1 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['webhook_url'],
            properties: { webhook_url: { type: ['string', 'null'] } },
          },
          ...errorResponses(400, 403, 415),
        },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const webhookUrl = await setWebhookUrl(
        ctx.deps,
        ctx.allowlist,
        account,
        request.body.webhook_url,
      );
      return { webhook_url: webhookUrl };
    },
  );
}
