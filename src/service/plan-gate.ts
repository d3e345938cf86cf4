// The service's edge of the plan policy (src/plans.ts): a refused feature becomes the spec's
// `plan_required` error.

import { planRefusal, type Feature } from '../plans.js';
import type { Account } from '../store/port.js';
import { AppError } from './errors.js';

/** Throws `plan_required` unless the account's plan may use the feature. */
export function requireFeature(account: Account, feature: Feature): void {
  const refusal = planRefusal(account.tier, feature);
  if (refusal) throw new AppError('plan_required', { message: refusal });
}
