// Python source → a syntax tree the walkers read (python.ts), behind one door: `parsePythonTree`.
// Two parsers build the same tree: python-parse.ts, a recursive-descent parser in JavaScript that
// takes most files at several times tree-sitter's speed and declines anything it does not build
// exactly as tree-sitter-python does (ADR 0009); and tree-sitter itself, through its public API,
// for the files it declines (syntax errors, Python 2, match statements, …).
//
// The tree is held in typed arrays, a few dozen bytes per node, and `PyNode` is a view of one
// entry, made afresh on each access and dropped young. (A tree of objects, or views kept for the
// whole walk, outlived the young generation: four 2 MB Python files in one upload then peaked
// above 600 MB of RSS.) Anonymous leaves (punctuation, keywords) are dropped unless they are a
// field's value (`operator` of a binary expression) or a missing token; nothing in the walkers
// reads the others. tree-sitter's tree is read once, through its public TreeCursor, and deleted
// at once (wasm memory is not garbage-collected).
import { createRequire } from 'node:module';
import { Language, Parser, type Tree, type TreeCursor } from 'web-tree-sitter';
import { PARSE_TIME_MS_MAX } from './budget.js';
import { LineIndex } from './line-index.js';
import type { NodeSink } from './python-nodes.js';
import { grown, parsePython, symbolsComplete, type Symbols } from './python-parse.js';

/** tree-sitter's symbol for ERROR nodes. */
const ERROR_TYPE_ID = 0xffff;

/** A language's type names, named-ness and field ids, as arrays the pass indexes. */
class Grammar {
  readonly types: string[] = [];
  readonly named: boolean[] = [];
  readonly fieldIds = new Map<string, number>();
  /** For python-parse.ts: the ids of its node types and fields (null: one is missing). */
  symbols: Symbols | null | undefined;

  constructor(language: Language) {
    for (let id = 0; id < language.nodeTypeCount; id++) {
      this.types.push(internalized(language.types[id] ?? ''));
      this.named.push(language.nodeTypeIsNamed(id));
    }
    language.fields.forEach((name, id) => {
      if (name) this.fieldIds.set(name, id);
    });
  }

  typeName(id: number): string {
    return id === ERROR_TYPE_ID ? 'ERROR' : (this.types[id] ?? 'ERROR');
  }

  isNamed(id: number): boolean {
    return id === ERROR_TYPE_ID || this.named[id] === true;
  }
}

const grammars = new WeakMap<Language, Grammar>();

/** The same string, as V8's one copy of it (a property key): the walkers switch on node types,
 *  and comparing two such strings is comparing two pointers. */
function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0] ?? name;
}

const NAMED = 1;
const MISSING = 2;
/** The node or a descendant is an ERROR or a missing token. */
const HAS_ERROR = 4;
const NONE = -1;

/** One file's tree: node `i`'s properties at index `i` of each array; links are indices. */
class PyTree implements NodeSink {
  count = 0;
  types: Uint16Array;
  fields: Uint16Array;
  flags: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  parents: Int32Array;
  firstChildren: Int32Array;
  lastChildren: Int32Array;
  nextSiblings: Int32Array;
  private lineIndex: LineIndex | undefined;

  /** `capacity`: the nodes expected (the arrays grow past it if need be). */
  constructor(
    readonly text: string,
    readonly grammar: Grammar,
    capacity = Math.max(64, text.length >> 2),
  ) {
    this.types = new Uint16Array(capacity);
    this.fields = new Uint16Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.parents = new Int32Array(capacity);
    this.firstChildren = new Int32Array(capacity);
    this.lastChildren = new Int32Array(capacity);
    this.nextSiblings = new Int32Array(capacity);
  }

  isNamed(typeId: number): boolean {
    return this.grammar.isNamed(typeId);
  }

  /** Appends a node as the last child of `parent` (NONE for the root); returns its index. */
  add(
    parent: number,
    typeId: number,
    fieldId: number,
    start: number,
    end: number,
    missing: boolean,
  ) {
    const flags =
      (this.grammar.isNamed(typeId) ? NAMED : 0) |
      (missing ? MISSING : 0) |
      (missing || typeId === ERROR_TYPE_ID ? HAS_ERROR : 0);
    if (this.count === this.types.length) this.grow();
    const i = this.count++;
    this.types[i] = typeId;
    this.fields[i] = fieldId;
    this.flags[i] = flags;
    this.starts[i] = start;
    this.ends[i] = end;
    this.parents[i] = parent;
    this.firstChildren[i] = NONE;
    this.lastChildren[i] = NONE;
    this.nextSiblings[i] = NONE;
    if (parent !== NONE) {
      const last = this.lastChildren[parent]!;
      if (last === NONE) this.firstChildren[parent] = i;
      else this.nextSiblings[last] = i;
      this.lastChildren[parent] = i;
    }
    if (flags & HAS_ERROR) this.markError(parent);
    return i;
  }

