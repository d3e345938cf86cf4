import {
  OWASP_CATEGORIES,
  type CategoryRating,
  type CategoryScore,
  type Confidence,
  type Finding,
  type LetterGrade,
  type ScoreResult,
  type Severity,
} from './types.js';

// The formula is documented in docs/scoring.md; change both together.

/** Points a finding costs, by severity, before the confidence factor and repetition decay. */
export const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = {
  critical: 40,
  high: 20,
  medium: 8,
  low: 2,
};

export const CONFIDENCE_FACTOR: Readonly<Record<Confidence, number>> = {
  high: 1,
  medium: 0.8,
  low: 0.5,
};

/** Each further finding of the same rule costs half the one before it: one noisy rule can't sink a score alone. */
const REPEAT_DECAY = 0.5;
/** Penalty points at which the score falls to 100/e (about 37). */
const PENALTY_SCALE = 60;

/** Highest score a result may have while it holds a finding of this severity. */
export const SEVERITY_SCORE_CAP: Readonly<Partial<Record<Severity, number>>> = {
  critical: 59, // any critical finding: F
  high: 79, // any high finding: C at best
  // any medium finding: B at best. Without it one medium finding of medium confidence costs
  // 6.4 points and rounds to 90, an A; the eval showed most medium-only malicious servers at A.
  medium: 89,
};

function penalty(findings: readonly Finding[]): number {
  const seenPerRule = new Map<string, number>();
  // Most severe first, so the decay applies to the lesser repeats.
  const ordered = [...findings].sort(
    (a, b) => SEVERITY_WEIGHT[b.severity] - SEVERITY_WEIGHT[a.severity],
  );
  let total = 0;
  for (const f of ordered) {
    const seen = seenPerRule.get(f.ruleId) ?? 0;
    seenPerRule.set(f.ruleId, seen + 1);
    total += SEVERITY_WEIGHT[f.severity] * CONFIDENCE_FACTOR[f.confidence] * REPEAT_DECAY ** seen;
  }
  return total;
}

/** Lowest score of a result with no high or critical finding: C. */
export const MEDIUM_SCORE_FLOOR = 70;

/** Highest score while the result holds a capability finding (and no defect below it). */
export const CAPABILITY_SCORE_CAP = 89;

/** Highest score of an incomplete scan (something was not analysed): B at best, since an A
 *  would vouch for code or definitions nobody read. */
export const INCOMPLETE_SCORE_CAP = 89;

export interface ScoreOptions {
  /** False when the scan could not analyse everything (`coverage.complete`); default true. */
  complete?: boolean;
}

function cappedScore(findings: readonly Finding[]): number {
  // Capability findings say what a tool can do (run commands, fetch any URL): they keep the
  // grade from being an A but cost nothing more, so an honest shell server is not failed.
  const defects = findings.filter((f) => f.capability !== true);
  let value = Math.round(100 * Math.exp(-penalty(defects) / PENALTY_SCALE));
  for (const f of defects) {
    const cap = SEVERITY_SCORE_CAP[f.severity];
    if (cap !== undefined) value = Math.min(value, cap);
  }
  if (findings.some((f) => f.capability === true && f.severity !== 'low'))
    value = Math.min(value, CAPABILITY_SCORE_CAP);
  // Without a high or critical finding, a pile of mediums is a pile of things to review, not
  // evidence of harm: the score stays at C or above (docs/scoring.md, "Floor").
  if (!defects.some((f) => f.severity === 'high' || f.severity === 'critical'))
    value = Math.max(value, MEDIUM_SCORE_FLOOR);
  return Math.max(0, Math.min(100, value));
}

export function gradeFor(score: number): LetterGrade {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

export function ratingFor(score: number, findings: readonly Finding[]): CategoryRating {
  if (findings.length === 0) return 'pass';
  if (findings.some((f) => f.severity === 'critical') || score < 40) return 'critical risk';
  if (score < 60) return 'high risk';
  if (score < 80) return 'moderate risk';
  return 'low risk';
}

/** Findings to score, grade and a score per OWASP category (all ten, in order). An incomplete
 *  scan's overall score is capped at INCOMPLETE_SCORE_CAP; category scores judge findings only. */
export function score(findings: readonly Finding[], options: ScoreOptions = {}): ScoreResult {
  let overallScore = cappedScore(findings);
  if (options.complete === false) overallScore = Math.min(overallScore, INCOMPLETE_SCORE_CAP);
  const categoryScores: CategoryScore[] = OWASP_CATEGORIES.map((category) => {
    const inCategory = findings.filter((f) => f.owasp === category);
    const categoryScore = cappedScore(inCategory);
    return { category, score: categoryScore, rating: ratingFor(categoryScore, inCategory) };
  });
  return { overallScore, letterGrade: gradeFor(overallScore), categoryScores };
}
