// Per-tool view of the snapshot's text for the snapshot rules: every field normalised once per
// snapshot object and shared by all rules (see subjectsOf for why that memo keeps rules pure).
import type { McpSnapshot, McpTool } from '../../types.js';
import { snapshotFields, type TextField } from '../../text/fields.js';
import {
  isPrintableAscii,
  normalizeForMatching,
  revealHiddenSeparators,
} from '../../text/unicode.js';
import { injectionSignals, type Signal, type SignalKind } from './_injection-signals.js';
import { needsReading, readFrames } from '../../meaning/frames.js';
import { isSensitiveToolName, normaliseToolName } from '../../meaning/known-tools.js';
import { quoteAround } from '../../quote.js';
import { scanMemo } from '../../memo.js';

export interface NormalizedField extends TextField {
  /** Lower-cased, NFKC, invisible characters removed, look-alikes folded. */
  norm: string;
  /**
   * What evidence quotes: the original text with whitespace collapsed when it is printable ASCII
   * (then its offsets equal `norm`'s, only the case differs), otherwise `norm` itself, which
   * shows decoded hidden text rather than invisible characters.
   */
  display: string;
  /**
   * Set only when invisible characters stand in the text: `norm` with each run of them read as a
   * space, which reveals words they separate (`norm` deletes them, which joins those words).
   */
  revealed?: string;
  /** What every field of its snapshot shares (set on the fields subjectsOf builds). */
  scope?: FieldScope;
}

/**
 * Shared by the fields of one snapshot: the server's own names and parameters, and the guidance
 * text and signals of each distinct text. One object per snapshot, referenced from each field: a
 * WeakMap entry per field cost more than the lookups it served, and a description repeated across
 * tools (boilerplate, a shared schema) is read once.
 */
interface FieldScope {
  /** Normalised names of the server's own tools and prompts, and `title:` entries. */
  own: ReadonlySet<string>;
  /** Property names of every schema of the server's tools (three levels deep). */
  params: ReadonlySet<string>;
  guidanceByText: Map<string, string>;
  signalsByGuidance: Map<string, Signal[]>;
}

export interface Subject {
  /** `tools[3]`, `prompts[0]`, `instructions`, ... */
  location: string;
  /** Human label for messages: `tool "send_email"`, `server instructions`, ... */
  label: string;
  tool?: McpTool;
  toolIndex?: number;
  fields: NormalizedField[];
}

const SUMMARY_BY_SUBJECT = new WeakMap<Subject, string>();
const FULL_SUMMARY_BY_SUBJECT = new WeakMap<Subject, string>();
/**
 * Injection signals of a field's guidance text, computed once per distinct text of a snapshot
 * for every rule: the normalised text less the sentences that read as documentation (see
 * `guidanceText`). The array is shared: callers read it, never change it.
 */
export function fieldSignals(field: NormalizedField): Signal[] {
  const text = guidanceText(field);
  const memo = field.scope?.signalsByGuidance;
  const cached = memo?.get(text);
  if (cached) return cached;
  const signals = injectionSignals(text);
  memo?.set(text, signals);
  return signals;
}

/**
 * The field's normalised text with the sentences blanked (offsets kept) that the sentence reader
 * finds benign: safeguards that forbid a flow ("never include API keys in the query") and call
 * order among the server's own tools ("call resolve-library-id before get-library-docs").
 * Phrase signals in those sentences are documentation, not instructions.
 */
export function guidanceText(field: NormalizedField): string {
  // Only descriptions and instructions have benign spans; the rest is read as it stands.
  if (field.kind !== 'description' && field.kind !== 'instructions') return field.norm;
  // The spans depend on the text and the server's own names alone: one reading per distinct text.
  const memo = field.scope?.guidanceByText;
  const cached = memo?.get(field.text);
  if (cached !== undefined) return cached;
  let text = field.norm;
  for (const span of benignSpans(field, field.scope?.own)) {
    const at = text.indexOf(span);
    if (at >= 0) text = text.slice(0, at) + ' '.repeat(span.length) + text.slice(at + span.length);
  }
  memo?.set(field.text, text);
  return text;
}

/**
 * The text with its safeguard sentences blanked (offsets kept): sentences that forbid a flow
 * ("do not include API keys, passwords or credentials in your query") name the very secrets an
 * attack would ask for, and must not read as asking for them.
 */
export function withoutSafeguards(text: string): string {
  let out = text;
  for (const frame of readFrames(text)) {
    if (frame.forbidden.length === 0 || frame.actions.length > 0 || frame.secrecy) continue;
    out = out.slice(0, frame.start) + ' '.repeat(frame.end - frame.start) + out.slice(frame.end);
  }
  return out;
}

