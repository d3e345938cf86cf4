// What the learned sentence classifier (src/engine/meaning/learned.ts) is trained on, by source,
// so that `npm run eval` can leave each source out and measure it (docs/adr/0020).
//
// - Blind development sets (bench/blind/<set>.json): in each case, the units of the planted item
//   that the real server does not have. A malicious case's are attacks (label 1); a benign case's
//   are honest edits written to look like attacks (label 0, counted double).
// - The wild corpus (bench/wild/snapshots) and the blind bases: every unit of real servers'
//   listings, honest text (label 0, counted half).
// - The reference servers' tool listings (bench/learned/reference-servers.json, taken from the
//   third-party benchmark's honest reference file): honest text, and the base of some blind cases.
// Everything is in this repository (the third-party benchmark is not read: training must not
// depend on a folder outside it, and that corpus is what the rules were first tuned on).
// The measured-only sets (holdout, fresh*) are never read here.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  isLearnedKind,
  learnedUnits,
  type LearnedModel,
  type LearnedUnit,
} from '../../src/engine/meaning/learned.js';
import { trainLearnedModel, type TrainingExample } from '../../src/engine/meaning/learned-train.js';
import {
  plantedUnits,
  type PlantedUnit,
} from '../../src/engine/rules/snapshot/planted-instructions.js';
import { corroborationScore } from '../../src/engine/calibrate.js';
import { readsProse } from '../../src/engine/scan-snapshot.js';
import { isWithin, snapshotFields, type TextField } from '../../src/engine/text/fields.js';
import type { Finding, McpSnapshot } from '../../src/engine/types.js';
import { loadWildCorpus } from '../wild/load.js';

/** The blind sets the classifier learns from: the development sets, never the measured ones. */
export const TRAINING_SETS = [
  'dev',
  'dev2',
  'dev3',
  'dev4',
  'dev5',
  'dev6',
  'dev7',
  'dev8',
  'dev9',
  'dev10',
  'dev11',
  'dev12',
  'dev13',
  'dev14',
  'dev15',
  'dev16',
  'dev17',
  'dev18',
  'dev19',
  'dev20',
  'dev21',
  'dev22',
  'dev23',
  'dev24',
  'dev25',
  'dev26',
  'dev27',
  'dev28',
  'dev29',
  'dev30',
  'dev31',
  'dev32',
  'dev33',
  'dev34',
  'dev35',
  'dev36',
  'dev37',
  'dev38',
  'dev39',
  'dev42',
  'dev43',
  'dev44',
  'dev45',
  'dev46',
  'dev47',
  'dev48',
  'dev49',
  'dev50',
  'dev51',
  'dev52',
  'dev53',
  'dev54',
  'dev55',
  'dev56',
  'dev57',
  'dev58',
  'dev59',
  'dev60',
  'dev61',
  'dev62',
] as const;

/** Whether a held-out case has a high or critical from the rules once calibrated at `threshold`
 *  (src/engine/calibrate.ts; the shipped threshold is CORROBORATION_THRESHOLD). */
export function loudAfterCalibration(c: HeldOutCase, threshold: number): boolean {
  return c.factHigh || c.proseHighScores.some((s) => s >= threshold);
}

/** The rules' own high or critical on the item, before calibration. */
export const loudByRules = (c: HeldOutCase): boolean => c.factHigh || c.proseHighScores.length > 0;

/** The classifier's rule: its findings are not the rules' (docs/adr/0020). */
export const LEARNED_RULE = 'planted-instructions';

/** Scores at or above this are reported (chosen on leave-one-set-out figures, docs/adr/0020). */
export const LEARNED_THRESHOLD = 0.95;
const HONEST_WEIGHT = 0.5;
const HARD_HONEST_WEIGHT = 2;