  private markError(from: number): void {
    for (let at = from; at !== NONE && !(this.flags[at]! & HAS_ERROR); at = this.parents[at]!) {
      this.flags[at]! |= HAS_ERROR;
    }
  }

  private grow(): void {
    const size = this.types.length * 2;
    this.types = grown(this.types, size);
    this.fields = grown(this.fields, size);
    this.flags = grown(this.flags, size);
    this.starts = grown(this.starts, size);
    this.ends = grown(this.ends, size);
    this.parents = grown(this.parents, size);
    this.firstChildren = grown(this.firstChildren, size);
    this.lastChildren = grown(this.lastChildren, size);
    this.nextSiblings = grown(this.nextSiblings, size);
  }

  node(i: number): PyNode {
    return new PyNode(this, i);
  }

  /** Whether `other` holds the same nodes, in the same order and links. */
  sameAs(other: PyTree): boolean {
    if (this.count !== other.count || this.text !== other.text) return false;
    const equal = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      for (let i = 0; i < this.count; i++) if (a[i] !== b[i]) return false;
      return true;
    };
    return (
      equal(this.types, other.types) &&
      equal(this.fields, other.fields) &&
      equal(this.flags, other.flags) &&
      equal(this.starts, other.starts) &&
      equal(this.ends, other.ends) &&
      equal(this.parents, other.parents) &&
      equal(this.nextSiblings, other.nextSiblings)
    );
  }

  row(offset: number): number {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex.lineOf(offset) - 1;
  }

  /** 0-based column of an offset, in UTF-16 code units. */
  column(offset: number): number {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex.columnOf(offset) - 1;
  }
}

/** A syntax node: the subset of web-tree-sitter's `Node` API that the Python walkers use. A new
 *  view each time it is reached, so compare nodes by type and range, never by identity. */
export class PyNode {
  constructor(
    readonly tree: PyTree,
    private readonly index: number,
  ) {}

  get type(): string {
    return this.tree.grammar.typeName(this.tree.types[this.index]!);
  }

  get isNamed(): boolean {
    return (this.tree.flags[this.index]! & NAMED) !== 0;
  }

  get isMissing(): boolean {
    return (this.tree.flags[this.index]! & MISSING) !== 0;
  }

  get hasError(): boolean {
    return (this.tree.flags[this.index]! & HAS_ERROR) !== 0;
  }

  get startIndex(): number {
    return this.tree.starts[this.index]!;
  }

  get endIndex(): number {
    return this.tree.ends[this.index]!;
  }

  get text(): string {
    return this.tree.text.slice(this.tree.starts[this.index], this.tree.ends[this.index]);
  }

  get startPosition(): { row: number } {
    return { row: this.tree.row(this.tree.starts[this.index]!) };
  }

  /** 0-based column of the node's start, in UTF-16 code units. */
  get startColumn(): number {
    return this.tree.column(this.tree.starts[this.index]!);
  }

  get parent(): PyNode | null {
    const parent = this.tree.parents[this.index]!;
    return parent === NONE ? null : this.tree.node(parent);
  }

  /** In source order (a new array each time). */
  get children(): PyNode[] {
    const { tree } = this;
    const out: PyNode[] = [];
    for (let c = tree.firstChildren[this.index]!; c !== NONE; c = tree.nextSiblings[c]!) {
      out.push(tree.node(c));
    }
    return out;
  }

  get namedChildren(): PyNode[] {
    const { tree } = this;
    const out: PyNode[] = [];
    for (let c = tree.firstChildren[this.index]!; c !== NONE; c = tree.nextSiblings[c]!) {
      if (tree.flags[c]! & NAMED) out.push(tree.node(c));
    }
    return out;
  }

