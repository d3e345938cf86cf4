import type {
  Confidence,
  Evidence,
  Finding,
  McpSnapshot,
  OwaspCategory,
  OwaspMcpCategory,
  Severity,
} from '../types.js';
import type { CodeInput, ConfigInput, DependencyInput } from '../inputs/types.js';
import { truncateAtWord } from '../quote.js';
import { redactSecrets } from '../secrets.js';

/** What each kind of rule reads. */
export interface RuleInputs {
  snapshot: McpSnapshot;
  config: ConfigInput;
  dependencies: DependencyInput;
  code: CodeInput;
}
export type RuleTarget = keyof RuleInputs;

export interface RuleMeta<T extends RuleTarget = RuleTarget> {
  /** kebab-case, equal to the file name, never reused. */
  id: string;
  /** Prefix of variant B finding ids, e.g. `TP` for `TP-1`. */
  idPrefix: string;
  title: string;
  /** One paragraph: what the rule finds and why it matters. */
  description: string;
  target: T;
  owasp: OwaspCategory;
  owaspMcp?: OwaspMcpCategory;
  severity: Severity;
  confidence: Confidence;
  cwe?: string;
  /** `"<control> <title>"`, reviewed per rule. */
  hipaa: string[];
  soc2: string[];
  remediation: string;
  references: string[];
  /** Findings of this rule are worth re-checking over time (definitions that can change). */
  monitorCandidate?: boolean;
  /**
   * The rule reports what a tool can do (runs commands, fetches any URL) rather than a defect.
   * Its findings cap the grade at B and cost nothing more (docs/scoring.md): the capability
   * profile informs without failing an honest shell or database server.
   */
  capability?: boolean;
  /**
   * The rule's high and critical findings come from reading prose (what a sentence asks for),
   * not from a fact of the listing (hidden characters, an annotation the text contradicts). They
   * stand only when the learned classifier also reads the item as planted text; otherwise they
   * are reported at medium (src/engine/calibrate.ts, docs/adr/0022).
   */
  readsProse?: boolean;
}

export interface Report {
  /** Sentence specific to this occurrence; becomes the finding's description. */
  message: string;
  location: string;
  snippet: string;
  /** Groups reports into one finding (e.g. the tool name); defaults to the location. */
  subject?: string;
  severity?: Severity;
  confidence?: Confidence;
  title?: string;
  /** For file rules: the file the report is about. */
  file?: string;
  /** RFC 6901 pointer to the offending key or value in the parsed document (configs). */
  pointer?: string;
  /** 1-based line and column of the offending key, value or call in `file`. */
  line?: number;
  column?: number;
}

export interface RuleContext {
  report(report: Report): void;
}

export interface Rule<T extends RuleTarget = RuleTarget> {
  meta: RuleMeta<T>;
  check(input: RuleInputs[T], ctx: RuleContext): void;
}

export function defineRule<T extends RuleTarget>(rule: Rule<T>): Rule<T> {
  return rule;
}

const SNIPPET_MAX_CHARS = 300;
/** Snippets are read this far for secrets; what lies beyond is cut anyway. */
const REDACT_WINDOW_CHARS = 4 * SNIPPET_MAX_CHARS;

/** Whitespace collapsed, at most `maxChars`, cut after a whole word with `…`. */
export function truncateSnippet(text: string, maxChars = SNIPPET_MAX_CHARS): string {
  return truncateAtWord(text.replace(/\s+/g, ' ').trim(), maxChars);
}

/** The evidence a report carries: where (location, pointer, file, line, column) and what (the
 *  snippet, truncated, secrets redacted: evidence never repeats a credential). */
function evidenceOf(r: Report): Evidence {
  const evidence: Evidence = {
    location: r.location,
    // Redacted before it is cut, so a cut cannot leave part of a credential unrecognised.
    snippet: truncateSnippet(redactSecrets(r.snippet.slice(0, REDACT_WINDOW_CHARS))),
  };
  if (r.pointer !== undefined) evidence.pointer = r.pointer;
  if (r.file !== undefined && r.line !== undefined) evidence.file = r.file;
  if (r.line !== undefined && r.line > 0) evidence.line = r.line;
  if (r.column !== undefined && r.column > 0) evidence.column = r.column;
  return evidence;
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function compareSeverity(a: Severity, b: Severity): number {
  return SEVERITY_RANK[a] - SEVERITY_RANK[b];
}

/**
 * Runs one rule over one input and turns its reports into findings. Reports with the same subject
 * become one finding with several pieces of evidence, at the highest severity reported.
 * A rule that throws yields no findings and is reported through `onError`, never silently.
 */
export function runRule<T extends RuleTarget>(
  rule: Rule<T>,
  input: RuleInputs[T],
  onError: (ruleId: string, error: unknown) => void = (ruleId, error) => {
    throw new Error(`rule ${ruleId} failed`, { cause: error });
  },
): Finding[] {
  const bySubject = new Map<string, Finding>();
  const ctx: RuleContext = {
    report(r) {
      const key = `${r.file ?? ''}\u0000${r.subject ?? r.location}`;
      const evidence = evidenceOf(r);
      const severity = r.severity ?? rule.meta.severity;
      const existing = bySubject.get(key);
      if (existing) {
        if (
          !existing.evidence.some(
            (e) => e.location === evidence.location && e.snippet === evidence.snippet,
          )
        ) {
          existing.evidence.push(evidence);
        }
        if (compareSeverity(severity, existing.severity) < 0) {
          existing.severity = severity;
          existing.description = r.message;
          if (r.title) existing.title = r.title;
        }
        return;
      }
      const m = rule.meta;
      const finding: Finding = {
        ruleId: m.id,
        idPrefix: m.idPrefix,
        title: r.title ?? m.title,
        severity,
        confidence: r.confidence ?? m.confidence,
        owasp: m.owasp,
        description: r.message,
        remediation: m.remediation,
        evidence: [evidence],
        hipaa: [...m.hipaa],
        soc2: [...m.soc2],
        monitorCandidate: m.monitorCandidate ?? false,
      };
      if (m.owaspMcp) finding.owaspMcp = m.owaspMcp;
      if (m.cwe) finding.cwe = m.cwe;
      if (r.file) finding.file = r.file;
      if (m.capability) finding.capability = true;
      bySubject.set(key, finding);
    },
  };
  try {
    rule.check(input, ctx);
  } catch (error) {
    onError(rule.meta.id, error);
    return [];
  }
  return [...bySubject.values()];
}

/** Sorts findings most severe first, then by rule id and first location: stable across runs. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      compareSeverity(a.severity, b.severity) ||
      a.ruleId.localeCompare(b.ruleId) ||
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.evidence[0]?.location ?? '').localeCompare(b.evidence[0]?.location ?? ''),
  );
}
