// Pinned definitions: what a server offered (tools, prompts, resources, instructions) reduced to
// hashes of each full definition and of each field, with the field's text kept so that a later
// change can be shown as a readable diff. Comparing two pins finds rug pulls: a description,
// schema, annotation or instruction that changed after the user approved it, and tools that came
// or went. Pure: no files, no clock; the CLI keeps pins in a lockfile, the API in scan results.

import { createHash } from 'node:crypto';
import { compareSeverity, sortFindings } from '../rules/define-rule.js';
import { SOC2 } from '../rules/snapshot/_compliance.js';
import { score } from '../scoring.js';
import { isWithin } from '../text/fields.js';
import { redactSecrets } from '../secrets.js';
import type {
  DefinitionPin,
  Finding,
  McpSnapshot,
  OwaspCategory,
  PinnedDefinition,
  PinnedField,
  ScanResult,
  Severity,
} from '../types.js';

export const PIN_FORMAT = 1;

export type { DefinitionPin, PinnedDefinition, PinnedField };

export type DefinitionKind = 'tool' | 'prompt' | 'resource' | 'resource template';

/** Canonical JSON: object keys sorted at every level, so equal definitions hash equally. */
export function canonicalJson(value: unknown, indent = 0): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function pinField(value: unknown): PinnedField {
  return {
    hash: sha256(canonicalJson(value)),
    text: typeof value === 'string' ? value : canonicalJson(value, 2),
  };
}

function pinDefinition(raw: Record<string, unknown>): PinnedDefinition {
  const fields: Record<string, PinnedField> = {};
  for (const key of Object.keys(raw).sort()) fields[key] = pinField(raw[key]);
  return { hash: sha256(canonicalJson(raw)), fields };
}

function keyed(
  items: readonly Record<string, unknown>[] | undefined,
  keyOf: (item: Record<string, unknown>, index: number) => string,
): Record<string, PinnedDefinition> {
  const out: Record<string, PinnedDefinition> = {};
  (items ?? []).forEach((item, index) => {
    let key = keyOf(item, index);
    // Two definitions with one name: both are kept, the second under a numbered key.
    for (let n = 2; key in out; n++) key = `${keyOf(item, index)} (${n})`;
    out[key] = pinDefinition(item);
  });
  return out;
}

const nameOf =
  (field: string, kind: string) =>
  (item: Record<string, unknown>, index: number): string =>
    typeof item[field] === 'string' ? item[field] : `(unnamed ${kind} ${index})`;

/** The pin of a snapshot: every definition and field hashed, texts kept for diffs. */
export function pinDefinitions(snapshot: McpSnapshot): DefinitionPin {
  const pin: Omit<DefinitionPin, 'hash'> = {
    tools: keyed(snapshot.tools, nameOf('name', 'tool')),
    prompts: keyed(snapshot.prompts, nameOf('name', 'prompt')),
    resources: keyed(snapshot.resources, nameOf('uri', 'resource')),
    resourceTemplates: keyed(snapshot.resourceTemplates, nameOf('uriTemplate', 'template')),
  };
  if (typeof snapshot.instructions === 'string' && snapshot.instructions !== '')
    pin.instructions = pinField(snapshot.instructions);
  return { hash: sha256(canonicalJson(pin)), ...pin };
}

