// How evidence quotes what a rule saw: the original text (case, look-alikes and spacing as
// written, whitespace collapsed), cut at word boundaries with `…` where it is cut, and where it
// is: an RFC 6901 JSON pointer into the scanned document. Rules match on normalised text (lower
// case, NFKC, invisible characters removed); the finishers here map what they quote back to the
// original, so no rule has to keep offsets of its own.
import {
  hasHiddenCharacters,
  normalizeForMatching,
  normalizeWithOffsets,
  visibleText,
} from './text/unicode.js';
import type { Evidence, McpSnapshot } from './types.js';
import { scanMemo } from './memo.js';

/** Quotes are cut between whitespace-separated tokens: a word, a path (`~/.ssh/id_rsa`), an
 *  address or a tag stays whole. */
const WORD_RE = /\S/u;
/** How far a cut moves to reach a word boundary; past it (CJK text, one long token) it stays. */
const WORD_SLACK = 24;
/** Leftovers this short at either end of a quote are kept rather than replaced by `…`. */
const SHORT_TAIL = 8;

function isWordAt(text: string, index: number): boolean {
  const c = text[index];
  return c !== undefined && WORD_RE.test(c);
}

/** `start` moved back to the start of the word it falls in (when that is near). */
export function wordStart(text: string, start: number): number {
  if (start <= 0 || !isWordAt(text, start) || !isWordAt(text, start - 1)) return start;
  for (let i = start - 1; i >= Math.max(0, start - WORD_SLACK); i--) {
    if (i === 0 || !isWordAt(text, i - 1)) return i;
  }
  return start;
}

/** `end` (exclusive) moved forward to the end of the word it falls in (when that is near). */
export function wordEnd(text: string, end: number): number {
  if (end >= text.length || !isWordAt(text, end) || !isWordAt(text, end - 1)) return end;
  for (let i = end + 1; i <= Math.min(text.length, end + WORD_SLACK); i++) {
    if (i === text.length || !isWordAt(text, i)) return i;
  }
  return end;
}

/**
 * `text[start, end)` widened to whole words, whitespace collapsed, with `…` on each side where
 * the text goes on.
 */
export function quoteSpan(
  text: string,
  start: number,
  end: number,
  show: (text: string) => string = (t) => t,
): string {
  let from = wordStart(text, Math.max(0, start));
  let to = wordEnd(text, Math.min(text.length, end));
  // A few characters left over at either end (`>` of a closing tag) are quoted, not elided.
  if (text.slice(0, from).trim().length <= SHORT_TAIL) from = 0;
  if (text.slice(to).trim().length <= SHORT_TAIL) to = text.length;
  const before = text.slice(0, from).trim() !== '';
  const after = text.slice(to).trim() !== '';
  const body = show(text.slice(from, to)).replace(/\s+/g, ' ').trim();
  return `${before ? '…' : ''}${body}${after ? '…' : ''}`;
}

/** A window of `radius` characters each side of a match, widened to whole words. */
export function quoteAround(text: string, index: number, length: number, radius = 80): string {
  return quoteSpan(text, index - radius, index + length + radius);
}

/** At most `maxChars`, cut after the last whole word that fits (or mid-token when none does). */
export function truncateAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const room = maxChars - 1;
  let cut = room;
  if (isWordAt(text, cut) && isWordAt(text, cut - 1)) {
    let i = cut;
    while (i > room - WORD_SLACK * 2 && i > 0 && isWordAt(text, i - 1)) i--;
    if (i > 0 && !isWordAt(text, i - 1)) cut = i;
  }
  return `${text.slice(0, cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------
// Re-quoting a snippet cut from normalised text.

const MIN_ANCHOR_CHARS = 12;

/** One map per distinct text in a scan: several findings quote one field, and a description
 *  repeated across tools is quoted for each. */
const offsetsOf = scanMemo(normalizeWithOffsets);

/**
 * The snippet quoted from `original` instead: its words found in the original (through the
 * normalisation map), widened to whole words, whitespace collapsed, `…` where the text goes on.
 * Undefined when the snippet is not a window of the text (a rule's own summary such as
 * `name: {…}`, `hidden text: …`); then the rule's own snippet stays.
 */
export function requote(original: string, snippet: string): string | undefined {
  const core = snippet.replace(/^…/, '').replace(/…$/, '').trim();
  if (core.length < 3) return undefined;
  const mapped = offsetsOf(original);
  const needle = normalizeForMatching(core);
  let index = needle ? mapped.norm.indexOf(needle) : -1;
  let length = needle.length;
  if (index < 0) {
    // Rules that read a tool's name and description as one text (`name words . description`)
    // quote windows that may straddle both: anchor on the longest part found in this field.
    const parts = needle
      .split(' . ')
      .filter((p) => p.length >= MIN_ANCHOR_CHARS)
      .sort((a, b) => b.length - a.length);
    for (const part of parts) {
      index = mapped.norm.indexOf(part);
      if (index >= 0) {
        length = part.length;
        break;
      }
    }
  }
  if (index < 0 || length === 0) return undefined;
  const start = mapped.starts[index]!;
  const end = mapped.ends[index + length - 1]!;
  // Text that hides something is quoted as it reads: tag characters decoded, invisible ones
  // dropped, case kept.
  return hasHiddenCharacters(original)
    ? quoteSpan(original, start, end, visibleText)
    : quoteSpan(original, start, end);
}

// ---------------------------------------------------------------------------------------------
// JSON paths and pointers.

const PATH_TOKEN_RE = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/**
 * The segments of a JSON path as rules write it (`tools[3].inputSchema.properties["a.b"]`), or
 * undefined when the location is not one (`line 7`, `file.py:12`).
 */
export function pathSegments(path: string): (string | number)[] | undefined {
  const segments: (string | number)[] = [];
  let rest = path;
  while (rest.length > 0) {
    const m = PATH_TOKEN_RE.exec(rest);
    if (!m) return undefined;
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] !== undefined) segments.push(Number(m[2]));
    else {
      try {
        segments.push(JSON.parse(m[3]!) as string);
      } catch {
        return undefined;
      }
    }
    rest = rest.slice(m[0].length);
  }
  return segments.length > 0 ? segments : undefined;
}

/** RFC 6901: `~` as `~0`, `/` as `~1`, each segment after a `/`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The value a JSON pointer designates in `doc`, or undefined. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

const TOOL_RE = /^\/tools\/(\d+)(?:\/|$)/;

/**
 * Finishes a snapshot finding's evidence in place: the pointer its location designates (when it
 * resolves in the snapshot), the snippet re-quoted from the original text at that place, and for
 * tools found in code the file and line the tool is defined on.
 */
export function finishSnapshotEvidence(snapshot: McpSnapshot, evidence: Evidence): void {
  const segments = pathSegments(evidence.location);
  if (!segments) return;
  const pointer = toPointer(segments);
  const value = resolvePointer(snapshot, pointer);
  if (value === undefined) return;
  evidence.pointer = pointer;
  if (typeof value === 'string') {
    const quoted = requote(value, evidence.snippet);
    if (quoted !== undefined) evidence.snippet = quoted;
  }
  // Tools read from code carry the line they are defined on.
  const tool = TOOL_RE.exec(pointer);
  const defined = tool ? snapshot.tools[Number(tool[1])] : undefined;
  const line: unknown = defined?.line;
  if (typeof line === 'number' && line > 0 && typeof snapshot.origin === 'string') {
    evidence.file = snapshot.origin;
    evidence.line = line;
  }
}
