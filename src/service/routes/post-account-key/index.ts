// POST /v1/account/key: a new API key, returned once (spec §5: "Generating a new key revokes the
// old key immediately"). The old key is refused from the very next request, and every console
// session of the account ends.

import type { FastifyInstance } from 'fastify';
import { rotateKey } from '../../accounts.js';
import type { RouteContext } from '../../deps.js';
import { requireAccount } from '../../request-context.js';
import { errorResponses } from '../../schemas.js';

export function registerPostAccountKeyRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.post(
    '/v1/account/key',
    {
      schema: {
        summary: 'Generate a new API key',
        description:
          'Returns the new key once; it is not shown again (GET /v1/account shows a shortened ' +
          'form). The old key stops working immediately and console sessions are signed out. ' +
          'No request body. Later webhook deliveries are signed with the new key.',
        tags: ['account'],
        response: {
          200: {
            type: 'object',
            required: ['api_key', 'api_key_hint'],
            properties: {
              api_key: { type: 'string', description: 'The new key, in full. Store it now.' },
              api_key_hint: { type: 'string', description: 'Its shortened display form.' },
            },
          },
          ...errorResponses(415),
        },
      },
    },
    async (request) => {
      const rotated = await rotateKey(ctx.deps, requireAccount(request));
      return { api_key: rotated.apiKey, api_key_hint: rotated.account.apiKeyHint };
    },
  );
}
