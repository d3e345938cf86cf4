// Plans: monthly quotas (spec §8), feature gates (spec §4) and the calendar-month quota period.

import type { Tier } from '../store/port.js';

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

export type Feature = 'history' | 'reports' | 'webhooks';

/** The lowest plan that has each gated feature. */
export const FEATURE_MIN_TIER: Readonly<Record<Feature, Tier>> = {
  history: 'developer',
  reports: 'developer',
  webhooks: 'team',
};

export function hasFeature(tier: Tier, feature: Feature): boolean {
  return TIER_RANK[tier] >= TIER_RANK[FEATURE_MIN_TIER[feature]];
}

/** The quota period of a moment: its calendar month in UTC, `YYYY-MM`. */
export function quotaPeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Start of the next quota period: the 1st of the next month, 00:00 UTC. */
export function quotaResetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
