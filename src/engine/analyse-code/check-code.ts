// One analysed file through the code rules, with the MCP tools it defines. For JS/TS this runs on
// the analysis thread, beside the parse, so that only findings and tools cross back: the facts
// are about seven times the source's size, and copying them between threads cost as much as the
// walk that builds them. Python files, and JS/TS files the thread could not analyse, run it here.
// In a scan (`toolRules`) the tool-definition rules judge the file's tools in the same place, so
// that for JS/TS that work is off the main thread as well.
import { CODE_RULES } from '../rules/code/index.js';
import { compareSeverity, runRule } from '../rules/define-rule.js';
import { RuleFailureError, scanSnapshotFindings } from '../scan-snapshot.js';
import type { Finding, McpTool } from '../types.js';
import type { CodeInput } from '../inputs/types.js';
import type { ExtractedTool } from '../inputs/code/facts.js';

export interface RuleFailure {
  ruleId: string;
  error: unknown;
}

/** What a scan keeps of one source file once its rules have run. */
export interface CodeOutcome {
  /** Findings of every code rule, in rule order (`file` is left to the caller). */
  findings: Finding[];
  /** MCP tool definitions found in the file; each carries the `line` it is defined on. Empty
   *  when the caller asked for their count alone (`tools: false`). */
  tools: ExtractedTool[];
  /** How many tool definitions the file holds. */
  toolCount: number;
  /** Syntax errors (`line: message`). */
  errors: string[];
  /** Set when the file was not analysed (too large, minified, over the time budget). */
  skipped?: string;
  /** Code rules that threw: the scan must fail rather than pass the file as clean. */
  failures: RuleFailure[];
  /** With `toolRules`: the tool-definition rules' findings on `tools` (`file` left to the
   *  caller), run where the file was analysed. Their failures are in `failures`. */
  toolFindings?: Finding[];
}

export interface CheckOptions {
  /** Also run the tool-definition rules on the tools the file defines (what a scan does). */
  toolRules?: boolean;
  /** Return the tool definitions themselves (the default), or only their count: a scan needs no
   *  more, since their rules ran where they were found, and for JS/TS they would otherwise be
   *  copied back from the analysis thread for nothing. */
  tools?: boolean;
}

/** MCP tool definitions found in the file; each carries the `line` it is defined on. */
export function extractTools(code: CodeInput): McpTool[] {
  return (code.facts?.tools ?? []).map((tool): ExtractedTool => ({ ...tool }));
}

/** Findings one code rule keeps per file. A file built to repeat one call (10 MB of `eval(x)`)
 *  would otherwise yield hundreds of thousands of findings: a result nobody reads, too large to
 *  store, that costs more to copy between threads than the analysis. Past the first few the
 *  repetition decay makes them worth nothing to the score (docs/scoring.md). */
export const MAX_FINDINGS_PER_RULE_PER_FILE = 25;

/** The most severe findings of one rule, at most MAX_FINDINGS_PER_RULE_PER_FILE; the first kept
 *  says how many more places the rule matched. */
function capFindings(found: Finding[]): Finding[] {
  if (found.length <= MAX_FINDINGS_PER_RULE_PER_FILE) return found;
  const kept = [...found]
    .sort((a, b) => compareSeverity(a.severity, b.severity))
    .slice(0, MAX_FINDINGS_PER_RULE_PER_FILE);
  const first = kept[0]!;
  const more = found.length - kept.length;
  first.description = `${first.description} This rule matched ${more} more place${more === 1 ? '' : 's'} in this file; the first ${kept.length} are listed.`;
  return kept;
}

export function checkCode(code: CodeInput, options: CheckOptions = {}): CodeOutcome {
  const failures: RuleFailure[] = [];
  const findings: Finding[] = [];
  for (const rule of CODE_RULES) {
    const found = runRule(rule, code, (ruleId, error) => failures.push({ ruleId, error }));
    findings.push(...capFindings(found));
  }
  const outcome: CodeOutcome = {
    findings,
    // The walkers built these for this file alone: handed on, not copied.
    tools: code.facts?.tools ?? [],
    toolCount: code.facts?.tools.length ?? 0,
    errors: code.errors ?? [],
    failures,
  };
  if (code.skipped) outcome.skipped = code.skipped;
  if (options.toolRules) {
    outcome.toolFindings = [];
    if (outcome.tools.length > 0) {
      try {
        outcome.toolFindings = scanSnapshotFindings({ tools: outcome.tools, origin: code.path });
      } catch (error) {
        if (!(error instanceof RuleFailureError)) throw error;
        failures.push(...error.failures);
      }
    }
  }
  if (options.tools === false) outcome.tools = [];
  return outcome;
}
