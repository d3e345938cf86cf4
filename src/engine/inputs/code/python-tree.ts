// tree-sitter's Python tree, read into JavaScript in one pass. web-tree-sitter's `Node` API
// crosses into wasm and allocates a wrapper for every property read (`type`, `text`, children,
// fields): walking the tree through it cost more than parsing it. Here a single pass reads
// each node's type, field, range and whether it is missing into typed arrays, a few dozen bytes
// per node, and `PyNode` is a view of one entry, made afresh on each access and dropped young. (A
// tree of objects, or views kept for the whole walk, outlived the young generation: four 2 MB
// Python files in one upload then peaked above 600 MB of RSS, against 380 MB now.) Anonymous
// leaves (punctuation, keywords) are dropped unless they are a field's value (`operator` of a
// binary expression) or a missing token; nothing in the walkers reads the others.
//
// Most files never reach tree-sitter: python-parse.ts builds the same tree into the same arrays
// (ADR 0009), and tree-sitter parses only the files it declines. For those, three ways to make
// the pass, fastest first (ADR 0008): straight from the subtree records in
// wasm memory (python-tree-memory.ts), once a sample has read the same that way as through the
// cursor; through the cursor functions of tree-sitter's wasm module, called directly with the
// cursor kept in the module's transfer buffer between calls (the functions web-tree-sitter's
// TreeCursor calls, without copying the cursor out to JS and back around each); and, where the
// module's functions are not at hand, through the public TreeCursor.
import { Parser, type Language, type Tree, type TreeCursor } from 'web-tree-sitter';
import { LineIndex } from './line-index.js';
import { grown, parsePython, symbolsComplete, type Symbols } from './python-parse.js';
import {
  languageTables,
  readFromMemory,
  visibleNodeCount,
  type LanguageTables,
  type NodeSink,
  type WasmHeaps,
} from './python-tree-memory.js';

/** The wasm module's exports the fast passes use (web-tree-sitter's own bindings, lib/tree-sitter.c,
 *  and the memory views Emscripten keeps current on the module object). */
export interface TreeSitterModule extends WasmHeaps {
  _ts_init(): number;
  getValue(pointer: number, type: 'i32'): number;
  setValue(pointer: number, value: number, type: 'i32'): void;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
}

const MODULE_FUNCTIONS = [
  '_ts_init',
  'getValue',
  'setValue',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
] as const;

/** The module object `Parser.init` filled in, if it has everything the fast passes use. */
export function usableModule(candidate: object): TreeSitterModule | undefined {
  const record = candidate as Record<string, unknown>;
  return MODULE_FUNCTIONS.every((name) => typeof record[name] === 'function') &&
    record.HEAPU8 instanceof Uint8Array &&
    record.HEAPU16 instanceof Uint16Array &&
    record.HEAP32 instanceof Int32Array
    ? (candidate as TreeSitterModule)
    : undefined;
}

/** tree-sitter's symbol for ERROR nodes. */
const ERROR_TYPE_ID = 0xffff;

/** A language's type names, named-ness and field ids, as arrays the pass indexes. */
class Grammar {
  readonly types: string[] = [];
  readonly named: boolean[] = [];
  readonly fieldIds = new Map<string, number>();
  /** For the memory pass: the language's tables once checked (null: the check failed). */
  tables: LanguageTables | null | undefined;
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

/** The cursor moves and reads of one pass: direct wasm calls, or the public TreeCursor. */
interface CursorOps {
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): boolean;
  typeId(): number;
  fieldId(): number;
  start(): number;
  end(): number;
  isMissing(): boolean;
}

/** How a tree is read: straight from wasm memory, through the module's cursor functions, or
 *  through the public TreeCursor. */
export type ReadPath = 'memory' | 'cursor' | 'public';

function grammarOf(language: Language): Grammar {
  let grammar = grammars.get(language);
  if (!grammar) {
    grammar = new Grammar(language);
    grammars.set(language, grammar);
  }
  return grammar;
}

/** Reads the whole tree; the tree itself can be deleted afterwards. `path` is the fastest one to
 *  try: without the module, or where the memory layout failed its check, a slower one is used. */
export function readTree(
  tree: Tree,
  text: string,
  module?: TreeSitterModule,
  path: ReadPath = 'memory',
): PyNode {
  const grammar = grammarOf(tree.language);
  if (module && path === 'memory') {
    const tables = checkedTables(grammar, tree.language, module);
    if (tables) {
      const address = addressOf(tree);
      const into = new PyTree(text, grammar, visibleNodeCount(address, module));
      if (readFromMemory(address, tables, module, into)) return into.node(0);
    }
  }
  const into = new PyTree(text, grammar);
  readWithCursor(tree, into, path === 'public' ? undefined : module);
  return into.node(0);
}

function readWithCursor(tree: Tree, into: PyTree, module: TreeSitterModule | undefined): void {
  const cursor = tree.walk();
  try {
    if (module) readWithModule(tree, cursor, into, module);
    else read(publicOps(cursor), into);
  } finally {
    cursor.delete();
  }
}

/** The tree of `text` built by python-parse.ts, or null where that parser leaves the file to
 *  tree-sitter. */