const BLIND_DIR = join(import.meta.dirname, '..', 'blind');
export interface BlindCase {
  id: string;
  label: 'malicious' | 'benign';
  technique: string;
  language: string;
  server: string;
  target: { kind: 'tool' | 'prompt' | 'resource' | 'instructions'; name?: string };
  snapshot: McpSnapshot;
}

export function loadBlindSet(name: string): BlindCase[] {
  return (
    JSON.parse(readFileSync(join(BLIND_DIR, `${name}.json`), 'utf8')) as { cases: BlindCase[] }
  ).cases;
}

/** The JSON-path prefix of a case's planted item (`tools[3]`, `instructions`...). */
export function targetPrefix(c: BlindCase): string | undefined {
  const s = c.snapshot;
  switch (c.target.kind) {
    case 'instructions':
      return 'instructions';
    case 'tool': {
      const i = s.tools.findIndex((t) => t.name === c.target.name);
      return i < 0 ? undefined : `tools[${i}]`;
    }
    case 'prompt': {
      const i = (s.prompts ?? []).findIndex((p) => p.name === c.target.name);
      return i < 0 ? undefined : `prompts[${i}]`;
    }
    case 'resource': {
      const i = (s.resources ?? []).findIndex(
        (r) => r.uri === c.target.name || r.name === c.target.name,
      );
      if (i >= 0) return `resources[${i}]`;
      const j = (s.resourceTemplates ?? []).findIndex(
        (r) => r.uriTemplate === c.target.name || r.name === c.target.name,
      );
      return j < 0 ? undefined : `resourceTemplates[${j}]`;
    }
  }
}

export { isWithin };

function unitsOf(fields: readonly TextField[]): LearnedUnit[] {
  return fields.filter(isLearnedKind).flatMap((f) => learnedUnits(f));
}

/** The distinct units of some fields, by text. */
function distinctUnits(fields: readonly TextField[]): Map<string, LearnedUnit> {
  return new Map(unitsOf(fields).map((u) => [u.text, u]));
}

const keyOf = (unit: string): string => unit.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

export interface TrainingSources {
  /** Per blind development set. */
  blind: Map<string, TrainingExample[]>;
  /** Per wild server (npm package). */
  wild: Map<string, TrainingExample[]>;
  /** The blind bases and the reference servers. */
  other: TrainingExample[];
}

