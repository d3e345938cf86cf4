// GET /v1/plans: the plans, their quotas and features (public; the upgrade_url of quota errors
// and free-plan upgrade messages points here).

import type { FastifyInstance } from 'fastify';
import { TIERS } from '../../../store/port.js';
import { FEATURE_MIN_TIER, MONTHLY_SCAN_QUOTA, hasFeature } from '../../plans.js';

export function registerPlansRoute(app: FastifyInstance): void {
  const features = Object.keys(FEATURE_MIN_TIER) as (keyof typeof FEATURE_MIN_TIER)[];
  const body = {
    plans: TIERS.map((tier) => ({
      tier,
      scans_per_month: MONTHLY_SCAN_QUOTA[tier],
      finding_detail: tier !== 'free',
      hipaa_mapping: tier === 'enterprise',
      features: features.filter((f) => hasFeature(tier, f)),
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