export function parseWithoutTreeSitter(text: string, language: Language): PyNode | null {
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

/** Python that holds every construct the memory pass handles: aliased nodes (named and not),
 *  fields reached through hidden nodes, extras (comments, line continuations), errors, missing
 *  tokens, and characters outside the BMP (offsets are in UTF-16 code units). */
export const LAYOUT_SAMPLE = `# -*- coding: utf-8 -*-
import os, sys as system
from . import a as b
@mcp.tool(name="x")
async def f(a: int = 1, *args: str, b: "List[int]" = [], **kw) -> dict[str, int]:
    """Doc — «ok» 😀."""
    if a is not None and b not in kw: pass
    x = [i for i in range(3) if i % 2] + \\
        list({k: v for k, v in kw.items()})
    y = lambda q: q or (yield)
    print(f"{x!r:>{width}} {y:{z}}", *(args), **kw)  # trailing 😀
    match x:
        case [a, *rest] as whole if whole: return {**kw}
        case {"k": 1} | Point(x=0): pass
    type Alias = int
    match = print = exec = 1
    for (i, j) in lambda: (yield): pass
    return await g() if a else not b
class C(Base, metaclass=M):
    def m(self): return self.x[1:2, ...]
def broken(:
    return eval(x
z = [1, 2
`;

/** The language's tables, if its records read as the memory pass expects: checked once per
 *  language, on LAYOUT_SAMPLE against the cursor pass. */
function checkedTables(
  grammar: Grammar,
  language: Language,
  module: TreeSitterModule,
): LanguageTables | null {
  if (grammar.tables !== undefined) return grammar.tables;
  grammar.tables = null;
  const tables = languageTables(language, module);
  if (!tables) return null;
  const parser = new Parser();
  try {
    parser.setLanguage(language);
    const tree = parser.parse(LAYOUT_SAMPLE);
    if (!tree) return null;
    try {
      const expected = new PyTree(LAYOUT_SAMPLE, grammar);
      readWithCursor(tree, expected, module);
      const actual = new PyTree(LAYOUT_SAMPLE, grammar);
      if (readFromMemory(addressOf(tree), tables, module, actual) && actual.sameAs(expected)) {
        grammar.tables = tables;
      }
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
  return grammar.tables;
}

/** Whether trees of `language` are read straight from memory (its layout passed the check). */
export function memoryLayoutChecked(language: Language, module: TreeSitterModule): boolean {
  return checkedTables(grammarOf(language), language, module) !== null;
}

function addressOf(tree: Tree): number {
  return (tree as unknown as CursorSlots)[0];
}

function publicOps(cursor: TreeCursor): CursorOps {
  return {
    firstChild: () => cursor.gotoFirstChild(),
    nextSibling: () => cursor.gotoNextSibling(),
    parent: () => cursor.gotoParent(),
    typeId: () => cursor.nodeTypeId,
    fieldId: () => cursor.currentFieldId,
    start: () => cursor.startIndex,
    end: () => cursor.endIndex,
    isMissing: () => cursor.nodeIsMissing,
  };
}

/** web-tree-sitter keeps a cursor's four words in the object's own slots 0–3. */
type CursorSlots = Record<0 | 1 | 2 | 3, number>;

function readWithModule(tree: Tree, cursor: TreeCursor, into: PyTree, m: TreeSitterModule): void {
  const address = addressOf(tree);
  const slots = cursor as unknown as CursorSlots;
  const transfer = m._ts_init(); // the transfer buffer's address (only returns it when called again)
  for (const i of [0, 1, 2, 3] as const) m.setValue(transfer + 4 * i, slots[i], 'i32');
  try {
    read(
      {
        firstChild: () => m._ts_tree_cursor_goto_first_child_wasm(address) === 1,
        nextSibling: () => m._ts_tree_cursor_goto_next_sibling_wasm(address) === 1,
        parent: () => m._ts_tree_cursor_goto_parent_wasm(address) === 1,
        typeId: () => m._ts_tree_cursor_current_node_type_id_wasm(address),
        fieldId: () => m._ts_tree_cursor_current_field_id_wasm(address),
        start: () => m._ts_tree_cursor_start_index_wasm(address),
        end: () => m._ts_tree_cursor_end_index_wasm(address),
        isMissing: () => m._ts_tree_cursor_current_node_is_missing_wasm(address) === 1,
      },
      into,
    );
  } finally {
    // The cursor's stack may have grown: hand its final state back so that `delete` frees it.
    for (const i of [0, 1, 2, 3] as const) slots[i] = m.getValue(transfer + 4 * i, 'i32');
  }
}

/** One depth-first pass from the cursor's node (the root), into `into` in document order. */
function read(ops: CursorOps, into: PyTree): void {
  const { grammar } = into;
  // The kept nodes from the root to the cursor's parent. Dropped nodes are leaves, so the cursor
  // only ever descends into kept ones.
  const path: number[] = [into.add(NONE, ops.typeId(), 0, ops.start(), ops.end(), false)];
  if (!ops.firstChild()) return;
  for (;;) {
    const owner = path[path.length - 1]!;
    const typeId = ops.typeId();
    const fieldId = ops.fieldId();
    const isNamed = grammar.isNamed(typeId);
    // A third of all nodes are anonymous leaves that nothing reads (punctuation, keywords): their
    // range is read only if they turn out to be kept.
    const mayDrop = !isNamed && fieldId === 0;
    let start = mayDrop ? 0 : ops.start();
    let end = mayDrop ? 0 : ops.end();
    const isMissing = mayDrop ? ops.isMissing() : start === end && ops.isMissing();
    const hasChildren = ops.firstChild();
    if (mayDrop && (isMissing || hasChildren)) {
      // A missing token, or (rarely) an anonymous node with children: kept after all.
      if (hasChildren) ops.parent();
      start = ops.start();
      end = ops.end();
      if (hasChildren) ops.firstChild();
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
    while (!ops.nextSibling()) {
      ops.parent();
      path.pop();
      if (path.length === 0) return;
    }
  }
}
