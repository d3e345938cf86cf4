// Shared vocabulary of the code rules: reading facts, resolving names to the values they were
// assigned, sink tables and a single way to report a call.
import type { Confidence, Severity } from '../../types.js';
import type { CodeInput } from '../../inputs/types.js';
import type { CallFact, CodeFacts, FunctionFacts, ValueFact } from '../../inputs/code/facts.js';
import type { RuleContext } from '../define-rule.js';
import { LineIndex } from '../../inputs/code/line-index.js';
import { quoteSpan } from '../../quote.js';

export { HIPAA, SOC2 } from '../snapshot/_compliance.js';

const NO_FACTS: CodeFacts = { functions: [], calls: [], tools: [] };

export function factsOf(code: CodeInput): CodeFacts {
  return code.facts ?? NO_FACTS;
}

/** A name's assigned value when known (`q = f"…"; execute(q)` → the f-string), else the value. */
export function resolved(value: ValueFact | undefined): ValueFact | undefined {
  let current = value;
  for (let depth = 0; depth < 4 && current?.origin; depth++) current = current.origin;
  return current;
}

/** Built by string interpolation or concatenation (template, f-string, `+`, `%`, `.format`). */
export function isBuiltString(value: ValueFact | undefined): boolean {
  const shape = resolved(value)?.shape;
  return shape === 'template' || shape === 'concat' || shape === 'format';
}

/** Python truthiness of a keyword argument: `shell=True`, or anything not literally false. */
export function isTruthy(value: ValueFact | undefined): boolean {
  if (!value) return false;
  if (value.shape !== 'literal') return true;
  return Boolean(value.literal);
}

/** True when a name in the function, or in a function around it, matches (case-insensitive
 *  patterns: names are stored as written). */
export function someNameAround(facts: CodeFacts, fn: number, pattern: RegExp): boolean {
  for (let f: FunctionFacts | undefined = facts.functions[fn]; f; f = facts.functions[f.parent]) {
    if (someName(f.names, pattern)) return true;
    if (f.parent < 0) break;
  }
  return false;
}

/** True when any name in the file matches. */
export function someNameInFile(facts: CodeFacts, pattern: RegExp): boolean {
  return facts.functions.some((f) => someName(f.names, pattern));
}

function someName(names: Set<string>, pattern: RegExp): boolean {
  for (const name of names) if (pattern.test(name)) return true;
  return false;
}

/** Line starts per file, built on the first evidence line asked for: scanning from the top for
 *  each finding made a large file with many findings quadratic. */
const LINES_BY_INPUT = new WeakMap<CodeInput, LineIndex>();

function linesOf(code: CodeInput): LineIndex {
  let lines = LINES_BY_INPUT.get(code);
  if (!lines) {
    lines = new LineIndex(code.text);
    LINES_BY_INPUT.set(code, lines);
  }
  return lines;
}

/** The source line, for evidence. */
export function lineText(code: CodeInput, line: number): string {
  return linesOf(code).lineText(code.text, line).trim();
}

/** Lines longer than this are quoted around the column (bundled or generated code). */
const LONG_LINE_CHARS = 240;

/**
 * The source line for evidence: whole when it is short, else a window of whole words around
 * `column` (1-based), with `…` where it is cut.
 */
export function lineQuote(code: CodeInput, line: number, column?: number): string {
  const text = linesOf(code).lineText(code.text, line);
  if (text.trim().length <= LONG_LINE_CHARS || column === undefined) return text.trim();
  return quoteSpan(text, column - 1 - 60, column - 1 + LONG_LINE_CHARS - 60);
}

/** 1-based line and column of a character index in the file. */
export function positionOf(code: CodeInput, index: number): { line: number; column: number } {
  const lines = linesOf(code);
  return { line: lines.lineOf(index), column: lines.columnOf(index) };
}

export function functionLabel(facts: CodeFacts, call: CallFact): string {
  const fn = facts.functions[call.fn];
  if (!fn || fn.name === '<module>') return 'module code';
  const kind = fn.isToolHandler ? 'tool handler' : 'function';
  return fn.name === '<anonymous>' ? `a ${kind}` : `${kind} \`${fn.name}\``;
}

export interface CallReport {
  message: string;
  severity?: Severity;
  confidence?: Confidence;
}

export function reportCall(
  ctx: RuleContext,
  code: CodeInput,
  call: { line: number; column?: number },
  report: CallReport,
): void {
  ctx.report({
    file: code.path,
    location: `${code.path}:${call.line}`,
    snippet: lineQuote(code, call.line, call.column),
    line: call.line,
    ...(call.column !== undefined ? { column: call.column } : {}),
    message: report.message,
    ...(report.severity ? { severity: report.severity } : {}),
    ...(report.confidence ? { confidence: report.confidence } : {}),
  });
}

