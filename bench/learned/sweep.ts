// How the learned classifier's threshold was chosen (docs/adr/0020): every training set left out
// in turn and the real servers in five folds, as `npm run eval` does (one routine,
// `leaveEachOut`), read at several thresholds. Measured-only sets are not read.
// Run: node --import tsx bench/learned/sweep.ts (several minutes)

import { scanSnapshotFindings } from '../../src/engine/scan-snapshot.js';
import type { Severity } from '../../src/engine/types.js';
import { isWithin, leaveEachOut, loadTrainingSources, TRAINING_SETS } from './data.js';

const AT_LEAST_MEDIUM = new Set<Severity>(['medium', 'high', 'critical']);
const THRESHOLDS = [0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97];
const FOLDS = 5;

const { cases, servers } = leaveEachOut(
  loadTrainingSources(),
  (_set, c, prefix) =>
    scanSnapshotFindings(c.snapshot).some(
      (f) =>
        f.ruleId !== 'planted-instructions' &&
        AT_LEAST_MEDIUM.has(f.severity) &&
        f.evidence.some((e) => isWithin(e.location, prefix)),
    ),
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
