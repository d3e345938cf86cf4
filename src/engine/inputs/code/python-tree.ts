// tree-sitter's Python tree, read into plain objects in one pass. web-tree-sitter's `Node` API
// crosses into wasm and allocates a wrapper for every property read (`type`, `text`, children,
// fields): walking the tree through it cost more than parsing it. Here a single cursor pass reads
// each node's type, field, range and whether it is missing, and the walker then reads plain
// objects. Anonymous leaves (punctuation, keywords) are dropped unless they are a field's value
// (`operator` of a binary expression) or a missing token; nothing in the walkers reads the others.
//
// The pass calls the cursor functions of tree-sitter's wasm module directly, with the cursor kept
// in the module's transfer buffer between calls (ADR 0008): the same functions web-tree-sitter's
// TreeCursor calls, without copying the cursor out to JS and back around each of them. Where the
// module's functions are not at hand, the same pass runs through the public TreeCursor.
import type { Language, Tree, TreeCursor } from 'web-tree-sitter';
import { LineIndex } from './line-index.js';

/** The wasm module's exports the fast pass uses (web-tree-sitter's own bindings, lib/tree-sitter.c). */
export interface TreeSitterModule {
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

/** The module object `Parser.init` filled in, if it has everything the fast pass calls. */
export function usableModule(candidate: object): TreeSitterModule | undefined {
  const record = candidate as Record<string, unknown>;
  return MODULE_FUNCTIONS.every((name) => typeof record[name] === 'function')
    ? (candidate as TreeSitterModule)
    : undefined;
}

/** tree-sitter's symbol for ERROR nodes. */
const ERROR_TYPE_ID = 0xffff;

/** What every node of one tree shares: its source, language tables and line index. */
class PyFile {
  private lineIndex: LineIndex | undefined;

  constructor(
    readonly text: string,
    readonly grammar: Grammar,
  ) {}

  row(offset: number): number {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex.lineOf(offset) - 1;
  }
}

/** A language's type names, named-ness and field ids, as arrays the pass indexes. */
class Grammar {
  readonly types: string[] = [];
  readonly named: boolean[] = [];
  readonly fieldIds = new Map<string, number>();

  constructor(language: Language) {
    for (let id = 0; id < language.nodeTypeCount; id++) {
      this.types.push(language.types[id] ?? '');
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

/** A syntax node: the subset of web-tree-sitter's `Node` API that the Python walkers use. */
export class PyNode {
  readonly children: PyNode[] = [];
  parent: PyNode | null = null;
  /** This node or a descendant is an ERROR or a missing token. */
  hasError = false;
  isMissing = false;
  private named: PyNode[] | undefined;

  constructor(
    private readonly file: PyFile,
    readonly type: string,
    readonly isNamed: boolean,
    readonly fieldId: number,
    readonly startIndex: number,
    readonly endIndex: number,
  ) {}

  get text(): string {
    return this.file.text.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): { row: number } {
    return { row: this.file.row(this.startIndex) };
  }

  get namedChildren(): PyNode[] {
    this.named ??= this.children.filter((child) => child.isNamed);
    return this.named;
  }

  childForFieldName(name: string): PyNode | null {
    const id = this.file.grammar.fieldIds.get(name);
    if (id === undefined) return null;
    for (const child of this.children) if (child.fieldId === id) return child;
    return null;
  }

  childrenForFieldName(name: string): PyNode[] {
    const id = this.file.grammar.fieldIds.get(name);
    return id === undefined ? [] : this.children.filter((child) => child.fieldId === id);
  }

  /** Descendants of this type, in source order (the node itself excluded). */
  descendantsOfType(type: string): PyNode[] {
    const out: PyNode[] = [];
    const stack = [...this.children].reverse();
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.type === type) out.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
    return out;
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

/** Reads the whole tree; the tree itself can be deleted afterwards. */
export function readTree(tree: Tree, text: string, module?: TreeSitterModule): PyNode {
  let grammar = grammars.get(tree.language);
  if (!grammar) {
    grammar = new Grammar(tree.language);
    grammars.set(tree.language, grammar);
  }
  const file = new PyFile(text, grammar);
  const cursor = tree.walk();
  try {
    return module ? readWithModule(tree, cursor, file, module) : read(publicOps(cursor), file);
  } finally {
    cursor.delete();
  }
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

function readWithModule(tree: Tree, cursor: TreeCursor, file: PyFile, m: TreeSitterModule): PyNode {
  const address = (tree as unknown as CursorSlots)[0];
  const slots = cursor as unknown as CursorSlots;
  const transfer = m._ts_init(); // the transfer buffer's address (only returns it when called again)
  for (const i of [0, 1, 2, 3] as const) m.setValue(transfer + 4 * i, slots[i], 'i32');
  try {
    return read(
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
      file,
    );
  } finally {
    // The cursor's stack may have grown: hand its final state back so that `delete` frees it.
    for (const i of [0, 1, 2, 3] as const) slots[i] = m.getValue(transfer + 4 * i, 'i32');
  }
}

/** One depth-first pass from the cursor's node (the root). */
function read(ops: CursorOps, file: PyFile): PyNode {
  const { grammar } = file;
  const root = new PyNode(file, grammar.typeName(ops.typeId()), true, 0, ops.start(), ops.end());
  root.hasError = ops.typeId() === ERROR_TYPE_ID;
  // The kept nodes from the root to the cursor's parent. Dropped nodes are leaves, so the cursor
  // only ever descends into kept ones.
  const path: PyNode[] = [root];
  if (!ops.firstChild()) return root;
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
    let node: PyNode | undefined;
    if (!mayDrop || isMissing || hasChildren) {
      node = attach(file, owner, typeId, isNamed, fieldId, start, end, isMissing);
    }
    if (hasChildren) {
      path.push(node!);
      continue;
    }
    // Next: the sibling of this node or of the nearest ancestor that has one.
    while (!ops.nextSibling()) {
      ops.parent();
      path.pop();
      if (path.length === 0) return root;
    }
  }
}

function attach(
  file: PyFile,
  owner: PyNode,
  typeId: number,
  isNamed: boolean,
  fieldId: number,
  start: number,
  end: number,
  isMissing: boolean,
): PyNode {
  const node = new PyNode(file, file.grammar.typeName(typeId), isNamed, fieldId, start, end);
  node.parent = owner;
  owner.children.push(node);
  if (isMissing || typeId === ERROR_TYPE_ID) {
    node.isMissing = isMissing;
    markError(node);
  }
  return node;
}

function markError(node: PyNode): void {
  for (let at: PyNode | null = node; at && !at.hasError; at = at.parent) at.hasError = true;
}
