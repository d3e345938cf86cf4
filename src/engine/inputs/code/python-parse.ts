// A Python parser in JavaScript that builds the same tree as tree-sitter-python, for the code
// it accepts. tree-sitter's parse was a third of the code-analysis time and could not be made
// cheaper from outside (ADR 0008); most Python is plain enough that a hand-written recursive
// descent parser can build tree-sitter's tree for it at several times the speed.
//
// "The same tree" is exact: the same nodes, types, fields, ranges and links as the tree read
// from tree-sitter (python-tree.ts), comments and line continuations placed where tree-sitter
// places them. Anything this parser does not handle exactly (syntax errors, Python 2 print and
// exec statements, match and type statements, non-ASCII names, CR line ends, nested format
// specs, …) makes it give up on the file, and tree-sitter parses it instead. The tests hold the
// two parsers to the same tree on every Python file they have, and `bench/python-parse.ts`
// does so on a whole Python standard library.
import type { NodeSink } from './python-tree-memory.js';

/** Thrown where the parser meets anything it does not build exactly as tree-sitter does. */
class Unsupported extends Error {}

function unsupported(): never {
  throw new Unsupported();
}

/** The grammar's ids for the node types and fields this parser makes. */
export interface Symbols {
  /** A named node type's id. */
  named(name: string): number;
  /** An anonymous node type's id (operators kept as a field's value). */
  anonymous(name: string): number;
  field(name: string): number;
}

// ---------------------------------------------------------------------------------------------
// Tokens.

const EOF = 0;
const NAME = 1;
const NUMBER = 2;
const STRING = 3;
const OP = 4;
const NEWLINE = 5;
const INDENT = 6;
const DEDENT = 7;

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
interface Extra {
  named: 'comment' | 'line_continuation';
  start: number;
  end: number;
}

