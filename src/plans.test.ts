import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planAllows, planRefusal, type Feature } from './plans.js';
import { TIERS, type Tier } from './store/port.js';

/** Spec §4: which plans have each feature. */
const EXPECTED: Record<Feature, Tier[]> = {
  history: ['developer', 'pro', 'team', 'enterprise'],
  reports: ['developer', 'pro', 'team', 'enterprise'],
  webhooks: ['team', 'enterprise'],
  'finding-detail': ['developer', 'pro', 'team', 'enterprise'],
  'hipaa-mapping': ['enterprise'],
};

describe('plan policy', () => {
  for (const [feature, tiers] of Object.entries(EXPECTED) as [Feature, Tier[]][]) {
    it(`allows ${feature} on ${tiers.join(', ')} only`, () => {
      assert.deepEqual(
        TIERS.filter((tier) => planAllows(tier, feature)),
        tiers,
      );
    });
  }

  it('says which plan a refused feature needs', () => {
    assert.equal(
      planRefusal('pro', 'webhooks'),
      'Webhooks requires the Team plan or above; your plan is pro.',
    );
    assert.equal(
      planRefusal('free', 'history'),
      'Scan history requires the Developer plan or above; your plan is free.',
    );
    assert.equal(planRefusal('team', 'webhooks'), undefined);
  });
});