/** Reads a pin back from JSON (a lockfile, a stored result); undefined when it is not one. */
export function asDefinitionPin(value: unknown): DefinitionPin | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const isMap = (x: unknown) => x !== null && typeof x === 'object' && !Array.isArray(x);
  if (typeof v.hash !== 'string' || !isMap(v.tools)) return undefined;
  return {
    hash: v.hash,
    tools: v.tools as Record<string, PinnedDefinition>,
    prompts: (isMap(v.prompts) ? v.prompts : {}) as Record<string, PinnedDefinition>,
    resources: (isMap(v.resources) ? v.resources : {}) as Record<string, PinnedDefinition>,
    resourceTemplates: (isMap(v.resourceTemplates) ? v.resourceTemplates : {}) as Record<
      string,
      PinnedDefinition
    >,
    ...(isMap(v.instructions) ? { instructions: v.instructions as PinnedField } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Comparing.

export interface FieldChange {
  field: string;
  /** Absent when the field was added. */
  before?: string;
  /** Absent when the field was removed. */
  after?: string;
}

export interface DefinitionChange {
  kind: DefinitionKind | 'instructions';
  /** The tool or prompt name, the resource URI; `instructions` for the server instructions. */
  name: string;
  change: 'changed' | 'added' | 'removed';
  /** For `changed`: the fields that differ, in name order. */
  fields: FieldChange[];
}

const SECTIONS: [keyof Omit<DefinitionPin, 'hash' | 'instructions'>, DefinitionKind][] = [
  ['tools', 'tool'],
  ['prompts', 'prompt'],
  ['resources', 'resource'],
  ['resourceTemplates', 'resource template'],
];

/** What changed from `before` (the pin the user approved) to `after` (what the server offers now). */
export function compareDefinitions(
  before: DefinitionPin,
  after: DefinitionPin,
): DefinitionChange[] {
  if (before.hash === after.hash) return [];
  const changes: DefinitionChange[] = [];
  for (const [section, kind] of SECTIONS) {
    const was = before[section];
    const now = after[section];
    for (const [name, definition] of Object.entries(now)) {
      const old = was[name];
      if (!old) {
        changes.push({ kind, name, change: 'added', fields: [] });
        continue;
      }
      if (old.hash === definition.hash) continue;
      changes.push({ kind, name, change: 'changed', fields: fieldChanges(old, definition) });
    }
    for (const name of Object.keys(was)) {
      if (!(name in now)) changes.push({ kind, name, change: 'removed', fields: [] });
    }
  }
  const a = before.instructions;
  const b = after.instructions;
  if (a?.hash !== b?.hash) {
    const field: FieldChange = { field: 'instructions' };
    if (a) field.before = a.text;
    if (b) field.after = b.text;
    changes.push({
      kind: 'instructions',
      name: 'instructions',
      change: a && b ? 'changed' : a ? 'removed' : 'added',
      fields: [field],
    });
  }
  return changes;
}

function fieldChanges(old: PinnedDefinition, now: PinnedDefinition): FieldChange[] {
  const names = [...new Set([...Object.keys(old.fields), ...Object.keys(now.fields)])].sort();
  const out: FieldChange[] = [];
  for (const field of names) {
    const a = old.fields[field];
    const b = now.fields[field];
    if (a?.hash === b?.hash) continue;
    const change: FieldChange = { field };
    if (a) change.before = a.text;
    if (b) change.after = b.text;
    out.push(change);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Readable diffs.

const DIFF_MAX_TOKENS = 4000;
const DIFF_MAX_CHARS = 4000;

/** Longest-common-subsequence diff of two token lists: [op, token] with op ' ', '-' or '+'. */
function diffTokens(a: readonly string[], b: readonly string[]): [' ' | '-' | '+', string][] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((t): [' ', string] => [' ', t]);
  const tail = a.slice(endA).map((t): [' ', string] => [' ', t]);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  let middle: [' ' | '-' | '+', string][];
  if (midA.length * midB.length > (DIFF_MAX_TOKENS * DIFF_MAX_TOKENS) / 16) {
    middle = [
      ...midA.map((t): ['-', string] => ['-', t]),
      ...midB.map((t): ['+', string] => ['+', t]),
    ];
  } else {
    const n = midA.length;
    const m = midB.length;
    const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i]![j] =
          midA[i] === midB[j]
            ? lcs[i + 1]![j + 1]! + 1
            : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    middle = [];
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        middle.push([' ', midA[i]!]);
        i++;
        j++;
      } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) middle.push(['-', midA[i++]!]);
      else middle.push(['+', midB[j++]!]);
    }
    while (i < n) middle.push(['-', midA[i++]!]);
    while (j < m) middle.push(['+', midB[j++]!]);
  }
  return [...head, ...middle, ...tail];
}

function clipDiff(text: string): string {
  return text.length <= DIFF_MAX_CHARS ? text : `${text.slice(0, DIFF_MAX_CHARS - 1)}…`;
}