/** The tokens of a file (or of an f-string's interpolation), read before the parse. */
class Tokens {
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
function word(text: string, start: number, end: number): string {
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
function tokenize(text: string, extras: Extra[], from = 0, to = text.length, nested = false) {
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

// ---------------------------------------------------------------------------------------------
// The tree.

/** A node of the tree being built: its index in `Nodes`. */
type Node = number;

const NONE = -1;

/** The tree being built: node `i`'s type, field and range at index `i` of each array, its
 *  children as a list (first child, next sibling). Typed arrays, not an object per node: a 2 MB
 *  file makes half a million nodes, and objects that live as long as the parse are promoted out
 *  of the young generation, which an upload of several such files paid for in peak RSS. */
class Nodes {
  count = 0;
  types: Uint16Array;
  fields: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
  firstChildren: Int32Array;
  nextSiblings: Int32Array;

  /** `capacity`: the nodes expected (the arrays grow past it if need be). */
  constructor(capacity: number) {
    this.types = new Uint16Array(capacity);
    this.fields = new Uint16Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.firstChildren = new Int32Array(capacity);
    this.nextSiblings = new Int32Array(capacity);
  }

  add(type: number, field: number, start: number, end: number, children: readonly Node[] | null) {
    if (this.count === this.types.length) this.grow();
    const i = this.count++;
    this.types[i] = type;
    this.fields[i] = field;
    this.starts[i] = start;
    this.ends[i] = end;
    this.nextSiblings[i] = NONE;
    this.firstChildren[i] = children && children.length > 0 ? children[0]! : NONE;
    if (children) {
      for (let k = 1; k < children.length; k++) this.nextSiblings[children[k - 1]!] = children[k]!;
    }
    return i;
  }

  private grow(): void {
    const size = this.types.length * 2;
    this.types = grown(this.types, size);
    this.fields = grown(this.fields, size);
    this.starts = grown(this.starts, size);
    this.ends = grown(this.ends, size);
    this.firstChildren = grown(this.firstChildren, size);
    this.nextSiblings = grown(this.nextSiblings, size);
  }
}

const BINARY_PRECEDENCE = new Map<string, number>([
  ['|', 14],
  ['&', 15],
  ['^', 16],
  ['<<', 17],
  ['>>', 17],
  ['+', 18],
  ['-', 18],
  ['*', 19],
  ['@', 19],
  ['/', 19],
  ['%', 19],
  ['//', 19],
  ['**', 21],
]);
const UNARY_PRECEDENCE = 20;

const COMPARISON_OPERATORS = new Set(['<', '<=', '==', '!=', '>=', '>', '<>', 'in', 'not', 'is']);
const AUGMENTED = new Set([
  '+=', '-=', '*=', '/=', '@=', '//=', '%=', '**=', '>>=', '<<=', '&=', '^=', '|=',
]); // prettier-ignore

/** Words that never start or continue an expression as a name. */
const KEYWORDS = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class',
  'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if',
  'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
  'while', 'with', 'yield',
]); // prettier-ignore

/** Keywords that are also names (tree-sitter's keyword_identifier). */
const KEYWORD_NAMES = new Set(['print', 'exec', 'async', 'await', 'match', 'type']);

for (const name of [...KEYWORDS, ...KEYWORD_NAMES, '__future__']) {
  const list = WORDS_BY_CHAR.get(name.charCodeAt(0)) ?? [];
  list.push(name);
  WORDS_BY_CHAR.set(name.charCodeAt(0), list);
}

/** Tokens after which an annotation's `generic_type` is known to end. */
const TYPE_FOLLOWERS = new Set([',', ')', '=', ':', ']']);

/** Escape sequences in strings: tree-sitter-python's `escape_sequence` token. */
const ESCAPE =
  /\\(?:u[a-fA-F\d]{4}|U[a-fA-F\d]{8}|x[a-fA-F\d]{2}|\d{1,3}|\n|['"abfrntv\\]|N\{[^}]+\})/y;

/** Whether a raw string's content is only backslashes and the characters they step over. */
function onlyEscapedInRaw(text: string, from: number, to: number, quote: number): boolean {
  if (from === to) return false;
  let at = from;
  while (at < to && text.charCodeAt(at) === 92) {
    at++;
    const c = text.charCodeAt(at);
    if (at < to && (c === quote || c === 92)) at++;
    if (at < to && text.charCodeAt(at) === 10) at++;
  }
  return at >= to;
}

class Parser {
  private i = 0;
  private readonly kinds: Uint8Array;
  private readonly values: string[];
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor(
    private readonly text: string,
    private readonly tokens: Tokens,
    private readonly s: NodeTypes,
    private readonly f: FieldIds,
    private readonly extras: Extra[],
    /** The tree being built (shared with the parsers of f-string interpolations). */
    readonly n: Nodes,
  ) {
    this.kinds = tokens.kinds;
    this.values = tokens.values;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
  }

  // --- token helpers

  private is(value: string, at = this.i): boolean {
    const kind = this.kinds[at];
    return (kind === OP || kind === NAME) && this.values[at] === value;
  }

  private expect(value: string): number {
    if (!this.is(value)) unsupported();
    return this.ends[this.i++]!;
  }

  private node(type: number, start: number, end: number, children: Node[] | null = null): Node {
    return this.n.add(type, 0, start, end, children);
  }

  private leaf(type: number): Node {
    const node = this.node(type, this.starts[this.i]!, this.ends[this.i]!);
    this.i++;
    return node;
  }

  /** A node from `start` to the end of its last child. */
  private upTo(type: number, start: number, children: Node[]): Node {
    return this.n.add(type, 0, start, this.n.ends[children.at(-1)!]!, children);
  }

  private withField(field: number, node: Node): Node {
    this.n.fields[node] = field;
    return node;
  }

  /** A kept anonymous token (an operator as a field's value). */
  private operator(field: number, start: number, end: number, name?: string): Node {
    const type = this.s.anonymous(name ?? this.text.slice(start, end));
    return this.n.add(type, field, start, end, null);
  }

  // --- statements

  module(): Node {
    const children: Node[] = [];
    while (this.kinds[this.i] !== EOF) this.statement(children);
    const first = children.length > 0 ? this.n.starts[children[0]!]! : this.text.length;
    const start = Math.min(first, this.extras[0]?.start ?? first);
    return this.node(this.s.module, start, this.text.length, children);
  }

  private statement(into: Node[]): void {
    const compound = this.compoundStatement();
    if (compound === NONE) this.simpleStatements(into);
    else into.push(compound);
  }

  /** A compound statement, or NONE (nothing read) if the next statement is a simple one. */
  private compoundStatement(): Node {
    if (this.is('@')) return this.decorated();
    if (this.kinds[this.i] !== NAME) return NONE;
    const start = this.starts[this.i]!;
    switch (this.values[this.i]) {
      case 'def':
      case 'class':
        return this.definition();
      case 'if':
        return this.ifStatement();
      case 'for':
        return this.forStatement(start);
      case 'while':
        return this.whileStatement();
      case 'try':
        return this.tryStatement();
      case 'with':
        return this.withStatement(start);
      case 'async':
        this.i++;
        if (this.is('def')) return this.definition(start);
        if (this.is('for')) return this.forStatement(start);
        if (this.is('with')) return this.withStatement(start);
        return unsupported();
      default:
        return NONE;
    }
  }

  /** `a; b` up to the line's end; returns where the NEWLINE is. */
  private simpleStatements(into: Node[]): number {
    for (;;) {
      into.push(this.simpleStatement());
      if (!this.is(';')) break;
      this.i++;
      if (this.kinds[this.i] === NEWLINE) break;
    }
    if (this.kinds[this.i] !== NEWLINE) unsupported();
    return this.starts[this.i++]!;
  }

  private simpleStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    if (this.kinds[this.i] === NAME) {
      const word = this.values[this.i]!;
      switch (word) {
        case 'pass':
          return this.leaf(s.pass_statement);
        case 'break':
          return this.leaf(s.break_statement);
        case 'continue':
          return this.leaf(s.continue_statement);
        case 'return': {
          this.i++;
          if (this.atStatementEnd())
            return this.node(s.return_statement, start, this.ends[this.i - 1]!);
          const value = this.expressions();
          return this.node(s.return_statement, start, this.n.ends[value]!, [value]);
        }
        case 'del': {
          this.i++;
          const value = this.expressions();
          return this.node(s.delete_statement, start, this.n.ends[value]!, [value]);
        }
        case 'raise': {
          this.i++;
          const children: Node[] = [];
          if (!this.atStatementEnd()) children.push(this.expressions());
          if (this.is('from')) {
            this.i++;
            children.push(this.withField(this.f.cause, this.expression()));
          }
          const end = children.length > 0 ? this.n.ends[children.at(-1)!]! : this.ends[this.i - 1]!;
          return this.node(s.raise_statement, start, end, children);
        }
        case 'assert': {
          this.i++;
          const children = [this.expression()];
          while (this.is(',')) {
            this.i++;
            children.push(this.expression());
          }
          return this.upTo(s.assert_statement, start, children);
        }
        case 'global':
        case 'nonlocal': {
          this.i++;
          const children = [this.identifier()];
          while (this.is(',')) {
            this.i++;
            children.push(this.identifier());
          }
          const type = word === 'global' ? s.global_statement : s.nonlocal_statement;
          return this.upTo(type, start, children);
        }
        case 'import':
          return this.importStatement();
        case 'from':
          return this.fromImport();
        case 'print':
        case 'exec':
        case 'match':
        case 'type': {
          // Python 2 statements and soft keywords: only plain uses of the name are built here.
          const next = this.kinds[this.i + 1];
          const follower = this.values[this.i + 1];
          if (
            next !== OP ||
            !(
              follower === '=' ||
              follower === '.' ||
              ((word === 'print' || word === 'exec') && follower === '(')
            )
          )
            unsupported();
          break;
        }
      }
    }
    return this.expressionStatement(start);
  }

  private atStatementEnd(): boolean {
    return this.kinds[this.i] === NEWLINE || this.is(';');
  }

  private expressionStatement(start: number): Node {
    const { s } = this;
    if (this.is('yield')) {
      const value = this.yieldExpression();
      return this.node(s.expression_statement, start, this.n.ends[value]!, [value]);
    }
    const [items, trailingComma] = this.starList();
    const last = items.at(-1)!;
    if (this.is('=')) {
      const left = this.patternOf(items, trailingComma);
      const assignment = this.assignmentFrom(left);
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (this.is(':')) {
      if (items.length !== 1 || trailingComma) unsupported();
      const left = this.withField(this.f.left, this.toPattern(items[0]!));
      this.i++;
      const type = this.withField(this.f.type, this.type());
      const children = [left, type];
      if (this.is('=')) {
        this.i++;
        children.push(this.withField(this.f.right, this.rightHandSide()));
      }
      const assignment = this.upTo(s.assignment, this.n.starts[left]!, children);
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (this.kinds[this.i] === OP && AUGMENTED.has(this.values[this.i]!)) {
      const left = this.withField(this.f.left, this.patternOf(items, trailingComma));
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      const right = this.withField(this.f.right, this.rightHandSide());
      const assignment = this.node(
        s.augmented_assignment,
        this.n.starts[left]!,
        this.n.ends[right]!,
        [left, op, right],
      );
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (items.some((item) => this.n.types[item]! === s.list_splat)) unsupported();
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[last]!;
    return this.node(s.expression_statement, start, end, items);
  }

  /** `left = right`, `left = a = right`: `left` is already a pattern. */
  private assignmentFrom(left: Node): Node {
    const { s } = this;
    this.i++; // =
    this.n.fields[left] = this.f.left;
    const right = this.withField(this.f.right, this.rightHandSide());
    return this.node(s.assignment, this.n.starts[left]!, this.n.ends[right]!, [left, right]);
  }

  /** The right of `=`: an expression, an expression list, a yield, or another assignment. */
  private rightHandSide(): Node {
    if (this.is('yield')) return this.yieldExpression();
    const [items, trailingComma] = this.starList();
    if (this.is('=')) return this.assignmentFrom(this.patternOf(items, trailingComma));
    if (this.kinds[this.i] === OP && AUGMENTED.has(this.values[this.i]!)) unsupported();
    return this.listOf(items, trailingComma);
  }

  /** Comma-separated expressions, starred ones allowed, and whether a comma ended them. */
  private starList(): [Node[], boolean] {
    const items = [this.starExpression()];
    let trailingComma = false;
    while (this.is(',')) {
      this.i++;
      if (this.endsList()) {
        trailingComma = true;
        break;
      }
      items.push(this.starExpression());
    }
    return [items, trailingComma];
  }

  /** Whether the next token ends a comma-separated list. */
  private endsList(): boolean {
    const kind = this.kinds[this.i];
    if (kind === NEWLINE || kind === EOF) return true;
    if (kind !== OP && kind !== NAME) return false;
    const value = this.values[this.i]!;
    return (
      value === '=' ||
      value === ')' ||
      value === ']' ||
      value === '}' ||
      value === ';' ||
      value === ':' ||
      (kind === OP && AUGMENTED.has(value)) ||
      (kind === NAME && value === 'in')
    );
  }

  /** An expression or `*expression`. `restricted`: the star's operand must be plain (see
   *  plainStarOperand): in expression lists, and wherever tree-sitter was not seen to be
   *  consistent. */
  private starExpression(restricted = true): Node {
    if (this.is('*')) {
      const start = this.starts[this.i++]!;
      const value = this.expression();
      if (restricted && !this.plainStarOperand(value)) unsupported();
      return this.node(this.s.list_splat, start, this.n.ends[value]!, [value]);
    }
    return this.expression();
  }

  /** Whether `*operand` has one tree: tree-sitter's primary expressions include `*name` (a
   *  list_splat_pattern, aliased), and which of the two parses it keeps for `*a.b`, `*f(x)` or
   *  `*a.b()` depends on the context: in an argument list, list_splat(call) except after
   *  `print(`; in a list or set, call(list_splat) when the star is the only item, else
   *  list_splat(call); in a bare expression list, always call(list_splat). A name or a
   *  bracketed operand comes out the same either way. */
  private plainStarOperand(node: Node): boolean {
    const { s } = this;
    const t = this.n.types[node]!;
    return t === s.identifier || t === s.parenthesized_expression || t === s.tuple || t === s.list;
  }

  /** One expression, or an expression_list of several (or of one with a trailing comma). */
  private listOf(items: Node[], trailingComma: boolean): Node {
    if (items.length === 1 && !trailingComma) {
      if (this.n.types[items[0]!]! === this.s.list_splat) unsupported();
      return items[0]!;
    }
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[items.at(-1)!]!;
    return this.node(this.s.expression_list, this.n.starts[items[0]!]!, end, items);
  }

  /** `return`'s, `del`'s and `for … in`'s: an expression or an expression list. */
  private expressions(): Node {
    const [items, trailingComma] = this.starList();
    return this.listOf(items, trailingComma);
  }

  private patternOf(items: Node[], trailingComma: boolean): Node {
    const patterns = items.map((item) => this.toPattern(item));
    if (patterns.length === 1 && !trailingComma) return patterns[0]!;
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[patterns.at(-1)!]!;
    return this.node(this.s.pattern_list, this.n.starts[patterns[0]!]!, end, patterns);
  }

  /** An expression on the left of `=` or after `for`, as tree-sitter's `pattern`. */
  private toPattern(node: Node): Node {
    const { s, n } = this;
    const t = n.types[node];
    if (t === s.identifier || t === s.attribute || t === s.subscript) return node;
    if (t === s.tuple || t === s.list) {
      n.types[node] = t === s.tuple ? s.tuple_pattern : s.list_pattern;
      for (let c = n.firstChildren[node]!; c !== NONE; c = n.nextSiblings[c]!) this.toPattern(c);
      return node;
    }
    if (t === s.list_splat) {
      const inner = n.types[n.firstChildren[node]!];
      if (inner !== s.identifier && inner !== s.attribute && inner !== s.subscript) unsupported();
      n.types[node] = s.list_splat_pattern;
      return node;
    }
    return unsupported();
  }

  private identifier(): Node {
    if (this.kinds[this.i] !== NAME) unsupported();
    const word = this.values[this.i]!;
    if (KEYWORDS.has(word) && word !== 'async' && word !== 'await') unsupported();
    return this.leaf(this.s.identifier);
  }

  private dottedName(): Node {
    const first = this.identifier();
    const children = [first];
    while (this.is('.')) {
      this.i++;
      children.push(this.identifier());
    }
    return this.upTo(this.s.dotted_name, this.n.starts[first]!, children);
  }

  /** `a.b` or `a.b as c`, with the field `name`. */
  private importName(): Node {
    const { s } = this;
    const name = this.dottedName();
    if (!this.is('as')) return this.withField(this.f.name, name);
    this.i++;
    this.n.fields[name] = this.f.name;
    const alias = this.withField(this.f.alias, this.identifier());
    return this.withField(
      this.f.name,
      this.node(s.aliased_import, this.n.starts[name]!, this.n.ends[alias]!, [name, alias]),
    );
  }

  private importList(children: Node[]): number {
    const parenthesized = this.is('(');
    if (parenthesized) this.i++;
    children.push(this.importName());
    while (this.is(',')) {
      this.i++;
      if (parenthesized && this.is(')')) break;
      children.push(this.importName());
    }
    return parenthesized ? this.expect(')') : this.n.ends[children.at(-1)!]!;
  }

  private importStatement(): Node {
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    const end = this.importList(children);
    if (this.is('(') || children.length === 0) unsupported();
    return this.node(this.s.import_statement, start, end, children);
  }

  private fromImport(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    if (this.is('.') || this.is('...')) {
      const prefixStart = this.starts[this.i]!;
      while (this.is('.') || this.is('...')) this.i++;
      const prefix = this.node(s.import_prefix, prefixStart, this.ends[this.i - 1]!);
      const parts = [prefix];
      if (!this.is('import')) parts.push(this.dottedName());
      const module = this.upTo(s.relative_import, prefixStart, parts);
      children.push(this.withField(this.f.module_name, module));
    } else if (this.is('__future__')) {
      this.i++;
      this.expect('import');
      const end = this.importList(children);
      return this.node(s.future_import_statement, start, end, children);
    } else {
      children.push(this.withField(this.f.module_name, this.dottedName()));
    }
    this.expect('import');
    if (this.is('*')) {
      const star = this.leaf(s.wildcard_import);
      children.push(star);
      return this.node(s.import_from_statement, start, this.n.ends[star]!, children);
    }
    const end = this.importList(children);
    return this.node(s.import_from_statement, start, end, children);
  }

  /** `:` and the block after it: indented lines, or statements on the same line. */
  private suite(): Node {
    const { s } = this;
    this.expect(':');
    if (this.kinds[this.i] !== NEWLINE) {
      const children: Node[] = [];
      const end = this.simpleStatements(children);
      return this.node(s.block, this.n.starts[children[0]!]!, end, children);
    }
    this.i++;
    if (this.kinds[this.i] !== INDENT) unsupported();
    this.i++;
    const children: Node[] = [];
    while (this.kinds[this.i] !== DEDENT) {
      if (this.kinds[this.i] === EOF) unsupported();
      this.statement(children);
    }
    const end = this.starts[this.i++]!;
    return this.node(s.block, this.n.starts[children[0]!]!, end, children);
  }

  private ifStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const condition = this.withField(this.f.condition, this.expression());
    const consequence = this.withField(this.f.consequence, this.suite());
    const children = [condition, consequence];
    while (this.is('elif')) {
      const clauseStart = this.starts[this.i++]!;
      const c = this.withField(this.f.condition, this.expression());
      const body = this.withField(this.f.consequence, this.suite());
      children.push(
        this.withField(
          this.f.alternative,
          this.node(s.elif_clause, clauseStart, this.n.ends[body]!, [c, body]),
        ),
      );
    }
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.if_statement, start, children);
  }

  private elseClause(): Node {
    const start = this.starts[this.i++]!;
    const body = this.withField(this.f.body, this.suite());
    return this.node(this.s.else_clause, start, this.n.ends[body]!, [body]);
  }

  private forStatement(start: number): Node {
    const { s } = this;
    this.i++; // for
    const left = this.withField(this.f.left, this.targets());
    this.expect('in');
    const right = this.withField(this.f.right, this.expressions());
    const body = this.withField(this.f.body, this.suite());
    const children = [left, right, body];
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.for_statement, start, children);
  }

  /** The targets after `for`: a pattern or a pattern_list. */
  private targets(): Node {
    const items = [this.target()];
    let trailingComma = false;
    while (this.is(',')) {
      this.i++;
      if (this.is('in')) {
        trailingComma = true;
        break;
      }
      items.push(this.target());
    }
    return this.patternOf(items, trailingComma);
  }

  private target(): Node {
    if (this.is('*')) {
      const start = this.starts[this.i++]!;
      const value = this.primary();
      return this.node(this.s.list_splat, start, this.n.ends[value]!, [value]);
    }
    return this.primary();
  }

  private whileStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const condition = this.withField(this.f.condition, this.expression());
    const body = this.withField(this.f.body, this.suite());
    const children = [condition, body];
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.while_statement, start, children);
  }

