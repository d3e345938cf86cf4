// How the learned classifier's threshold was chosen (docs/adr/0020): every training set left out
// in turn and the real servers in five folds, as `npm run eval` does, but with each item's best
// score kept so that several thresholds are read from one set of trainings. Measured-only sets
// are not read. Run: node --import tsx bench/learned/sweep.ts (several minutes)

import { plantedUnits } from '../../src/engine/rules/snapshot/planted-instructions.js';
import { scanSnapshotFindings } from '../../src/engine/scan-snapshot.js';
import type { Severity } from '../../src/engine/types.js';
import { loadWildCorpus } from '../wild/load.js';
import {
  isWithin,
  loadBlindSet,
  loadTrainingSources,
  targetPrefix,
  TRAINING_SETS,
  trainWithout,
} from './data.js';

const AT_LEAST_MEDIUM = new Set<Severity>(['medium', 'high', 'critical']);
const THRESHOLDS = [0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97];
const FOLDS = 5;

const sources = loadTrainingSources();
const rows: { malicious: boolean; byRules: boolean; score: number }[] = [];
for (const name of TRAINING_SETS) {
  const model = { ...trainWithout(sources, { sets: new Set([name]) }), threshold: 0 };
  for (const c of loadBlindSet(name)) {
    const prefix = targetPrefix(c);
    if (prefix === undefined) continue;
    const byRules = scanSnapshotFindings(c.snapshot).some(
      (f) =>
        f.ruleId !== 'planted-instructions' &&
        AT_LEAST_MEDIUM.has(f.severity) &&
        f.evidence.some((e) => isWithin(e.location, prefix)),
    );
    const scores = plantedUnits(c.snapshot, model)
      .filter((u) => isWithin(u.location, prefix))
      .map((u) => u.score);
    rows.push({ malicious: c.label === 'malicious', byRules, score: Math.max(0, ...scores) });
  }
}
const servers = loadWildCorpus();
const serverBest: number[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const held = servers.filter((_, i) => i % FOLDS === fold);
  const model = {
    ...trainWithout(sources, { servers: new Set(held.map((s) => s.package)) }),
    threshold: 0,
  };
  for (const s of held)
    serverBest.push(Math.max(0, ...plantedUnits(s.snapshot, model).map((u) => u.score)));
}
const attacks = rows.filter((r) => r.malicious);
const honest = rows.filter((r) => !r.malicious);
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
