// How the learned classifier's threshold was chosen (docs/adr/0020): every training set left out
// in turn and the real servers in five folds, as `npm run eval` does (one routine,
// `leaveEachOut`), read at several thresholds. Measured-only sets are not read.
// Run: node --import tsx bench/learned/sweep.ts (several minutes)

import { snapshotRuleFindings } from '../../src/engine/scan-snapshot.js';
import {
  leaveEachOut,
  loadTrainingSources,
  loudAfterCalibration,
  loudByRules,
  TRAINING_SETS,
} from './data.js';
const THRESHOLDS = [0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97];
const FOLDS = 5;

const { cases, servers } = leaveEachOut(
  loadTrainingSources(),
  (_set, c) => snapshotRuleFindings(c.snapshot),
  FOLDS,
);
const serverBest = servers.map((s) => Math.max(0, ...s.units.map((u) => u.score)));
const attacks = cases.filter((r) => r.malicious);
const honest = cases.filter((r) => !r.malicious);
const pct = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)} %`;
console.log(
  `${TRAINING_SETS.length} sets left out in turn; ${servers.length} real servers in ${FOLDS} folds`,
);
for (const t of THRESHOLDS) {
  const caught = attacks.filter((r) => r.byRules || r.score >= t).length;
  const flagged = honest.filter((r) => r.byRules || r.score >= t).length;
  console.log(
    `threshold ${t}: recall ${pct(attacks.filter((r) => r.byRules).length, attacks.length)} -> ${pct(caught, attacks.length)}; honest edits at medium ${honest.filter((r) => r.byRules).length} -> ${flagged} of ${honest.length}; real servers flagged ${serverBest.filter((s) => s >= t).length} of ${servers.length}`,
  );
}

// The corroboration threshold (src/engine/calibrate.ts, docs/adr/0022): a prose rule's high
// stands where the left-out model scores its item at least this (or an explicit marker does).
console.log('\ncorroboration of the rules’ highs (each set left out):');
for (const t of [0.3, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const loud = (list: typeof cases): number =>
    list.filter((r) => loudAfterCalibration(r, t)).length;
  console.log(
    `threshold ${t}: honest edits with a high ${honest.filter(loudByRules).length} -> ${loud(honest)} of ${honest.length}; attacks with a high ${attacks.filter(loudByRules).length} -> ${loud(attacks)} of ${attacks.length}`,
  );
}