  private tryStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children = [this.withField(this.f.body, this.suite())];
    while (this.is('except')) {
      const clauseStart = this.starts[this.i++]!;
      if (this.is('*')) unsupported();
      const parts: Node[] = [];
      if (!this.is(':')) {
        const value = this.expression();
        if (this.is('as')) {
          this.i++;
          const target = this.expression();
          const alias = this.node(
            s.as_pattern_target,
            this.n.starts[target]!,
            this.n.ends[target]!,
            [target],
          );
          this.n.fields[alias] = this.f.alias;
          parts.push(
            this.withField(
              this.f.value,
              this.node(s.as_pattern, this.n.starts[value]!, this.n.ends[alias]!, [value, alias]),
            ),
          );
        } else {
          parts.push(this.withField(this.f.value, value));
          if (this.is(',')) unsupported();
        }
      }
      parts.push(this.suite());
      children.push(this.upTo(s.except_clause, clauseStart, parts));
    }
    if (this.is('else')) children.push(this.elseClause());
    if (this.is('finally')) {
      const clauseStart = this.starts[this.i++]!;
      const body = this.suite();
      children.push(this.node(s.finally_clause, clauseStart, this.n.ends[body]!, [body]));
    }
    if (children.length === 1) unsupported();
    return this.upTo(s.try_statement, start, children);
  }

  private withStatement(start: number): Node {
    const { s } = this;
    this.i++; // with
    if (this.is('(')) unsupported(); // a parenthesized list of items, or a tuple: ambiguous
    const items: Node[] = [];
    for (;;) {
      const value = this.expression();
      let item: Node;
      if (this.is('as')) {
        this.i++;
        const target = this.expression();
        const alias = this.node(s.as_pattern_target, this.n.starts[target]!, this.n.ends[target]!, [
          target,
        ]);
        this.n.fields[alias] = this.f.alias;
        item = this.withField(
          this.f.value,
          this.node(s.as_pattern, this.n.starts[value]!, this.n.ends[alias]!, [value, alias]),
        );
      } else {
        item = this.withField(this.f.value, value);
      }
      items.push(this.node(s.with_item, this.n.starts[item]!, this.n.ends[item]!, [item]));
      if (!this.is(',')) break;
      this.i++;
    }
    const clause = this.node(
      s.with_clause,
      this.n.starts[items[0]!]!,
      this.n.ends[items.at(-1)!]!,
      items,
    );
    const body = this.withField(this.f.body, this.suite());
    return this.node(s.with_statement, start, this.n.ends[body]!, [clause, body]);
  }

  private decorated(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    const children: Node[] = [];
    while (this.is('@')) {
      const decoratorStart = this.starts[this.i++]!;
      const value = this.expression();
      if (this.kinds[this.i] !== NEWLINE) unsupported();
      const end = this.starts[this.i++]!;
      children.push(this.node(s.decorator, decoratorStart, end, [value]));
    }
    const definitionStart = this.starts[this.i]!; // at `async`, if there is one
    if (this.is('async')) this.i++;
    if (!this.is('def') && !this.is('class')) unsupported();
    const definition = this.withField(this.f.definition, this.definition(definitionStart));
    children.push(definition);
    return this.node(s.decorated_definition, start, this.n.ends[definition]!, children);
  }

  /** `def` or `class`, from `start` (an `async` before `def`). */
  private definition(start = this.starts[this.i]!): Node {
    const { s } = this;
    const isClass = this.is('class');
    this.i++;
    const children = [this.withField(this.f.name, this.identifier())];
    if (this.is('[')) unsupported(); // type parameters
    if (isClass) {
      if (this.is('(')) children.push(this.withField(this.f.superclasses, this.argumentList()));
    } else {
      children.push(this.withField(this.f.parameters, this.parameters()));
      if (this.is('->')) {
        this.i++;
        children.push(this.withField(this.f.return_type, this.type()));
      }
    }
    const body = this.withField(this.f.body, this.suite());
    children.push(body);
    return this.node(
      isClass ? s.class_definition : s.function_definition,
      start,
      this.n.ends[body]!,
      children,
    );
  }

  private parameters(): Node {
    const start = this.starts[this.i]!;
    this.expect('(');
    const children: Node[] = [];
    while (!this.is(')')) {
      children.push(this.parameter(true));
      if (!this.is(',')) break;
      this.i++;
    }
    const end = this.expect(')');
    return this.node(this.s.parameters, start, end, children);
  }

  private parameter(typed: boolean): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    if (this.is('/')) return this.leaf(s.positional_separator);
    let name: Node;
    if (this.is('*') || this.is('**')) {
      const star = this.is('*');
      this.i++;
      if (star && (this.is(',') || this.is(')') || this.is(':'))) {
        this.i--;
        return this.leaf(s.keyword_separator);
      }
      const id = this.identifier();
      name = this.node(
        star ? s.list_splat_pattern : s.dictionary_splat_pattern,
        start,
        this.n.ends[id]!,
        [id],
      );
      if (typed && this.is(':')) {
        this.i++;
        const type = this.withField(this.f.type, this.type());
        return this.node(s.typed_parameter, start, this.n.ends[type]!, [name, type]);
      }
      return name;
    }
    name = this.identifier();
    if (typed && this.is(':')) {
      this.i++;
      const type = this.withField(this.f.type, this.type());
      if (!this.is('='))
        return this.node(s.typed_parameter, start, this.n.ends[type]!, [name, type]);
      this.i++;
      this.n.fields[name] = this.f.name;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.typed_default_parameter, start, this.n.ends[value]!, [name, type, value]);
    }
    if (this.is('=')) {
      this.i++;
      this.n.fields[name] = this.f.name;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.default_parameter, start, this.n.ends[value]!, [name, value]);
    }
    return name;
  }

  /** An annotation: tree-sitter's `type`, around a generic type or an expression. A generic
   *  type followed by `|` makes a union_type; after an expression, `|` is a binary operator. */
  private type(): Node {
    const { s } = this;
    let type = this.typeOperand();
    let last = type;
    while (this.n.types[this.n.firstChildren[last]!]! === s.generic_type && this.is('|')) {
      this.i++;
      last = this.typeOperand();
      const union = this.node(s.union_type, this.n.starts[type]!, this.n.ends[last]!, [type, last]);
      type = this.node(s.type, this.n.starts[union]!, this.n.ends[union]!, [union]);
    }
    return type;
  }

  /** `Name[types]` as a generic_type, or an expression; in a `type` node. */
  private typeOperand(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    let inner: Node;
    if (
      this.kinds[this.i] === NAME &&
      this.is('[', this.i + 1) &&
      !KEYWORDS.has(this.values[this.i]!)
    ) {
      const base = this.leaf(s.identifier);
      const parameterStart = this.starts[this.i++]!;
      const types = [this.type()];
      while (this.is(',')) {
        this.i++;
        if (this.is(']')) break;
        types.push(this.type());
      }
      const end = this.expect(']');
      const parameter = this.node(s.type_parameter, parameterStart, end, types);
      inner = this.node(s.generic_type, start, end, [base, parameter]);
      const next = this.kinds[this.i];
      const follower = this.values[this.i]!;
      if (!(next === OP && (TYPE_FOLLOWERS.has(follower) || follower === '|')) && next !== NEWLINE)
        unsupported();
    } else {
      if (this.is('*') || this.is('**')) unsupported();
      inner = this.expression();
      if (this.n.types[inner]! === s.list_splat) unsupported();
    }
    return this.node(s.type, start, this.n.ends[inner]!, [inner]);
  }

  // --- expressions

  /** tree-sitter's `expression`: no tuple without brackets, no starred item. */
  expression(): Node {
    const { s } = this;
    if (this.is('lambda')) return this.lambda(true);
    if (this.kinds[this.i] === NAME && this.is(':=', this.i + 1)) {
      const name = this.withField(this.f.name, this.identifier());
      this.i++;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.named_expression, this.n.starts[name]!, this.n.ends[value]!, [
        name,
        value,
      ]);
    }
    const test = this.disjunction();
    if (!this.is('if')) return test;
    this.i++;
    const condition = this.disjunction();
    this.expect('else');
    const otherwise = this.expression();
    return this.node(s.conditional_expression, this.n.starts[test]!, this.n.ends[otherwise]!, [
      test,
      condition,
      otherwise,
    ]);
  }

  private lambda(full: boolean): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    if (!this.is(':')) {
      const parameters: Node[] = [];
      for (;;) {
        parameters.push(this.parameter(false));
        if (!this.is(',')) break;
        this.i++;
        if (this.is(':')) unsupported(); // a trailing comma
      }
      const end = this.n.ends[parameters.at(-1)!]!;
      children.push(
        this.withField(
          this.f.parameters,
          this.node(s.lambda_parameters, this.n.starts[parameters[0]!]!, end, parameters),
        ),
      );
    }
    this.expect(':');
    const body = this.withField(this.f.body, full ? this.expression() : this.disjunction());
    children.push(body);
    return this.node(s.lambda, start, this.n.ends[body]!, children);
  }

  private disjunction(): Node {
    let left = this.conjunction();
    while (this.is('or')) left = this.booleanOperator(left, () => this.conjunction());
    return left;
  }

  private conjunction(): Node {
    let left = this.inversion();
    while (this.is('and')) left = this.booleanOperator(left, () => this.inversion());
    return left;
  }

  private booleanOperator(left: Node, right: () => Node): Node {
    const { s } = this;
    this.n.fields[left] = this.f.left;
    const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
    this.i++;
    const r = this.withField(this.f.right, right());
    return this.node(s.boolean_operator, this.n.starts[left]!, this.n.ends[r]!, [left, op, r]);
  }

  private inversion(): Node {
    if (!this.is('not')) return this.comparison();
    const start = this.starts[this.i++]!;
    const argument = this.withField(this.f.argument, this.inversion());
    return this.node(this.s.not_operator, start, this.n.ends[argument]!, [argument]);
  }

  private comparison(): Node {
    const { s } = this;
    const first = this.binary(14);
    if (!this.isComparisonOperator()) return first;
    const children = [first];
    while (this.isComparisonOperator()) {
      const opStart = this.starts[this.i]!;
      let word = this.values[this.i++]!;
      if (word === 'not') {
        this.expect('in');
        word = 'not in';
      } else if (word === 'is' && this.is('not')) {
        this.i++;
        word = 'is not';
      }
      children.push(this.operator(this.f.operators, opStart, this.ends[this.i - 1]!, word));
      children.push(this.binary(14));
    }
    return this.upTo(s.comparison_operator, this.n.starts[first]!, children);
  }

  private isComparisonOperator(): boolean {
    const kind = this.kinds[this.i];
    if (kind !== OP && kind !== NAME) return false;
    const value = this.values[this.i]!;
    if (!COMPARISON_OPERATORS.has(value)) return false;
    return value !== 'not' || this.is('in', this.i + 1);
  }

  /** Binary operators binding at least as tightly as `min`. */
  private binary(min: number): Node {
    const { s } = this;
    let left = this.unary();
    for (;;) {
      if (this.kinds[this.i] !== OP) return left;
      const precedence = BINARY_PRECEDENCE.get(this.values[this.i]!);
      if (precedence === undefined || precedence < min) return left;
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      // `**` is right-associative; the others left-associative.
      const right = this.withField(
        this.f.right,
        this.binary(precedence === 21 ? 21 : precedence + 1),
      );
      this.n.fields[left] = this.f.left;
      left = this.node(s.binary_operator, this.n.starts[left]!, this.n.ends[right]!, [
        left,
        op,
        right,
      ]);
    }
  }

  private unary(): Node {
    const { s } = this;
    const kind = this.kinds[this.i];
    const value = this.values[this.i];
    if (kind === OP && (value === '-' || value === '+' || value === '~')) {
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      const argument = this.withField(this.f.argument, this.binary(UNARY_PRECEDENCE + 1));
      return this.node(s.unary_operator, this.n.starts[op]!, this.n.ends[argument]!, [
        op,
        argument,
      ]);
    }
    if (kind === NAME && value === 'await') {
      const start = this.starts[this.i++]!;
      const argument = this.binary(UNARY_PRECEDENCE + 1);
      return this.node(s.await, start, this.n.ends[argument]!, [argument]);
    }
    return this.primary();
  }

  /** An atom and its trailers: attributes, calls, subscripts. */
  private primary(): Node {
    const { s } = this;
    let node = this.atom();
    for (;;) {
      if (this.kinds[this.i] !== OP) return node;
      const value = this.values[this.i];
      if (value === '.') {
        this.i++;
        this.n.fields[node] = this.f.object;
        const attribute = this.withField(this.f.attribute, this.identifier());
        node = this.node(s.attribute, this.n.starts[node]!, this.n.ends[attribute]!, [
          node,
          attribute,
        ]);
      } else if (value === '(') {
        this.n.fields[node] = this.f.function;
        // After a keyword used as a name (`print(`), tree-sitter's parse of a starred call
        // differs (plainStarOperand).
        const keyword =
          this.n.types[node]! === s.identifier &&
          KEYWORD_NAMES.has(word(this.text, this.n.starts[node]!, this.n.ends[node]!));
        const args = this.withField(this.f.arguments, this.argumentList(true, keyword));
        node = this.node(s.call, this.n.starts[node]!, this.n.ends[args]!, [node, args]);
      } else if (value === '[') {
        node = this.subscript(node);
      } else {
        return node;
      }
    }
  }

  private subscript(value: Node): Node {
    const { s } = this;
    this.n.fields[value] = this.f.value;
    this.i++;
    const children = [value];
    for (;;) {
      children.push(this.withField(this.f.subscript, this.sliceOrExpression()));
      if (!this.is(',')) break;
      this.i++;
      if (this.is(']')) break;
    }
    const end = this.expect(']');
    return this.node(s.subscript, this.n.starts[value]!, end, children);
  }

  private sliceOrExpression(): Node {
    const start = this.starts[this.i]!;
    const children: Node[] = [];
    if (!this.is(':')) {
      const value = this.expression();
      if (!this.is(':')) return value;
      children.push(value);
    }
    let end = this.expect(':');
    if (!this.is(':') && !this.is(']') && !this.is(',')) {
      const upper = this.expression();
      children.push(upper);
      end = this.n.ends[upper]!;
    }
    if (this.is(':')) {
      end = this.expect(':');
      if (!this.is(']') && !this.is(',')) {
        const step = this.expression();
        children.push(step);
        end = this.n.ends[step]!;
      }
    }
    return this.node(this.s.slice, start, end, children);
  }

  /** `( … )` after a callee or a class name; with `call`, `f(x for x in y)` is a generator. */
  private argumentList(call = false, restricted = !call): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    while (!this.is(')')) {
      let arg: Node;
      if (this.is('*') || this.is('**')) {
        const type = this.is('*') ? s.list_splat : s.dictionary_splat;
        const argStart = this.starts[this.i++]!;
        const value = this.expression();
        if (restricted && type === s.list_splat && !this.plainStarOperand(value)) unsupported();
        arg = this.node(type, argStart, this.n.ends[value]!, [value]);
      } else if (this.kinds[this.i] === NAME && this.is('=', this.i + 1)) {
        const name = this.withField(this.f.name, this.identifier());
        this.i++;
        const value = this.withField(this.f.value, this.expression());
        arg = this.node(s.keyword_argument, this.n.starts[name]!, this.n.ends[value]!, [
          name,
          value,
        ]);
      } else {
        arg = this.expression();
        if (this.is('for') || this.is('async')) {
          if (!call || children.length > 0) unsupported();
          const clauses = this.comprehensionClauses();
          const end = this.expect(')');
          this.n.fields[arg] = this.f.body;
          return this.node(s.generator_expression, start, end, [arg, ...clauses]);
        }
      }
      children.push(arg);
      if (!this.is(',')) break;
      this.i++;
    }
    const end = this.expect(')');
    return this.node(s.argument_list, start, end, children);
  }

  private comprehensionClauses(): Node[] {
    const { s } = this;
    const clauses: Node[] = [];
    for (;;) {
      if (this.is('for') || this.is('async')) {
        const start = this.starts[this.i]!;
        if (this.is('async')) this.i++;
        this.expect('for');
        const left = this.withField(this.f.left, this.targets());
        this.expect('in');
        const parts = [left];
        for (;;) {
          const right = this.is('lambda') ? this.lambda(false) : this.disjunction();
          parts.push(this.withField(this.f.right, right));
          if (!this.is(',')) break;
          this.i++;
          if (this.is(']') || this.is(')') || this.is('}')) unsupported();
        }
        clauses.push(this.upTo(s.for_in_clause, start, parts));
      } else if (this.is('if')) {
        const start = this.starts[this.i++]!;
        const condition = this.disjunction();
        if (this.is('else')) unsupported();
        clauses.push(this.node(s.if_clause, start, this.n.ends[condition]!, [condition]));
      } else {
        return clauses;
      }
    }
  }

  private atom(): Node {
    const { s } = this;
    const kind = this.kinds[this.i];
    const value = this.values[this.i]!;
    switch (kind) {
      case NAME:
        switch (value) {
          case 'True':
            return this.leaf(s.true);
          case 'False':
            return this.leaf(s.false);
          case 'None':
            return this.leaf(s.none);
        }
        return this.identifier();
      case NUMBER:
        return this.leaf(/[.eE]/.test(value) && !/^0[xX]/.test(value) ? s.float : s.integer);
      case STRING:
        return this.strings();
      case OP:
        switch (value) {
          case '(':
            return this.parenthesized();
          case '[':
            return this.bracketed();
          case '{':
            return this.braced();
          case '...':
            return this.leaf(s.ellipsis);
        }
    }
    return unsupported();
  }

  private parenthesized(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is(')')) return this.node(s.tuple, start, this.expect(')'));
    if (this.is('yield')) {
      const value = this.yieldExpression();
      return this.node(s.parenthesized_expression, start, this.expect(')'), [value]);
    }
    const first = this.collectionItem();
    const generator = this.comprehension(s.generator_expression, start, first, ')');
    if (generator !== NONE) return generator;
    if (this.is(')')) {
      if (this.n.types[first]! === s.list_splat) unsupported();
      return this.node(s.parenthesized_expression, start, this.expect(')'), [first]);
    }
    const items = this.collectionRest(first, ')');
    return this.node(s.tuple, start, this.expect(')'), items);
  }

  private bracketed(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is(']')) return this.node(s.list, start, this.expect(']'));
    const first = this.collectionItem();
    const comprehension = this.comprehension(s.list_comprehension, start, first, ']');
    if (comprehension !== NONE) return comprehension;
    const items = this.collectionRest(first, ']');
    return this.node(s.list, start, this.expect(']'), items);
  }

  private braced(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is('}')) return this.node(s.dictionary, start, this.expect('}'));
    if (this.is('**') || !this.isSetItem()) {
      const first = this.dictionaryItem();
      if (this.n.types[first]! === s.pair) {
        const comprehension = this.comprehension(s.dictionary_comprehension, start, first, '}');
        if (comprehension !== NONE) return comprehension;
      }
      const items = [first];
      while (this.is(',')) {
        this.i++;
        if (this.is('}')) break;
        items.push(this.dictionaryItem());
      }
      return this.node(s.dictionary, start, this.expect('}'), items);
    }
    const first = this.collectionItem();
    const comprehension = this.comprehension(s.set_comprehension, start, first, '}');
    if (comprehension !== NONE) return comprehension;
    const items = this.collectionRest(first, '}');
    return this.node(s.set, start, this.expect('}'), items);
  }

  /** `first for … if …` up to `close`, as a comprehension of `type` from `start`, where a `for`
   *  follows `first`; else NONE, and nothing read. */
  private comprehension(type: number, start: number, first: Node, close: string): Node {
    if (!this.is('for') && !this.is('async')) return NONE;
    this.n.fields[first] = this.f.body;
    const clauses = this.comprehensionClauses();
    return this.node(type, start, this.expect(close), [first, ...clauses]);
  }

  /** Whether the braces hold a set: the first item is not followed by `:` at this depth. */
  private isSetItem(): boolean {
    let depth = 0;
    for (let at = this.i; ; at++) {
      const kind = this.kinds[at];
      if (kind === EOF) return true;
      if (kind !== OP && kind !== NAME) continue;
      const value = this.values[at];
      if (value === '(' || value === '[' || value === '{') depth++;
      else if (value === ')' || value === ']' || value === '}') {
        if (depth === 0) return true;
        depth--;
      } else if (depth === 0 && (value === ',' || value === 'for')) return true;
      else if (depth === 0 && value === ':') return false;
      else if (depth === 0 && value === 'lambda') unsupported();
    }
  }

  private dictionaryItem(): Node {
    const { s } = this;
    if (this.is('**')) {
      const start = this.starts[this.i++]!;
      const value = this.expression();
      return this.node(s.dictionary_splat, start, this.n.ends[value]!, [value]);
    }
    const key = this.withField(this.f.key, this.expression());
    this.expect(':');
    const value = this.withField(this.f.value, this.expression());
    return this.node(s.pair, this.n.starts[key]!, this.n.ends[value]!, [key, value]);
  }

  private collectionItem(): Node {
    if (this.is('yield')) return this.yieldExpression();
    return this.starExpression(false);
  }

  private collectionRest(first: Node, close: string): Node[] {
    const items = [first];
    while (this.is(',')) {
      this.i++;
      if (this.is(close)) break;
      items.push(this.collectionItem());
    }
    if (!this.is(close)) unsupported();
    // A list or set whose only item is starred: see plainStarOperand.
    if (close !== ')' && items.length === 1 && this.n.types[first]! === this.s.list_splat) {
      if (!this.plainStarOperand(this.n.firstChildren[first]!)) unsupported();
    }
    return items;
  }

  private yieldExpression(): Node {
    const start = this.starts[this.i++]!;
    if (this.is('from')) {
      this.i++;
      const value = this.expression();
      return this.node(this.s.yield, start, this.n.ends[value]!, [value]);
    }
    if (this.atStatementEnd() || this.is(')') || this.is(']') || this.is('}') || this.is('=')) {
      return this.node(this.s.yield, start, this.ends[this.i - 1]!);
    }
    const value = this.expressions();
    return this.node(this.s.yield, start, this.n.ends[value]!, [value]);
  }

  // --- strings

  /** One string, or several side by side: a concatenated_string. */
  private strings(): Node {
    const first = this.string();
    if (this.kinds[this.i] !== STRING) return first;
    const children = [first];
    while (this.kinds[this.i] === STRING) children.push(this.string());
    return this.upTo(this.s.concatenated_string, this.n.starts[first]!, children);
  }

  private string(): Node {
    const { s, text } = this;
    const index = this.i++;
    const start = this.starts[index]!;
    const end = this.ends[index]!;
    let quote = start;
    while (text.charCodeAt(quote) !== 34 && text.charCodeAt(quote) !== 39) quote++;
    const prefix = text.slice(start, quote).toLowerCase();
    const q = text.charCodeAt(quote);
    const triple =
      end - quote >= 6 && text.charCodeAt(quote + 1) === q && text.charCodeAt(quote + 2) === q;
    const contentStart = quote + (triple ? 3 : 1);
    const contentEnd = end - (triple ? 3 : 1);
    const children = [this.node(s.string_start, start, contentStart)];
    const interpolations = this.tokens.interpolations.get(index) ?? [];
    if (prefix.includes('r') && onlyEscapedInRaw(text, contentStart, contentEnd, q)) {
      // tree-sitter's scanner counts the backslashes it steps over in a raw string as no
      // content: where there is nothing else, they go to the string_end token.
      if (interpolations.length > 0) unsupported();
      children.push(this.node(s.string_end, contentStart, end));
      return this.node(s.string, start, end, children);
    }
    let from = contentStart;
    for (let k = 0; k < interpolations.length; k += 2) {
      this.content(children, from, interpolations[k]!, prefix);
      children.push(this.interpolation(interpolations[k]!, interpolations[k + 1]!));
      from = interpolations[k + 1]! + 1;
    }
    this.content(children, from, contentEnd, prefix);
    children.push(this.node(s.string_end, contentEnd, end));
    return this.node(s.string, start, end, children);
  }

  /** A string_content for `text[from, to)`, if not empty, with its escapes. */
  private content(into: Node[], from: number, to: number, prefix: string): void {
    if (from === to) return;
    const { s, text } = this;
    const raw = prefix.includes('r');
    const bytes = prefix.includes('b');
    const fstring = prefix.includes('f');
    let children: Node[] | null = null;
    for (let at = from; at < to;) {
      const c = text.charCodeAt(at);
      if (c === 92) {
        if (raw) {
          at += 2;
          continue;
        }
        const next = text.charCodeAt(at + 1);
        if (bytes && (next === 78 || next === 117 || next === 85)) {
          at += 2;
          continue;
        }
        ESCAPE.lastIndex = at;
        if (ESCAPE.test(text) && ESCAPE.lastIndex <= to) {
          (children ??= []).push(this.node(s.escape_sequence, at, ESCAPE.lastIndex));
          at = ESCAPE.lastIndex;
        } else {
          at += 2;
        }
        continue;
      }
      if (fstring && (c === 123 || c === 125)) {
        (children ??= []).push(this.node(s.escape_interpolation, at, at + 2));
        at += 2;
        continue;
      }
      at++;
    }
    into.push(this.node(s.string_content, from, to, children));
  }

  /** `{expression!r:spec}` in an f-string, from `{` at `open` to `}` at `close`. */
  private interpolation(open: number, close: number): Node {
    const { s, text } = this;
    // Where the expression ends: a `!` conversion, a `:` spec or a `=` before either, at depth 0.
    let depth = 0;
    let exprEnd = close;
    let conversion = -1;
    let spec = -1;
    for (let at = open + 1; at < close; at++) {
      const c = text.charCodeAt(at);
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) depth--;
      else if (c === 34 || c === 39) at = text.indexOf(String.fromCharCode(c), at + 1);
      else if (depth === 0 && c === 33 && text.charCodeAt(at + 1) !== 61) {
        conversion = at;
        break;
      } else if (depth === 0 && c === 58) {
        spec = at;
        break;
      }
    }
    if (conversion >= 0) {
      exprEnd = conversion;
      if (!/^![a-z]$/.test(text.slice(conversion, conversion + 2))) unsupported();
      const after = text.charCodeAt(conversion + 2);
      if (after === 58) spec = conversion + 2;
      else if (conversion + 2 !== close) unsupported();
    } else if (spec >= 0) {
      exprEnd = spec;
    }
    // `{x=}`: the `=` is a token of the interpolation.
    let exprText = text.slice(open + 1, exprEnd);
    const selfDocumenting = /=\s*$/.test(exprText) && !/[=!<>]=\s*$/.test(exprText);
    if (selfDocumenting) {
      exprEnd = open + 1 + exprText.lastIndexOf('=');
      exprText = text.slice(open + 1, exprEnd);
    }
    if (spec >= 0 && text.slice(spec + 1, close).includes('{')) unsupported();
    const tokens = tokenize(text, this.extras, open + 1, exprEnd, true);
    const inner = new Parser(text, tokens, s, this.f, this.extras, this.n);
    const expression = inner.interpolationExpression();
    const children = [this.withField(this.f.expression, expression)];
    if (conversion >= 0) {
      children.push(
        this.withField(
          this.f.type_conversion,
          this.node(s.type_conversion, conversion, conversion + 2),
        ),
      );
    }
    if (spec >= 0) {
      children.push(
        this.withField(this.f.format_specifier, this.node(s.format_specifier, spec, close)),
      );
    }
    return this.node(s.interpolation, open, close + 1, children);
  }

  /** The expression of an f-string interpolation: an expression or a list of them. */
  interpolationExpression(): Node {
    if (this.is('yield')) unsupported();
    const [items, trailingComma] = this.starList();
    if (this.kinds[this.i] !== EOF) unsupported();
    return this.listOf(items, trailingComma);
  }
}

