// The Python parser's tokens (python-parse.ts): the file split into names, numbers, strings,
// operators and the NEWLINE / INDENT / DEDENT of its layout, with comments and line continuations
// set aside as extras. Like the rest of that parser, it gives up (`Unsupported`) on anything it
// does not read exactly as tree-sitter-python does.

/** Thrown where the parser meets anything it does not build exactly as tree-sitter does. */
export class Unsupported extends Error {}

export function unsupported(): never {
  throw new Unsupported();
}

export const EOF = 0;
export const NAME = 1;
export const NUMBER = 2;
export const STRING = 3;
export const OP = 4;
export const NEWLINE = 5;
export const INDENT = 6;
export const DEDENT = 7;

/** Operators and punctuation, longest first within each first character. */
const OPERATORS = [
  '**=', '//=', '>>=', '<<=', '...', '->', ':=',
  '**', '//', '>>', '<<', '<=', '>=', '==', '!=', '<>',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=',
  '(', ')', '[', ']', '{', '}', ',', ':', ';', '.', '=', '+', '-', '*', '/', '%',
  '|', '&', '^', '~', '<', '>', '@',
]; // prettier-ignore

const OPERATORS_BY_CHAR = new Map<number, string[]>();
for (const op of OPERATORS) {
  const list = OPERATORS_BY_CHAR.get(op.charCodeAt(0)) ?? [];
  list.push(op);
  OPERATORS_BY_CHAR.set(op.charCodeAt(0), list);
}

const STRING_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);

/** Character classes, by code below 128. */
const NAME_START = new Uint8Array(128);
const NAME_PART = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  NAME_START[c] = /[A-Za-z_]/.test(ch) ? 1 : 0;
  NAME_PART[c] = /[A-Za-z0-9_]/.test(ch) ? 1 : 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A copy of `array` with room for `size` entries (for arrays that grow as they fill). */
export function grown<T extends Uint8Array | Uint16Array | Int32Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

/** An extra: a comment or a line continuation, placed in the tree after the parse. */
export interface Extra {
  named: 'comment' | 'line_continuation';
  start: number;
  end: number;
}

/** The tokens of a file (or of an f-string's interpolation), read before the parse. */
export class Tokens {
  count = 0;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  /** Operators, and the names the parser asks for (WORDS); '' for other names and tokens. The
   *  strings are constants: a file's tokens allocate no strings. */
  values: string[] = [];
  /** For STRING tokens: the f-string interpolations' `{` and `}` offsets, in pairs. */
  interpolations = new Map<number, number[]>();