  childForFieldName(name: string): PyNode | null {
    const { tree } = this;
    const id = tree.grammar.fieldIds.get(name);
    if (id === undefined) return null;
    for (let c = tree.firstChildren[this.index]!; c !== NONE; c = tree.nextSiblings[c]!) {
      if (tree.fields[c] === id) return tree.node(c);
    }
    return null;
  }

  childrenForFieldName(name: string): PyNode[] {
    const { tree } = this;
    const id = tree.grammar.fieldIds.get(name);
    const out: PyNode[] = [];
    if (id === undefined) return out;
    for (let c = tree.firstChildren[this.index]!; c !== NONE; c = tree.nextSiblings[c]!) {
      if (tree.fields[c] === id) out.push(tree.node(c));
    }
    return out;
  }

  /** Descendants of this type, in source order (the node itself excluded). */
  descendantsOfType(type: string): PyNode[] {
    const { tree } = this;
    const out: PyNode[] = [];
    // Nodes are stored in document order: a node's descendants follow it, up to the first node
    // that is not among them.
    for (let i = this.index + 1; i < tree.count && this.contains(i); i++) {
      if (tree.grammar.typeName(tree.types[i]!) === type) out.push(tree.node(i));
    }
    return out;
  }

  private contains(i: number): boolean {
    const { tree } = this;
    for (let at = tree.parents[i]!; at !== NONE; at = tree.parents[at]!) {
      if (at === this.index) return true;
      if (at < this.index) return false;
    }
    return false;
  }
}

/** A parsed file: its root, and which parser built the tree. */
export interface PythonTree {
  root: PyNode;
  parsedBy: 'python-parse' | 'tree-sitter';
}

export interface ParseOptions {
  /** Which parser builds the tree: python-parse.ts where it can, else tree-sitter (`either`, what
   *  a scan does); or one of them alone, for the tests and benchmarks that hold the two to the
   *  same tree (`python-parse` gives null for a file it declines). */
  parser?: 'either' | 'python-parse' | 'tree-sitter';
  /** tree-sitter's parse gives up (null) after this long. */
  timeLimitMs?: number;
}

let languageLoading: Promise<Language> | undefined;
let treeSitter: Parser | undefined;

/** The grammar, loaded on first use (the slow part) and kept for the process. */
function pythonLanguage(): Promise<Language> {
  languageLoading ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve(
      'tree-sitter-python/tree-sitter-python.wasm',
    );
    return Language.load(wasm);
  })();
  return languageLoading;
}

/**
 * Parses Python source into the tree the walkers read: python-parse.ts's where it takes the file,
 * else tree-sitter's (read through its public cursor). Null only if tree-sitter's parse took
 * longer than the time limit, or if `parser: 'python-parse'` was asked for and it declined. A
 * fault in python-parse.ts costs the file tree-sitter's slower parse, never its analysis.
 */
export async function parsePythonTree(
  text: string,
  options: ParseOptions = {},
): Promise<PythonTree | null> {
  const language = await pythonLanguage();
  const choice = options.parser ?? 'either';
  if (choice !== 'tree-sitter') {
    let root: PyNode | null = null;
    try {
      root = parseWithoutTreeSitter(text, language);
    } catch {
      root = null;
    }
    if (root) return { root, parsedBy: 'python-parse' };
    if (choice === 'python-parse') return null;
  }
  const root = parseWithTreeSitter(language, text, options.timeLimitMs ?? PARSE_TIME_MS_MAX);
  return root && { root, parsedBy: 'tree-sitter' };
}

function parseWithTreeSitter(language: Language, text: string, timeLimitMs: number): PyNode | null {
  if (!treeSitter) {
    treeSitter = new Parser();
    treeSitter.setLanguage(language);
  }
  const deadline = performance.now() + timeLimitMs;
  const tree = treeSitter.parse(text, null, {
    progressCallback: () => performance.now() > deadline,
  });
  if (!tree) return null;
  try {
    return readTree(tree, text);
  } finally {
    tree.delete();
  }
}

function grammarOf(language: Language): Grammar {
  let grammar = grammars.get(language);
  if (!grammar) {
    grammar = new Grammar(language);
    grammars.set(language, grammar);
  }
  return grammar;
}

/** Reads the whole tree through tree-sitter's public TreeCursor; the tree itself can be deleted
 *  afterwards. Exported for the test that holds it to web-tree-sitter's Node API. */
export function readTree(tree: Tree, text: string): PyNode {
  const into = new PyTree(text, grammarOf(tree.language));
  const cursor = tree.walk();
  try {
    read(cursor, into);
  } finally {
    cursor.delete();
  }
  return into.node(0);
}