/** The grammar's ids for the node types the parser makes, looked up once. */
type NodeTypes = Record<(typeof NAMED_TYPES)[number], number> & {
  anonymous(name: string): number;
};

/** The grammar's ids for the fields the parser sets. */
type FieldIds = Record<(typeof FIELDS)[number], number>;

const NAMED_TYPES = [
  'module', 'expression_statement', 'assignment', 'augmented_assignment', 'pattern_list',
  'expression_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern',
  'dictionary_splat_pattern', 'return_statement', 'delete_statement', 'raise_statement',
  'pass_statement', 'break_statement', 'continue_statement', 'global_statement',
  'nonlocal_statement', 'assert_statement', 'import_statement', 'import_from_statement',
  'future_import_statement', 'aliased_import', 'dotted_name', 'relative_import', 'import_prefix',
  'wildcard_import', 'if_statement', 'elif_clause', 'else_clause', 'for_statement',
  'while_statement', 'try_statement', 'except_clause', 'finally_clause', 'with_statement',
  'with_clause', 'with_item', 'as_pattern', 'as_pattern_target', 'function_definition',
  'parameters', 'lambda_parameters', 'typed_parameter', 'default_parameter',
  'typed_default_parameter', 'keyword_separator', 'positional_separator', 'class_definition',
  'decorated_definition', 'decorator', 'block', 'identifier', 'integer', 'float', 'true', 'false',
  'none', 'ellipsis', 'string', 'string_start', 'string_content', 'string_end', 'escape_sequence',
  'escape_interpolation', 'interpolation', 'type_conversion', 'format_specifier',
  'concatenated_string', 'attribute', 'subscript', 'slice', 'call', 'argument_list',
  'keyword_argument', 'list_splat', 'dictionary_splat', 'generator_expression', 'list',
  'list_comprehension', 'dictionary', 'pair', 'dictionary_comprehension', 'set',
  'set_comprehension', 'tuple', 'parenthesized_expression', 'for_in_clause', 'if_clause',
  'conditional_expression', 'named_expression', 'lambda', 'boolean_operator', 'not_operator',
  'comparison_operator', 'binary_operator', 'unary_operator', 'await', 'yield', 'type',
  'generic_type', 'type_parameter', 'union_type', 'comment', 'line_continuation',
] as const; // prettier-ignore