export function loadTrainingSources(sets: readonly string[] = TRAINING_SETS): TrainingSources {
  const example = (unit: LearnedUnit, label: 0 | 1, weight: number): TrainingExample => ({
    features: unit.features,
    label,
    weight,
  });
  const honest = new Set<string>();
  const wild = new Map<string, TrainingExample[]>();
  for (const server of loadWildCorpus()) {
    const units = distinctUnits(snapshotFields(server.snapshot));
    for (const text of units.keys()) honest.add(keyOf(text));
    wild.set(
      server.package,
      [...units.values()].map((u) => example(u, 0, HONEST_WEIGHT)),
    );
  }
  const otherUnits = new Map<string, LearnedUnit>();
  const basesDir = join(BLIND_DIR, 'bases');
  for (const file of readdirSync(basesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const snapshot = JSON.parse(readFileSync(join(basesDir, file), 'utf8')) as McpSnapshot;
    for (const [text, u] of distinctUnits(snapshotFields(snapshot))) otherUnits.set(text, u);
  }
  const reference = JSON.parse(
    readFileSync(join(import.meta.dirname, 'reference-servers.json'), 'utf8'),
  ) as McpSnapshot;
  for (const [text, u] of distinctUnits(snapshotFields(reference))) otherUnits.set(text, u);
  for (const text of otherUnits.keys()) honest.add(keyOf(text));
  const other = [...otherUnits.values()].map((u) => example(u, 0, HONEST_WEIGHT));

  const blind = new Map<string, TrainingExample[]>();
  for (const name of sets) {
    const examples: TrainingExample[] = [];
    for (const c of loadBlindSet(name)) {
      const prefix = targetPrefix(c);
      if (prefix === undefined) continue;
      const item = snapshotFields(c.snapshot).filter((f) => isWithin(f.location, prefix));
      for (const [text, u] of distinctUnits(item)) {
        if (honest.has(keyOf(text))) continue; // the real server's own text
        examples.push(
          c.label === 'malicious' ? example(u, 1, 1) : example(u, 0, HARD_HONEST_WEIGHT),
        );
      }
    }
    blind.set(name, examples);
  }
  return { blind, wild, other };
}

/** Trains on every source except the blind sets and wild servers named. */
export function trainWithout(
  sources: TrainingSources,
  leaveOut: { sets?: ReadonlySet<string>; servers?: ReadonlySet<string> } = {},
): LearnedModel {
  const examples: TrainingExample[] = [...sources.other];
  for (const [name, list] of sources.blind) if (!leaveOut.sets?.has(name)) examples.push(...list);
  for (const [name, list] of sources.wild) if (!leaveOut.servers?.has(name)) examples.push(...list);
  return trainLearnedModel(examples, { threshold: LEARNED_THRESHOLD });
}

/** A blind case measured with a model trained without its set. */
export interface HeldOutCase {
  set: string;
  malicious: boolean;
  /** Caught by the rules (any rule but the classifier's) at medium or above. */
  byRules: boolean;
  /** A high or critical of a rule that reads facts of the listing (not calibrated). */
  factHigh: boolean;
  /** The left-out model's corroboration score of each prose rule's high or critical on the item
   *  (src/engine/calibrate.ts); such a high stands where its score reaches the threshold. */
  proseHighScores: number[];
  /** The best score of the planted item's units under the left-out model (0 when none). */
  score: number;
}

/** A real server's best unit per item under a model trained without its fold. */
export interface HeldOutServer {
  name: string;
  units: PlantedUnit[];
}

/**
 * Each training set left out of training in turn, and the real servers in `folds` folds: the
 * figures `npm run eval` prints and `bench/learned/sweep.ts` reads at several thresholds. Scores
 * are kept whole (threshold 0), so a caller applies the threshold it reads at.
 */
export function leaveEachOut(
  sources: TrainingSources,
  ruleFindings: (set: string, c: BlindCase) => readonly Finding[],
  folds: number,
): { cases: HeldOutCase[]; servers: HeldOutServer[] } {
  const cases: HeldOutCase[] = [];
  for (const set of sources.blind.keys()) {
    const model = { ...trainWithout(sources, { sets: new Set([set]) }), threshold: 0 };
    for (const c of loadBlindSet(set)) {
      const prefix = targetPrefix(c);
      if (prefix === undefined) continue;
      const scores = plantedUnits(c.snapshot, model)
        .filter((u) => isWithin(u.location, prefix))
        .map((u) => u.score);
      const onItem = ruleFindings(set, c).filter(
        (f) => f.ruleId !== LEARNED_RULE && f.evidence.some((e) => isWithin(e.location, prefix)),
      );
      const highs = onItem.filter((f) => f.severity === 'high' || f.severity === 'critical');
      cases.push({
        set,
        malicious: c.label === 'malicious',
        byRules: onItem.some((f) => f.severity !== 'low'),
        factHigh: highs.some((f) => !readsProse(f.ruleId)),
        proseHighScores: highs
          .filter((f) => readsProse(f.ruleId))
          .map((f) => corroborationScore(c.snapshot, f, model)),
        score: Math.max(0, ...scores),
      });
    }
  }
  const corpus = loadWildCorpus();
  const servers: HeldOutServer[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const held = corpus.filter((_, i) => i % folds === fold);
    const model = {
      ...trainWithout(sources, { servers: new Set(held.map((s) => s.package)) }),
      threshold: 0,
    };
    for (const server of held)
      servers.push({ name: server.package, units: plantedUnits(server.snapshot, model) });
  }
  return { cases, servers };
}