/**
 * A readable diff of one field. One-line texts (descriptions) are compared word by word and shown
 * as `[-removed-]{+added+}` inline; several lines (schemas as indented JSON) line by line, with
 * `- ` and `+ ` prefixes and unchanged lines beyond one of context elided.
 */
export function readableDiff(before: string | undefined, after: string | undefined): string {
  if (before === undefined) return clipDiff(`+ ${after ?? ''}`);
  if (after === undefined) return clipDiff(`- ${before}`);
  const multiLine = before.includes('\n') || after.includes('\n');
  if (!multiLine) {
    const words = (s: string) => s.split(/(\s+)/).filter((t) => t !== '');
    const ops = diffTokens(words(before), words(after));
    // Spaces between two changes belong to the change: one `[-old words-]{+new words+}` hunk
    // reads better than words interleaved around the spaces they happen to share.
    let out = '';
    let removed = '';
    let added = '';
    let spaces = '';
    const flush = () => {
      if (removed) out += `[-${removed}-]`;
      if (added) out += `{+${added}+}`;
      removed = added = '';
      out += spaces;
      spaces = '';
    };
    for (const [op, token] of ops) {
      if (op === ' ') {
        if (/^\s+$/.test(token) && (removed || added)) {
          spaces += token;
          continue;
        }
        flush();
        out += token;
        continue;
      }
      removed += spaces;
      added += spaces;
      spaces = '';
      if (op === '-') removed += token;
      else added += token;
    }
    flush();
    return clipDiff(out);
  }
  const ops = diffTokens(before.split('\n'), after.split('\n'));
  const keep = ops.map(
    (_, k) =>
      ops[k]![0] !== ' ' ||
      ops[k - 1]?.[0] === '-' ||
      ops[k - 1]?.[0] === '+' ||
      ops[k + 1]?.[0] === '-' ||
      ops[k + 1]?.[0] === '+',
  );
  const lines: string[] = [];
  ops.forEach(([op, line], k) => {
    if (keep[k]) lines.push(`${op} ${line}`);
    else if (keep[k - 1] || k === 0) lines.push('  …');
  });
  return clipDiff(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Findings.

export const DEFINITION_CHANGED_RULE_ID = 'definition-changed';

const REMEDIATION =
  'Review the change before using the server again. A definition that changes after approval is ' +
  'how a "rug pull" works: the server is trusted with harmless text, then sends new instructions. ' +
  'If the change is expected, accept it (`palisade scan --pin FILE --update-pin`); otherwise pin ' +
  'the server to a version you reviewed or remove it.';

const SECTION_OF: Record<DefinitionKind, string> = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  'resource template': 'resourceTemplates',
};

const NAME_FIELD: Record<DefinitionKind, string> = {
  tool: 'name',
  prompt: 'name',
  resource: 'uri',
  'resource template': 'uriTemplate',
};

/** The snapshot location prefix (`tools[2]`) of the definition named `name`, if present now. */
function locationOf(snapshot: McpSnapshot, change: DefinitionChange): string | undefined {
  if (change.kind === 'instructions') return 'instructions';
  const kind = change.kind;
  const section = SECTION_OF[kind];
  const list = (snapshot as unknown as Record<string, unknown>)[section];
  if (!Array.isArray(list)) return undefined;
  const index = list.findIndex(
    (item) =>
      item !== null &&
      typeof item === 'object' &&
      (item as Record<string, unknown>)[NAME_FIELD[kind]] === change.name,
  );
  return index === -1 ? undefined : `${section}[${index}]`;
}

/** The scan's findings whose evidence lies in the new text of this definition. */
function findingsOfNewText(
  snapshot: McpSnapshot,
  change: DefinitionChange,
  findings: readonly Finding[],
): Finding[] {
  const prefix = locationOf(snapshot, change);
  if (prefix === undefined) return [];
  return findings.filter(
    (f) =>
      f.ruleId !== DEFINITION_CHANGED_RULE_ID &&
      f.evidence.some((e) => isWithin(e.location, prefix)),
  );
}

function plainName(name: string): string {
  const flat = name.replace(/\p{Cc}+/gu, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

function titleOf(change: DefinitionChange): string {
  if (change.kind === 'instructions')
    return `Server instructions ${change.change} since they were pinned`;
  const what = `${change.kind[0]!.toUpperCase()}${change.kind.slice(1)} "${plainName(change.name)}"`;
  if (change.change === 'added') return `${what} added since the definitions were pinned`;
  if (change.change === 'removed') return `${what} removed since the definitions were pinned`;
  return `${what} changed since it was pinned`;
}

/**
 * One finding per changed, added or removed definition. A change is medium by default; when the
 * new text has findings of its own, the change takes the severity and OWASP category of the worst
 * of them (a description that turned into a tool-poisoning instruction is as bad as that
 * finding). Added and removed definitions are low: reported, so the user sees the server moved.
 * `findings` are the current scan's findings; `snapshot` the definitions they were found in.
 */
export function definitionChangeFindings(
  changes: readonly DefinitionChange[],
  snapshot: McpSnapshot,
  findings: readonly Finding[],
  since = 'the pin',
): Finding[] {
  return changes.map((change) => {
    const related = findingsOfNewText(snapshot, change, findings);
    const worst = [...related].sort((a, b) => compareSeverity(a.severity, b.severity))[0];
    let severity: Severity = change.change === 'changed' ? 'medium' : 'low';
    let owasp: OwaspCategory = 'LLM03';
    if (worst && compareSeverity(worst.severity, severity) <= 0) {
      severity = worst.severity;
      owasp = worst.owasp;
    } else if (worst) owasp = worst.owasp;
    const where = locationOf(snapshot, change);
    const label =
      change.kind === 'instructions'
        ? 'the server instructions'
        : `${change.kind} "${plainName(change.name)}"`;
    const evidence =
      change.change === 'changed' || change.kind === 'instructions'
        ? change.fields.map((f) => ({
            location:
              change.kind === 'instructions'
                ? 'instructions'
                : `${where ?? SECTION_OF[change.kind]}.${f.field}`,
            snippet: redactSecrets(readableDiff(f.before, f.after)),
          }))
        : [
            {
              location: where ?? `${SECTION_OF[change.kind]}`,
              snippet: `${change.change === 'added' ? '+' : '-'} ${plainName(change.name)}`,
            },
          ];
    const fields = change.fields.map((f) => f.field).join(', ');
    const description =
      change.change === 'changed'
        ? `The definition of ${label} differs from ${since} (${fields}).` +
          (related.length > 0
            ? ` The new text has findings of its own: ${[...new Set(related.map((f) => f.title))].join('; ')}.`
            : '')
        : `${label[0]!.toUpperCase()}${label.slice(1)} was ${change.change} since ${since}.` +
          (related.length > 0
            ? ` Its text has findings of its own: ${[...new Set(related.map((f) => f.title))].join('; ')}.`
            : '');
    return {
      ruleId: DEFINITION_CHANGED_RULE_ID,
      idPrefix: 'DC',
      title: titleOf(change),
      severity,
      confidence: 'high',
      owasp,
      owaspMcp: 'MCP03',
      cwe: 'CWE-494',
      description,
      remediation: REMEDIATION,
      evidence,
      hipaa: [],
      soc2: [SOC2.changeManagement, SOC2.anomalies],
      monitorCandidate: true,
    } satisfies Finding;
  });
}

/**
 * The scan result with the changes since `before` added as findings (sorted, scored again), the
 * changes themselves, and the pin of what the server offers now.
 */
export function applyPin(
  result: ScanResult,
  snapshot: McpSnapshot,
  before: DefinitionPin | undefined,
  since = 'the pin',
): { result: ScanResult; changes: DefinitionChange[]; pin: DefinitionPin } {
  const pin = pinDefinitions(snapshot);
  if (!before) return { result, changes: [], pin };
  const changes = compareDefinitions(before, pin);
  if (changes.length === 0) return { result, changes, pin };
  const findings = sortFindings([
    ...result.findings,
    ...definitionChangeFindings(changes, snapshot, result.findings, since),
  ]);
  return { result: { ...result, ...score(findings), findings }, changes, pin };
}
