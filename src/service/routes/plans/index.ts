// GET /v1/plans: the plans, their quotas and features (public; the upgrade_url of quota errors
// and free-plan upgrade messages points here).

import type { FastifyInstance } from 'fastify';
import { TIERS } from '../../../store/port.js';
import { LISTED_FEATURES, MONTHLY_SCAN_QUOTA, planAllows } from '../../../plans.js';

export function registerPlansRoute(app: FastifyInstance): void {
  const body = {
    plans: TIERS.map((tier) => ({
      tier,
      scans_per_month: MONTHLY_SCAN_QUOTA[tier],
      finding_detail: planAllows(tier, 'finding-detail'),
      hipaa_mapping: planAllows(tier, 'hipaa-mapping'),
      features: LISTED_FEATURES.filter((f) => planAllows(tier, f)),
    })),
  };
  app.get(
    '/v1/plans',
    {
      config: { isPublic: true },
      schema: {
        summary: 'List plans',
        tags: ['account'],
        response: {
          200: {
            type: 'object',
            properties: {
              plans: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    tier: { type: 'string' },
                    scans_per_month: { type: 'integer' },
                    finding_detail: { type: 'boolean' },
                    hipaa_mapping: { type: 'boolean' },
                    features: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => body,
  );
}