  /** `capacity`: the tokens expected (the arrays grow past it if need be). */
  constructor(capacity: number) {
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  push(kind: number, start: number, end: number, value: string): void {
    if (this.count === this.kinds.length) this.grow();
    const i = this.count++;
    this.kinds[i] = kind;
    this.starts[i] = start;
    this.ends[i] = end;
    this.values.push(value);
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    this.kinds = grown(this.kinds, size);
    this.starts = grown(this.starts, size);
    this.ends = grown(this.ends, size);
  }
}

/** The names the parser tells apart: keywords, keywords that are also names, `__future__`. */
const WORDS_BY_CHAR = new Map<number, string[]>();

/** `text[start, end)` if it is one of WORDS_BY_CHAR's names, else ''. */
export function word(text: string, start: number, end: number): string {
  const candidates = WORDS_BY_CHAR.get(text.charCodeAt(start));
  if (candidates) {
    for (const candidate of candidates) {
      if (candidate.length === end - start && text.startsWith(candidate, start)) return candidate;
    }
  }
  return '';
}

/** Splits `text[from, to)` into tokens. With `nested`, the range is inside brackets (an
 *  f-string's interpolation): line ends are blanks, and no NEWLINE, INDENT or DEDENT is made. */
export function tokenize(
  text: string,
  extras: Extra[],
  from = 0,
  to = text.length,
  nested = false,
) {
  // About one token per four characters of Python; the arrays grow past that if need be.
  const tokens = new Tokens(Math.max(16, (to - from) >> 2));
  const indents = [0];
  let depth = nested ? 1 : 0;
  let pos = from;
  /** Where the last token or extra ended: zero-width NEWLINE, INDENT and DEDENT go there. */
  let lastEnd = from;
  let atLineStart = !nested;
  let lineHasTokens = false;

  const newline = () => {
    tokens.push(NEWLINE, lastEnd, lastEnd, '');
    lineHasTokens = false;
  };

  while (true) {
    if (atLineStart) {
      atLineStart = false;
      // The lines before the next line of code: blank lines and comment lines. tree-sitter's
      // scanner ends a block before a comment only if the next code is dedented and the comment
      // is indented less than the block (python/src/scanner.c).
      const comments: number[] = []; // indent, start, end
      let indent = 0;
      let codeIndent = 0;
      for (;;) {
        indent = 0;
        let c = text.charCodeAt(pos);
        while (c === 32 || c === 9 || c === 12) {
          indent = c === 32 ? indent + 1 : c === 9 ? indent + 8 : 0;
          c = text.charCodeAt(++pos);
        }
        if (pos >= to) {
          codeIndent = 0;
          break;
        }
        if (c === 10) {
          pos++;
          continue;
        }
        if (c === 35) {
          const start = pos;
          let end = text.indexOf('\n', pos);
          if (end < 0 || end > to) end = to;
          comments.push(indent, start, end);
          pos = end < to ? end + 1 : end;
          continue;
        }
        if (c === 92 || c === 13) unsupported(); // a continuation or CR at a line's start
        codeIndent = indent;
        break;
      }
      for (let k = 0; k < comments.length; k += 3) {
        while (
          codeIndent < indents[indents.length - 1]! &&
          comments[k]! < indents[indents.length - 1]!
        ) {
          indents.pop();
          tokens.push(DEDENT, lastEnd, lastEnd, '');
        }
        extras.push({ named: 'comment', start: comments[k + 1]!, end: comments[k + 2]! });
        lastEnd = comments[k + 2]!;
      }
      if (pos >= to) break;
      const top = indents[indents.length - 1]!;
      if (codeIndent > top) {
        indents.push(codeIndent);
        tokens.push(INDENT, lastEnd, lastEnd, '');
      } else {
        while (codeIndent < indents[indents.length - 1]!) {
          indents.pop();
          tokens.push(DEDENT, lastEnd, lastEnd, '');
        }
        if (codeIndent !== indents[indents.length - 1]!) unsupported();
      }
    }
    if (pos >= to) break;
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 9 || c === 12) {
      pos++;
      continue;
    }
    if (c === 10) {
      pos++;
      if (depth > 0) continue;
      if (lineHasTokens) newline();
      atLineStart = true;
      continue;
    }
    if (c === 35) {
      if (nested) unsupported();
      let end = text.indexOf('\n', pos);
      if (end < 0 || end > to) end = to;
      extras.push({ named: 'comment', start: pos, end });
      pos = lastEnd = end;
      continue;
    }
    if (c === 92) {
      if (text.charCodeAt(pos + 1) !== 10) unsupported();
      // Before a string, tree-sitter's scanner takes the continuation as the string's leading
      // blank, and no node is made for it.
      if (!stringFollows(text, pos + 2, to)) {
        extras.push({ named: 'line_continuation', start: pos, end: pos + 2 });
        lastEnd = pos + 2;
      }
      pos += 2;
      continue;
    }
    if (c >= 128 || c === 13) unsupported();
    const start = pos;
    lineHasTokens = true;
    if (NAME_START[c]) {
      pos++;
      while (pos < to) {
        const d = text.charCodeAt(pos);
        if (d < 128 ? NAME_PART[d] === 0 : true) break;
        pos++;
      }
      const d = text.charCodeAt(pos);
      if (d >= 128 && pos < to) unsupported();
      if (d === 34 || d === 39) {
        if (!STRING_PREFIXES.has(text.slice(start, pos).toLowerCase())) unsupported();
        pos = readString(text, start, pos, to, tokens);
        lastEnd = pos;
        continue;
      }
      tokens.push(NAME, start, pos, word(text, start, pos));
      lastEnd = pos;
      continue;
    }
    if (c === 34 || c === 39) {
      pos = readString(text, start, pos, to, tokens);
      lastEnd = pos;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(pos + 1)))) {
      pos = readNumber(text, pos, to);
      tokens.push(NUMBER, start, pos, text.slice(start, pos));
      lastEnd = pos;
      continue;
    }
    const candidates = OPERATORS_BY_CHAR.get(c);
    const op = candidates?.find((o) => text.startsWith(o, pos) && pos + o.length <= to);
    if (!op) unsupported(); // `!`, `$`, `?`, backquotes
    if (op === '(' || op === '[' || op === '{') depth++;
    else if (op === ')' || op === ']' || op === '}') {
      if (--depth < 0 || (nested && depth === 0)) unsupported();
    }
    pos += op.length;
    tokens.push(OP, start, pos, op);
    lastEnd = pos;
  }
  if (depth !== (nested ? 1 : 0)) unsupported();
  if (!nested) {
    if (lineHasTokens) newline();
    while (indents.length > 1) {
      indents.pop();
      tokens.push(DEDENT, lastEnd, lastEnd, '');
    }
  }
  tokens.push(EOF, to, to, '');
  return tokens;
}

/** Whether a string literal starts at `pos`, after blanks and line continuations. */
function stringFollows(text: string, pos: number, to: number): boolean {
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 9 || c === 12) pos++;
    else if (c === 92 && text.charCodeAt(pos + 1) === 10) pos += 2;
    else break;
  }
  while (pos < to && /[rRbBuUfFtT]/.test(text.charAt(pos))) pos++;
  const c = text.charCodeAt(pos);
  return pos < to && (c === 34 || c === 39);
}