const FIELDS = [
  'left', 'right', 'operator', 'operators', 'name', 'alias', 'module_name', 'condition',
  'consequence', 'alternative', 'body', 'parameters', 'return_type', 'definition', 'superclasses',
  'function', 'arguments', 'object', 'attribute', 'value', 'subscript', 'key', 'argument', 'cause',
  'expression', 'type', 'type_conversion', 'format_specifier',
] as const; // prettier-ignore

const tablesCache = new WeakMap<Symbols, [NodeTypes, FieldIds]>();

function tables(symbols: Symbols): [NodeTypes, FieldIds] {
  let cached = tablesCache.get(symbols);
  if (cached) return cached;
  const anonymous = new Map<string, number>();
  const types = {
    anonymous(name: string) {
      let id = anonymous.get(name);
      if (id === undefined) {
        id = symbols.anonymous(name);
        anonymous.set(name, id);
      }
      return id;
    },
  } as NodeTypes;
  for (const name of NAMED_TYPES) types[name] = symbols.named(name);
  const fields = {} as FieldIds;
  for (const name of FIELDS) fields[name] = symbols.field(name);
  cached = [types, fields];
  tablesCache.set(symbols, cached);
  return cached;
}

/** Whether the grammar has every node type and field this parser makes (looked up once). */
export function symbolsComplete(symbols: Symbols): boolean {
  try {
    tables(symbols);
    return true;
  } catch {
    return false;
  }
}