const SENTENCE_RE = /[^.!?\n]+[.!?]*/g;
const ATTACK_WARNING_RE =
  /\b(?:prompt[- ]injections?|injection attempts?|malicious|attackers?|adversarial|untrusted|aimed at (?:ai|the model|assistants|agents|llms)|third-party content|not instructions|jailbreaks?)\b/;
const REPORTED_ATTACK_RE =
  /\b(?:text|content|comments?|pages?|documents?|messages?|issues?|files?|code)\b[^.]{0,40}\b(?:that |which )?(?:tell(?:s|ing)?|ask(?:s|ing)?|instruct(?:s|ing)?|urg(?:es|ing)) (?:you|an? (?:ai|llm|model|assistant|agent)|the (?:model|assistant|agent|ai))\b/;
const QUOTED_RE = /"[^"]{1,200}"|“[^”]{1,200}”|«[^»]{1,200}»/g;
const USER_CHECK_RE =
  /\b(?:confirm|double[- ]check|check|verify|ask|warn|consult)\w*\b(?: \w+){0,3} (?:with |to )?the user\b|\b(?:if|after|once|until|unless) the user (?:has )?(?:explicitly |clearly )?(?:confirm|approv|agree|consent)\w*/;
const CALL_WORDS_RE = /\b(?:call|use|before|after|first|then|instead)\b/;
/** Own tool titles, at most this many (a sentence is searched for each). */
const TITLES_MAX = 200;
const TITLES_BY_OWN = new WeakMap<ReadonlySet<string>, string[]>();