/** tree-sitter's integer and float tokens (grammar.js). */
function readNumber(text: string, pos: number, to: number): number {
  const digits = (from: number, ok: (c: number) => boolean) => {
    let at = from;
    while (at < to) {
      const c = text.charCodeAt(at);
      if (ok(c) || (c === 95 && at > from && ok(text.charCodeAt(at + 1)))) at++;
      else break;
    }
    return at;
  };
  const c1 = text.charCodeAt(pos + 1) | 0x20;
  if (text.charCodeAt(pos) === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) {
    const ok =
      c1 === 120
        ? (c: number) => isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102)
        : c1 === 111
          ? (c: number) => c >= 48 && c <= 55
          : (c: number) => c === 48 || c === 49;
    let at = pos + 2;
    if (text.charCodeAt(at) === 95) at++;
    const end = digits(at, ok);
    if (end === at) unsupported();
    return suffix(text, end, false);
  }
  let at = digits(pos, isDigit);
  let float = false;
  if (text.charCodeAt(at) === 46) {
    float = true;
    at = digits(at + 1, isDigit);
  }
  if ((text.charCodeAt(at) | 0x20) === 101) {
    let e = at + 1;
    if (text.charCodeAt(e) === 43 || text.charCodeAt(e) === 45) e++;
    if (isDigit(text.charCodeAt(e))) {
      float = true;
      at = digits(e, isDigit);
    }
  }
  return suffix(text, at, float);
}

function suffix(text: string, at: number, float: boolean): number {
  const c = text.charCodeAt(at) | 0x20;
  if (c === 106 || (!float && c === 108)) at++; // j, or an integer's L
  const next = text.charCodeAt(at);
  if (next < 128 && (NAME_PART[next] || next === 46)) unsupported();
  return at;
}

/** Reads a string literal from its prefix at `start` (quote at `quote`); returns its end. */
function readString(text: string, start: number, quote: number, to: number, tokens: Tokens) {
  const prefix = text.slice(start, quote).toLowerCase();
  const raw = prefix.includes('r');
  const fstring = prefix.includes('f');
  const q = text.charCodeAt(quote);
  const triple = text.charCodeAt(quote + 1) === q && text.charCodeAt(quote + 2) === q;
  let pos = quote + (triple ? 3 : 1);
  const interpolations: number[] = [];
  for (;;) {
    if (pos >= to) unsupported();
    const c = text.charCodeAt(pos);
    if (c === 92) {
      pos += 2;
      continue;
    }
    if (c === 13) unsupported();
    if (c === 10 && !triple) unsupported();
    if (c === q) {
      if (!triple) {
        pos++;
        break;
      }
      if (text.charCodeAt(pos + 1) === q && text.charCodeAt(pos + 2) === q) {
        pos += 3;
        break;
      }
    }
    if (fstring && (c === 123 || c === 125)) {
      if (text.charCodeAt(pos + 1) === c) {
        pos += 2;
        continue;
      }
      if (c === 125) unsupported();
      const close = interpolationEnd(text, pos + 1, q, to);
      interpolations.push(pos, close);
      pos = close + 1;
      continue;
    }
    pos++;
  }
  if (raw && fstring && triple) unsupported();
  tokens.push(STRING, start, pos, '');
  if (interpolations.length > 0) tokens.interpolations.set(tokens.count - 1, interpolations);
  return pos;
}

/** The offset of the `}` that closes an f-string interpolation whose expression starts at `pos`. */
function interpolationEnd(text: string, pos: number, quote: number, to: number): number {
  let depth = 0;
  for (; pos < to; pos++) {
    const c = text.charCodeAt(pos);
    if (c === quote || c === 92 || c === 10 || c === 35) unsupported();
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93) depth--;
    else if (c === 125) {
      if (depth === 0) return pos;
      depth--;
    } else if (c === 34 || c === 39) {
      const end = text.indexOf(String.fromCharCode(c), pos + 1);
      if (end < 0) unsupported();
      pos = end;
    }
  }
  return unsupported();
}

/** Words that never start or continue an expression as a name. */
export const KEYWORDS = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class',
  'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if',
  'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
  'while', 'with', 'yield',
]); // prettier-ignore

/** Keywords that are also names (tree-sitter's keyword_identifier). */
export const KEYWORD_NAMES = new Set(['print', 'exec', 'async', 'await', 'match', 'type']);

for (const name of [...KEYWORDS, ...KEYWORD_NAMES, '__future__']) {
  const list = WORDS_BY_CHAR.get(name.charCodeAt(0)) ?? [];
  list.push(name);
  WORDS_BY_CHAR.set(name.charCodeAt(0), list);
}