/** Parses `text` into `sink` (nodes in document order, as tree-sitter's tree is read), or returns
 *  false, having added nothing, if the file holds anything this parser does not handle. */
export function parsePython(
  text: string,
  symbols: Symbols,
  sink: (count: number) => NodeSink,
): boolean {
  const [types, fields] = tables(symbols);
  let root: Node;
  let nodes: Nodes;
  const extras: Extra[] = [];
  try {
    const tokens = tokenize(text, extras);
    // About one node per four characters of Python.
    nodes = new Nodes(Math.max(64, text.length >> 2));
    root = new Parser(text, tokens, types, fields, extras, nodes).module();
    if (nodes.firstChildren[root] === NONE) return false;
  } catch (error) {
    if (error instanceof Unsupported || error instanceof RangeError) return false;
    throw error;
  }
  extras.sort((a, b) => a.start - b.start);
  const into = sink(nodes.count + extras.length);
  const extraTypes = extras.map((e) => types[e.named]);
  const { types: nodeTypes, fields: nodeFields, starts, ends, firstChildren, nextSiblings } = nodes;
  let next = 0;
  // Depth first, in document order; an extra goes to the innermost node whose range holds it,
  // before the first child that starts after it.
  const emit = (node: Node, parent: number) => {
    const index = into.add(
      parent,
      nodeTypes[node]!,
      nodeFields[node]!,
      starts[node]!,
      ends[node]!,
      false,
    );
    for (let child = firstChildren[node]!; child !== NONE; child = nextSiblings[child]!) {
      while (next < extras.length && extras[next]!.start < starts[child]!) {
        into.add(index, extraTypes[next]!, 0, extras[next]!.start, extras[next]!.end, false);
        next++;
      }
      emit(child, index);
    }
    while (next < extras.length && extras[next]!.end <= ends[node]!) {
      into.add(index, extraTypes[next]!, 0, extras[next]!.start, extras[next]!.end, false);
      next++;
    }
  };
  emit(root, NONE);
  return true;
}
