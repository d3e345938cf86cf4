// The plan policy: what each plan may do (spec §4, §8). One module answers "may this plan do X"
// for the service, the jobs and the console, so a gate is decided in one place and nowhere
// copied. It sits beside config.ts, below service/ and jobs/ (it imports only the store's types),
// so both may import it without breaking the layer rule (jobs never import the service).

import type { Tier } from './store/port.js';

export const MONTHLY_SCAN_QUOTA: Readonly<Record<Tier, number>> = {
  free: 3,
  developer: 15,
  pro: 50,
  team: 200,
  enterprise: 500,
};

const TIER_RANK: Readonly<Record<Tier, number>> = {
  free: 0,
  developer: 1,
  pro: 2,
  team: 3,
  enterprise: 4,
};

/** What a plan may be refused: scan history, PDF reports, scan-completion webhooks, a finding's
 *  description, remediation and evidence (`finding-detail`), and HIPAA mapping (in results and
 *  in the report's compliance section). */
export type Feature = 'history' | 'reports' | 'webhooks' | 'finding-detail' | 'hipaa-mapping';

/** The lowest plan that has each feature; every plan above it has it too. */
const FEATURE_MIN_TIER: Readonly<Record<Feature, Tier>> = {
  history: 'developer',
  reports: 'developer',
  webhooks: 'team',
  'finding-detail': 'developer',
  'hipaa-mapping': 'enterprise',
};

/** The features `GET /v1/plans` lists by name (finding detail and HIPAA mapping have fields of
 *  their own there), in the order it lists them. */
export const LISTED_FEATURES = ['history', 'reports', 'webhooks'] as const satisfies Feature[];

const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  history: 'Scan history',
  reports: 'PDF reports',
  webhooks: 'Webhooks',
  'finding-detail': 'Finding detail',
  'hipaa-mapping': 'HIPAA mapping',
};

/** Whether a plan may use a feature. */
export function planAllows(tier: Tier, feature: Feature): boolean {
  return TIER_RANK[tier] >= TIER_RANK[FEATURE_MIN_TIER[feature]];
}

/** Why a plan may not use a feature (a sentence for the account holder), or undefined if it may. */
export function planRefusal(tier: Tier, feature: Feature): string | undefined {
  if (planAllows(tier, feature)) return undefined;
  const lowest = FEATURE_MIN_TIER[feature];
  const plan = lowest.charAt(0).toUpperCase() + lowest.slice(1);
  return `${FEATURE_LABELS[feature]} requires the ${plan} plan or above; your plan is ${tier}.`;
}

/** The quota period of a moment: its calendar month in UTC, `YYYY-MM`. */
export function quotaPeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Start of the next quota period: the 1st of the next month, 00:00 UTC. */
export function quotaResetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