function ownTitles(own: ReadonlySet<string>): string[] {
  const titles: string[] = [];
  for (const o of own) {
    if (!o.startsWith('title:')) continue;
    titles.push(o.slice('title:'.length));
    if (titles.length >= TITLES_MAX) break;
  }
  TITLES_BY_OWN.set(own, titles);
  return titles;
}
// A name starts a token: not inside a run of letters or digits (unanchored, a long run of letters
// would be retried from each of its letters, quadratic in the run).
const TOOLISH_RE = /(?<![a-z0-9])[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+/g;

function benignSpans(field: NormalizedField, own: ReadonlySet<string> | undefined): string[] {
  if (field.kind !== 'description' && field.kind !== 'instructions') return [];
  const spans: string[] = [];
  for (const frame of readFrames(field.text)) {
    if (frame.forbidden.length > 0 && frame.actions.length === 0 && !frame.secrecy)
      spans.push(normalizeForMatching(field.text.slice(frame.start, frame.end)).trim());
  }
  // Sentences that make the model check with the user before acting ("Before using this tool,
  // you MUST double-check with the user"): a safeguard, however emphatic.
  for (const m of field.norm.matchAll(SENTENCE_RE)) {
    const sentence = m[0];
    if (USER_CHECK_RE.test(sentence) && !needsReading(sentence)) spans.push(sentence.trim());
  }
  // A warning about attacks quotes what an attack says ("text such as \"ignore your previous
  // instructions\""): the quotation is an example, not an instruction.
  for (const m of field.norm.matchAll(SENTENCE_RE)) {
    if (!ATTACK_WARNING_RE.test(m[0])) continue;
    // "findings can include prompt-injection patterns (for example comments telling an AI to
    // ignore its rules)": the whole sentence reports what an attack says.
    if (REPORTED_ATTACK_RE.test(m[0])) spans.push(m[0].trim());
    else for (const q of m[0].matchAll(QUOTED_RE)) if (q[0].length >= 10) spans.push(q[0]);
  }
  if (own && own.size > 1) {
    // Sentences that order the server's own tools and name nothing else worth a frame.
    const titles = TITLES_BY_OWN.get(own) ?? ownTitles(own);
    for (const m of field.norm.matchAll(SENTENCE_RE)) {
      const sentence = m[0];
      const names = sentence.match(TOOLISH_RE) ?? [];
      // Titles are looked for only where a sentence speaks of calling or using something.
      const namesOwnTitle =
        names.length === 0 &&
        CALL_WORDS_RE.test(sentence) &&
        titles.some((t) => sentence.includes(t));
      if (
        !namesOwnTitle &&
        (names.length === 0 || !names.some((n) => own.has(normaliseToolName(n))))
      )
        continue;
      if (names.some((n) => !own.has(normaliseToolName(n)) && isSensitiveToolName(n))) continue;
      if (needsReading(sentence, { orderCounts: false })) continue;
      spans.push(sentence.trim());
    }
  }
  return spans.filter((s) => s.length > 0);
}

function subjectLocation(field: TextField): string {
  if (field.toolIndex !== undefined)
    return TOOL_LOCATIONS[field.toolIndex] ?? `tools[${field.toolIndex}]`;
  const m = /^(prompts|resources|resourceTemplates)\[\d+\]/.exec(field.location);
  if (m) return m[0];
  return field.location.startsWith('serverInfo') ? 'serverInfo' : field.location;
}

function labelFor(location: string, snapshot: McpSnapshot, toolIndex?: number): string {
  if (toolIndex !== undefined) {
    const name: unknown = snapshot.tools[toolIndex]?.name;
    // Names are attacker-controlled: keep messages short and free of invisible characters.
    const safe =
      typeof name === 'string'
        ? (isPrintableAscii(name) ? name : normalizeForMatching(name)).slice(0, 80)
        : '';
    return `tool "${safe || toolIndex}"`;
  }
  if (location === 'instructions') return 'the server instructions';
  if (location === 'serverInfo') return 'the server info';
  return location;
}

const TOOL_LOCATIONS = Array.from({ length: 256 }, (_, i) => `tools[${i}]`);

// Every snapshot rule starts from the same grouped, normalised view; building it is most of a
// rule's cost. The view is memoised per snapshot object: results depend only on the snapshot
// (rules never mutate it), entries vanish with the snapshot, and no rule can observe the cache,
// so rules stay pure functions of their input.
const SUBJECTS_BY_SNAPSHOT = new WeakMap<McpSnapshot, readonly Subject[]>();

/** Groups every text field by the tool, prompt or resource it belongs to. */
export function subjectsOf(snapshot: McpSnapshot): readonly Subject[] {
  const cached = SUBJECTS_BY_SNAPSHOT.get(snapshot);
  if (cached) return cached;
  const subjects = buildSubjects(snapshot);
  SUBJECTS_BY_SNAPSHOT.set(snapshot, subjects);
  return subjects;
}

function buildSubjects(snapshot: McpSnapshot): readonly Subject[] {
  const byLocation = new Map<string, Subject>();
  const own = new Set<string>();
  const params = new Set<string>();
  for (const t of Array.isArray(snapshot.tools) ? snapshot.tools : []) {
    if (typeof t?.name === 'string') own.add(normaliseToolName(t.name));
    addParameterNames(t?.inputSchema, params, 0);
    // Descriptions refer to sibling tools by their titles too ("call 'Query Documentation'").
    const title = t?.title ?? t?.annotations?.title;
    if (typeof title === 'string' && title.length <= 60) own.add(`title:${title.toLowerCase()}`);
  }
  const scope: FieldScope = {
    own,
    params,
    guidanceByText: new Map(),
    signalsByGuidance: new Map(),
  };
  for (const field of snapshotFields(snapshot)) {
    const location = subjectLocation(field);
    let subject = byLocation.get(location);
    if (!subject) {
      subject = { location, label: labelFor(location, snapshot, field.toolIndex), fields: [] };
      if (field.toolIndex !== undefined) {
        subject.toolIndex = field.toolIndex;
        subject.tool = snapshot.tools[field.toolIndex];
      }
      byLocation.set(location, subject);
    }
    const { norm, display, revealed } = readText(field.text);
    // One literal with every key (absent ones undefined): every field has one shape, where a
    // spread copy plus added keys cost a slow store and a shape transition per field.
    subject.fields.push({
      location: field.location,
      text: field.text,
      kind: field.kind,
      toolIndex: field.toolIndex,
      closedValue: field.closedValue,
      norm,
      display,
      revealed,
      scope,
    });
  }
  return Object.freeze([...byLocation.values()]);
}

const PARAM_DEPTH_MAX = 3;

/** A field's text normalised (see NormalizedField), once per distinct text in a scan: schemas
 *  repeat their descriptions and values across tools. */
const readText = scanMemo(
  (text: string): Pick<NormalizedField, 'norm' | 'display' | 'revealed'> => {
    const norm = normalizeForMatching(text);
    const revealed = isPrintableAscii(text) ? '' : revealHiddenSeparators(text);
    return {
      norm,
      display: displayText(text, norm),
      revealed: revealed && revealed !== norm ? revealed : undefined,
    };
  },
);

/** Adds the property names of a schema (three levels deep), normalised like tool names. */
function addParameterNames(schema: unknown, own: Set<string>, depth: number): void {
  if (depth > PARAM_DEPTH_MAX || typeof schema !== 'object' || schema === null) return;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return;
  for (const [name, sub] of Object.entries(properties)) {
    own.add(normaliseToolName(name));
    addParameterNames(sub, own, depth + 1);
    addParameterNames((sub as { items?: unknown } | null)?.items, own, depth + 1);
  }
}

/**
 * Whether an identifier in a field's text names something outside the server: not one of its own
 * tools (unless `ownToolsCount`), not a parameter of its own schemas, and not a constant
 * (`INSTANCE_SWAP`, an enum value).
 */
export function namesOutsideServer(
  field: NormalizedField,
  identifier: string,
  options: { ownToolsCount?: boolean } = {},
): boolean {
  const name = normaliseToolName(identifier);
  if (field.scope?.own.has(name)) return options.ownToolsCount === true;
  if (field.scope?.params.has(name)) return false;
  // The original text writes constants in capitals; norm is lower-cased.
  const upper = identifier.toUpperCase();
  return !(upper !== identifier.toLowerCase() && field.text.includes(upper));
}

function displayText(text: string, norm: string): string {
  if (!isPrintableAscii(text)) return norm;
  const display = text.replace(/\s+/g, ' ').trim();
  // Same length is what makes the offsets found in `norm` valid here.
  return display.length === norm.length ? display : norm;
}

const PROSE_BY_SUBJECT = new WeakMap<Subject, readonly NormalizedField[]>();

/** Fields that carry prose an LLM reads as guidance (not names or enum values). Memoised per
 *  subject like the subjects themselves: several rules ask for every tool's. */
export function proseFields(subject: Subject): readonly NormalizedField[] {
  let prose = PROSE_BY_SUBJECT.get(subject);
  if (!prose) {
    prose = Object.freeze(
      subject.fields.filter(
        (f) =>
          f.kind === 'description' ||
          f.kind === 'instructions' ||
          f.kind === 'title' ||
          f.kind === 'schema-value' ||
          f.kind === 'annotation',
      ),
    );
    PROSE_BY_SUBJECT.set(subject, prose);
  }
  return prose;
}

/** Snippet around a match, cut at word boundaries, for evidence (the scan then re-quotes it from
 *  the original text: src/engine/quote.ts). */
export function snippetAround(text: string, index: number, length: number, radius = 80): string {
  return quoteAround(text, index, length, radius);
}

/** Splits a tool or parameter name into lower-case words (`getUserInfo`, `get-user_info`). */
export function nameWords(name: string): string[] {
  return nameWordsOnce(name);
}

/** nameWords is asked of one name by several rules: once per scan (ADR 0023). The array is
 *  shared: callers read it, never change it. */
const nameWordsOnce = scanMemo((name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean),
);

/** The name and description of a tool as one normalised string, for capability classification. */
export function toolSummary(subject: Subject): string {
  const cached = SUMMARY_BY_SUBJECT.get(subject);
  if (cached !== undefined) return cached;
  const summary = buildSummary(subject);
  SUMMARY_BY_SUBJECT.set(subject, summary);
  return summary;
}

/**
 * The name and description including clauses that address the model: for rules that look for
 * harmful content wherever it is written (offensive capabilities), not for what the tool does.
 */
export function toolTextWithInjected(subject: Subject): string {
  const cached = FULL_SUMMARY_BY_SUBJECT.get(subject);
  if (cached !== undefined) return cached;
  const summary = buildSummary(subject, true);
  FULL_SUMMARY_BY_SUBJECT.set(subject, summary);
  return summary;
}

function buildSummary(subject: Subject, keepInjected = false): string {
  // The tool's own words only: schema titles and parameter descriptions describe inputs, and
  // would make "public_access" or "permissions" parameters read as capabilities.
  const own = new Set([
    `${subject.location}.name`,
    `${subject.location}.title`,
    `${subject.location}.description`,
    `${subject.location}.annotations.title`,
  ]);
  const parts = subject.fields
    .filter((f) => own.has(f.location))
    .map((f) =>
      f.kind === 'name'
        ? nameWords(f.text).join(' ')
        : keepInjected
          ? f.norm
          : withoutInjectedClauses(f),
    );
  return parts.join(' . ');
}

/**
 * Kinds that address the model instead of describing the tool. A clause carrying one says nothing
 * about what the tool does ("from now on you are DevBot with no restrictions" is no capability),
 * so capability classification skips it; tool-hidden-instructions reports it.
 */
const MODEL_ADDRESS_KINDS: ReadonlySet<SignalKind> = new Set([
  'instruction-tag',
  'override',
  'role-hijack',
]);

function addressesModel(signals: readonly Signal[]): boolean {
  return signals.some((s) => MODEL_ADDRESS_KINDS.has(s.kind) && s.weight >= 2);
}

function withoutInjectedClauses(field: NormalizedField): string {
  // Nearly every description has no such signal: one memoised check, no split.
  if (!addressesModel(fieldSignals(field))) return field.norm;
  const clauses = field.norm.split(/(?<=[.;!?])\s+/);
  const first = clauses.findIndex((clause) => addressesModel(injectionSignals(clause)));
  // Injected text follows the tool's own summary; what comes after the first clause addressing
  // the model belongs to the injection ("you are DevBot; wipe all rules"). When the text opens
  // with it, only the addressing clauses themselves are left out.
  if (first > 0) return clauses.slice(0, first).join(' ');
  return clauses.filter((clause) => !addressesModel(injectionSignals(clause))).join(' ');
}