/** The tree of `text` built by python-parse.ts, or null where that parser leaves the file to
 *  tree-sitter. */
function parseWithoutTreeSitter(text: string, language: Language): PyNode | null {
  const grammar = grammarOf(language);
  grammar.symbols ??= symbolsOf(language);
  if (!grammar.symbols) return null;
  let into: PyTree | undefined;
  const parsed = parsePython(text, grammar.symbols, (count) => {
    into = new PyTree(text, grammar, count);
    return into;
  });
  return parsed && into ? into.node(0) : null;
}

/** The language's ids for python-parse.ts, if it has every node type and field that parser makes. */
function symbolsOf(language: Language): Symbols | null {
  const id = (found: number | null) => {
    if (found === null || found < 0) throw new RangeError('not in the grammar');
    return found;
  };
  const symbols: Symbols = {
    named: (name) => id(language.idForNodeType(name, true)),
    anonymous: (name) => id(language.idForNodeType(name, false)),
    field: (name) => id(language.fieldIdForName(name)),
  };
  return symbolsComplete(symbols) ? symbols : null;
}

/** Where two trees of the same text first differ, for tests: undefined if they do not. */
export function treeDifference(a: PyNode, b: PyNode): string | undefined {
  const x = a.tree;
  const y = b.tree;
  if (x.sameAs(y)) return undefined;
  const describe = (t: PyTree, i: number, links: boolean) =>
    i >= t.count
      ? '(none)'
      : `${t.grammar.typeName(t.types[i]!)} field ${t.fields[i]} [${t.starts[i]},${t.ends[i]}]` +
        (links ? ` parent ${t.parents[i]} next ${t.nextSiblings[i]} flags ${t.flags[i]}` : '');
  const count = Math.max(x.count, y.count);
  // The nodes themselves first: a missing or extra node shows at its own index, not in its
  // ancestors' sibling links.
  for (const links of [false, true]) {
    for (let i = 0; i < count; i++) {
      const left = describe(x, i, links);
      const right = describe(y, i, links);
      if (left === right) continue;
      const at = i < x.count ? x.starts[i]! : x.text.length;
      const near = x.text.slice(Math.max(0, at - 60), at + 60);
      return `node ${i}: ${left} / ${right} near ${JSON.stringify(near)}`;
    }
  }
  return 'the texts differ';
}

/** One depth-first pass from the cursor's node (the root), into `into` in document order. */
function read(cursor: TreeCursor, into: PyTree): void {
  const { grammar } = into;
  // The kept nodes from the root to the cursor's parent. Dropped nodes are leaves, so the cursor
  // only ever descends into kept ones.
  const path: number[] = [
    into.add(NONE, cursor.nodeTypeId, 0, cursor.startIndex, cursor.endIndex, false),
  ];
  if (!cursor.gotoFirstChild()) return;
  for (;;) {
    const owner = path[path.length - 1]!;
    const typeId = cursor.nodeTypeId;
    const fieldId = cursor.currentFieldId;
    const isNamed = grammar.isNamed(typeId);
    // A third of all nodes are anonymous leaves that nothing reads (punctuation, keywords): their
    // range is read only if they turn out to be kept.
    const mayDrop = !isNamed && fieldId === 0;
    let start = mayDrop ? 0 : cursor.startIndex;
    let end = mayDrop ? 0 : cursor.endIndex;
    const isMissing = mayDrop ? cursor.nodeIsMissing : start === end && cursor.nodeIsMissing;
    const hasChildren = cursor.gotoFirstChild();
    if (mayDrop && (isMissing || hasChildren)) {
      // A missing token, or (rarely) an anonymous node with children: kept after all.
      if (hasChildren) cursor.gotoParent();
      start = cursor.startIndex;
      end = cursor.endIndex;
      if (hasChildren) cursor.gotoFirstChild();
    }
    let node = NONE;
    if (!mayDrop || isMissing || hasChildren) {
      node = into.add(owner, typeId, fieldId, start, end, isMissing);
    }
    if (hasChildren) {
      path.push(node);
      continue;
    }
    // Next: the sibling of this node or of the nearest ancestor that has one.
    while (!cursor.gotoNextSibling()) {
      cursor.gotoParent();
      path.pop();
      if (path.length === 0) return;
    }
  }
}
