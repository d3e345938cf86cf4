// Severity needs two readings (docs/adr/0022-two-readings-for-a-high.md).
//
// The frame rules read prose as acts on objects; the learned classifier reads the same text as
// words learned from attacks and from honest text written to resemble them. Each alone has its
// false alarms, and they are not the same ones: the rules take a security tool that names
// exfiltration, or a code sample with `export X_TOKEN=`, for the act; the classifier takes a
// short fragment ("SAFE", a table rule) for a planted line. A finding that rests on reading prose
// is high or critical only when both agree that the item reads as planted; when the classifier
// does not, it is still reported, at medium, with the reason.
import {
  bestUnit,
  isLearnedKind,
  shippedLearnedModel,
  type LearnedModel,
} from './meaning/learned.js';
import type { Signal, SignalKind } from './rules/snapshot/_injection-signals.js';
import { fieldSignals, subjectsOf, type Subject } from './rules/snapshot/_tool-text.js';
import { isWithin } from './text/fields.js';
import type { Finding, McpSnapshot } from './types.js';

/** A prose finding stays high or critical when its item's best unit scores at least this. */
export const CORROBORATION_THRESHOLD = 0.7;

/** Each snapshot's subjects by location (`tools[3]`, `instructions`...), built once. */
const SUBJECT_INDEX = new WeakMap<readonly Subject[], Map<string, Subject>>();
/** The item part of an evidence location: `tools[3]` of `tools[3].inputSchema...`. */
const ITEM_RE = /^[A-Za-z]+(?:\[\d+\])?/;

/** The item an evidence location lies in: `tools[3]`, `prompts[0]`, `instructions`... */
function subjectAt(subjects: readonly Subject[], location: string): Subject | undefined {
  let index = SUBJECT_INDEX.get(subjects);
  if (!index) {
    index = new Map(subjects.map((s) => [s.location, s]));
    SUBJECT_INDEX.set(subjects, index);
  }
  const item = ITEM_RE.exec(location)?.[0];
  const hit = item === undefined ? undefined : index.get(item);
  if (hit && isWithin(location, hit.location)) return hit;
  return subjects.find((s) => isWithin(location, s.location));
}

/** The classifier's best score over every unit of an item's text. */
export function subjectScore(subject: Subject, model: LearnedModel): number {
  let best = 0;
  for (const field of subject.fields)
    if (isLearnedKind(field)) best = Math.max(best, bestUnit(field, model).score);
  return best;
}

/** Scores of items already read, per snapshot and model (the subjects are the snapshot's own). */
type ScoreCache = Map<Subject, number>;

/**
 * Markers that address the model openly whatever the wording around them, at the weight the
 * rules give their strongest cues (3 and up): privileged markup (`<IMPORTANT>`, `[SYSTEM]`),
 * overriding earlier instructions, a new role for the model, changing what the user asked for
 * ("regardless of the user's input"), and keeping something from the user ("do not tell the
 * user", weight 4; naming "hidden instructions", weight 3, is what a security tool does). The
 * classifier learned from plain-language attacks written without such markers, so they
 * corroborate on their own.
 */
const EXPLICIT_KINDS: ReadonlySet<SignalKind> = new Set([
  'instruction-tag',
  'override',
  'role-hijack',
  'parameter-tampering',
]);

const isExplicit = (s: Signal): boolean =>
  s.kind === 'concealment' ? s.weight >= 4 : s.weight >= 3 && EXPLICIT_KINDS.has(s.kind);

function hasExplicitMarker(subject: Subject): boolean {
  return subject.fields.some((field) => fieldSignals(field).some(isExplicit));
}

/** How far an item reads as planted: 1 with an explicit marker, else the classifier's best. */
function itemScore(subject: Subject, model: LearnedModel): number {
  return hasExplicitMarker(subject) ? 1 : subjectScore(subject, model);
}

/**
 * The second reading of the text a finding quotes: the best of the items (tool, prompt,
 * resource, instructions) its evidence lies in, each 1 when it holds an explicit marker and the
 * learned classifier's score otherwise.
 */
export function corroborationScore(
  snapshot: McpSnapshot,
  finding: Finding,
  model: LearnedModel,
  cache: ScoreCache = new Map(),
): number {
  const subjects = subjectsOf(snapshot);
  let best = 0;
  for (const e of finding.evidence) {
    const subject = subjectAt(subjects, e.location);
    if (!subject) continue;
    let score = cache.get(subject);
    if (score === undefined) cache.set(subject, (score = itemScore(subject, model)));
    if (score > best) best = score;
  }
  return best;
}

/**
 * The findings with every uncorroborated high or critical of a prose-reading rule lowered to
 * medium. `readsProse` names those rules; `model` is the shipped classifier unless a benchmark
 * measures another. Findings are not mutated: a lowered one is a copy.
 */
export function calibrateFindings(
  snapshot: McpSnapshot,
  findings: readonly Finding[],
  readsProse: (ruleId: string) => boolean,
  model: LearnedModel = shippedLearnedModel(),
): Finding[] {
  const cache: ScoreCache = new Map();
  return findings.map((f) => {
    if ((f.severity !== 'high' && f.severity !== 'critical') || !readsProse(f.ruleId)) return f;
    const score = corroborationScore(snapshot, f, model, cache);
    if (score >= CORROBORATION_THRESHOLD) return f;
    return {
      ...f,
      severity: 'medium',
      description: `${f.description} Rated medium rather than ${f.severity}: the wording was read as this act, but the learned classifier does not read the text as planted for the model (score ${score.toFixed(2)}), so it needs a person's reading.`,
    };
  });
}
