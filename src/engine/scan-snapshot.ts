import { runRule, sortFindings, truncateSnippet } from './rules/define-rule.js';
import { calibrateFindings } from './calibrate.js';
import { finishSnapshotEvidence } from './quote.js';
import { duringScan } from './memo.js';
import { SNAPSHOT_RULES } from './rules/snapshot/index.js';
import { capabilityProfile } from './rules/snapshot/_profile.js';
import { snapshotCoverage } from './coverage.js';
import { score } from './scoring.js';
import { redactSecrets } from './secrets.js';
import type { Finding, McpSnapshot, ProgressFn, ScanResult } from './types.js';

export interface ScanSnapshotOptions {
  onProgress?: ProgressFn;
}

/** One or more rules threw: the scan is incomplete and must not be reported as clean. */
export class RuleFailureError extends Error {
  constructor(readonly failures: { ruleId: string; error: unknown }[]) {
    super(`${failures.length} rule(s) failed: ${failures.map((f) => f.ruleId).join(', ')}`, {
      cause: failures[0]?.error,
    });
    this.name = 'RuleFailureError';
  }
}

/**
 * Runs every snapshot rule and returns the findings, most severe first. Every rule runs even when
 * one throws, then the failures are raised together: a detector that broke must fail the scan
 * rather than let it pass as clean.
 */
export function scanSnapshotFindings(snapshot: McpSnapshot, onProgress?: ProgressFn): Finding[] {
  return duringScan(() =>
    sortFindings(
      mergeSharedDefects(
        calibrateFindings(snapshot, runSnapshotRules(snapshot, onProgress), readsProse),
      ),
    ),
  );
}

const PROSE_RULES = new Set(SNAPSHOT_RULES.filter((r) => r.meta.readsProse).map((r) => r.meta.id));
/** Whether a snapshot rule's high and critical findings rest on reading prose (calibrate.ts). */
export const readsProse = (ruleId: string): boolean => PROSE_RULES.has(ruleId);

/**
 * Every rule's findings before severity is calibrated and shared defects merged: what the rules
 * read alone, for benchmarks that calibrate with a model of their own.
 */
export function snapshotRuleFindings(snapshot: McpSnapshot): Finding[] {
  return duringScan(() => runSnapshotRules(snapshot));
}

function runSnapshotRules(snapshot: McpSnapshot, onProgress?: ProgressFn): Finding[] {
  const failures: { ruleId: string; error: unknown }[] = [];
  const findings: Finding[] = [];
  SNAPSHOT_RULES.forEach((rule, i) => {
    onProgress?.(`Running rule ${i + 1} of ${SNAPSHOT_RULES.length}: ${rule.meta.id}`);
    findings.push(...runRule(rule, snapshot, (ruleId, error) => failures.push({ ruleId, error })));
  });
  if (failures.length > 0) throw new RuleFailureError(failures);
  // Evidence quotes the metadata as written, with a pointer to it; a credential found there must
  // not be repeated in the report.
  for (const f of findings) {
    for (const e of f.evidence) {
      finishSnapshotEvidence(snapshot, e);
      e.snippet = truncateSnippet(redactSecrets(e.snippet));
    }
  }
  return findings;
}

const TOOL_PREFIX_RE = /^tools\[\d+\]/;

/**
 * One finding per defect: a schema or sentence shared by several tools (one `$ref`-style schema
 * reused, one boilerplate paragraph) yields one finding per tool from the rules, which reads as
 * several defects and costs the score several times. Findings of one rule at one severity whose
 * evidence quotes the same text at the same place within each tool become one finding that lists
 * every place.
 */
export function mergeSharedDefects(findings: Finding[]): Finding[] {
  const byShape = new Map<string, Finding>();
  const out: Finding[] = [];
  for (const f of findings) {
    if (f.file !== undefined || !f.evidence.every((e) => TOOL_PREFIX_RE.test(e.location))) {
      out.push(f);
      continue;
    }
    const shape = [
      f.ruleId,
      f.severity,
      f.title,
      ...f.evidence
        .map((e) => `${e.location.replace(TOOL_PREFIX_RE, '')}\u0000${e.snippet}`)
        .sort(),
    ].join('\u0001');
    const first = byShape.get(shape);
    if (!first) {
      byShape.set(shape, f);
      out.push(f);
      continue;
    }
    for (const e of f.evidence)
      if (!first.evidence.some((x) => x.location === e.location)) first.evidence.push(e);
  }
  for (const f of byShape.values()) {
    const tools = new Set(f.evidence.map((e) => TOOL_PREFIX_RE.exec(e.location)?.[0]));
    if (tools.size > 1)
      f.description = `${f.description} The same text stands in ${tools.size} tools; it is one defect, reported once with every place.`;
  }
  return out;
}

function targetOf(snapshot: McpSnapshot): string {
  const candidates: unknown[] = [
    snapshot.transport?.url,
    snapshot.origin,
    snapshot.serverInfo?.name,
  ];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
  return found ?? 'snapshot';
}

export function scanSnapshot(snapshot: McpSnapshot, options: ScanSnapshotOptions = {}): ScanResult {
  const startedAt = performance.now();
  const tools = Array.isArray(snapshot.tools) ? snapshot.tools.length : 0;
  options.onProgress?.(`Analysing ${tools} tool definition(s)`);
  const findings = scanSnapshotFindings(snapshot, options.onProgress);
  const coverage = snapshotCoverage(snapshot);
  return {
    ...score(findings, { complete: coverage.complete }),
    findings,
    capabilities: capabilityProfile(snapshot),
    target: targetOf(snapshot),
    stats: {
      tools,
      prompts: snapshot.prompts?.length ?? 0,
      resources: (snapshot.resources?.length ?? 0) + (snapshot.resourceTemplates?.length ?? 0),
      files: 0,
      durationMs: Math.round(performance.now() - startedAt),
    },
    coverage,
  };
}