/** How a value reaching a sink rates: caller input is the rule's severity, anything else that is
 *  not a constant is a weaker, lower-confidence signal, constants are fine. */
export type Exposure = 'input' | 'dynamic' | 'constant';

export function exposureOf(value: ValueFact | undefined): Exposure {
  if (!value) return 'constant';
  if (value.isTainted) return 'input';
  if (value.isConstant) return 'constant';
  return 'dynamic';
}

export function worstExposure(values: (ValueFact | undefined)[]): Exposure {
  const all = values.map(exposureOf);
  if (all.includes('input')) return 'input';
  if (all.includes('dynamic')) return 'dynamic';
  return 'constant';
}

/** Parameter names that say the function receives request data. */
const REQUEST_PARAMS =
  /^(?:req|request|args|arguments|params|input|inputs|event|body|query|payload|ctx|context|message|msg)$/i;

/**
 * True when taint in this function surely comes from a caller of the server: it is (or is nested
 * in) a tool handler or a web request handler, or its parameters are named like request data.
 * Taint from the parameters of an ordinary helper depends on who calls it, which an
 * intra-procedural analysis does not follow; rules report that at medium, low confidence.
 */
export function isCallerContext(facts: CodeFacts, fn: number): boolean {
  for (let f: FunctionFacts | undefined = facts.functions[fn]; f; f = facts.functions[f.parent]) {
    if (f.isToolHandler || f.isRequestHandler) return true;
    if (f.params.some((p) => REQUEST_PARAMS.test(p))) return true;
    if (f.parent < 0) break;
  }
  return false;
}

/** `input` split by where the call is: caller input for sure, or a helper's parameter. */
export type Level = 'input' | 'parameter' | 'dynamic';

export function levelOf(facts: CodeFacts, call: CallFact, exposure: Exposure): Level | undefined {
  if (exposure === 'constant') return undefined;
  if (exposure === 'dynamic') return 'dynamic';
  return isCallerContext(facts, call.fn) ? 'input' : 'parameter';
}

/** Severity and confidence for a level, given the rule's severity for caller input. */
export function ratingOf(
  level: Level,
  strong: Severity,
  dynamic: Severity = 'medium',
): { severity: Severity; confidence: Confidence } {
  if (level === 'input') return { severity: strong, confidence: 'high' };
  if (level === 'parameter') return { severity: 'medium', confidence: 'low' };
  return { severity: dynamic, confidence: 'low' };
}

/** How the value's origin reads in a message. */
export function originOf(level: Level, where: string): string {
  if (level === 'input') return `caller input in ${where}`;
  if (level === 'parameter') return `a parameter of ${where} (its callers are not traced)`;
  return `a non-constant value in ${where}`;
}

/** Outbound HTTP calls: the callee (resolved through imports) and which argument holds the URL. */
export function outboundUrlArgument(call: CallFact): ValueFact | undefined | null {
  const callee = call.callee;
  const method = call.method;
  if (callee === 'fetch' || callee === 'undici.fetch' || callee === 'node-fetch') {
    return call.args[0];
  }
  if (call.isNew && (callee === 'Request' || callee === 'undici.Request')) return call.args[0];
  if (
    /^(?:axios|got|ky|superagent|needle|undici|node-fetch)(?:\.create\(\))?(?:\.\w+)?$/.test(callee)
  ) {
    if (method === 'request' || callee === 'axios' || callee === 'got') {
      const first = call.args[0];
      return first?.shape === 'object' ? (first.props?.url ?? null) : first;
    }
    return HTTP_VERBS.has(method) ? call.args[0] : null;
  }
  if (/^(?:https?)\.(?:get|request)$/.test(callee)) return call.args[0];
  if (/^(?:requests|httpx)(?:\.\w+\(\))?\.(\w+)$/.test(callee)) {
    if (method === 'request') return call.kwargs.url ?? call.args[1];
    return HTTP_VERBS.has(method) || method === 'stream' ? (call.kwargs.url ?? call.args[0]) : null;
  }
  if (/^aiohttp\.ClientSession\(\)\.\w+$/.test(callee)) {
    if (method === 'request') return call.kwargs.url ?? call.args[1];
    return HTTP_VERBS.has(method) ? (call.kwargs.url ?? call.args[0]) : null;
  }
  if (callee === 'urllib.request.urlopen' || callee === 'urllib.request.Request') {
    return call.kwargs.url ?? call.args[0];
  }
  if (/^urllib3\.PoolManager\(\)\.(?:request|urlopen)$/.test(callee)) return call.args[1];
  return null;
}

const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** True for calls that send data off the machine (any argument counts). */
export function isOutboundCall(call: CallFact): boolean {
  return outboundUrlArgument(call) !== null;
}
