// tree-sitter's syntax tree read straight out of the wasm module's memory (ADR 0008). Even called
// directly, the cursor functions cost more than the parse's last third: each call rebuilds the
// current node from the cursor's stack, and the field lookup walks back up it. Here one pass in
// JavaScript follows the subtree records themselves, with the language's alias and field tables
// copied out once, and visits nodes exactly as a cursor's depth-first walk does (hidden nodes
// flattened, aliases and inherited fields applied).
//
// The record layouts are those of the tree-sitter library that web-tree-sitter 0.25 is built from
// (lib/subtree.h, lib/tree.h, lib/parser.h, 32-bit little-endian wasm). They are checked twice
// before use: the language record's counts must match what the public API reports, and a sample
// that exercises every construct the pass handles must read exactly as the cursor reads it
// (python-tree.ts). If either check fails, the cursor path is used.
import type { Language } from 'web-tree-sitter';

/** The typed views of the module's memory that Emscripten keeps on the module object. */
export interface WasmHeaps {
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAP32: Int32Array;
}

/** Where each node goes: the receiving tree, and which anonymous leaves it has no use for. */
export interface NodeSink {
  isNamed(typeId: number): boolean;
  /** Appends a node as the last child of `parent` (-1 for the root); returns its index. */
  add(
    parent: number,
    typeId: number,
    fieldId: number,
    start: number,
    end: number,
    missing: boolean,
  ): number;
}

/** tree-sitter's symbol for ERROR nodes (also their public type id). */
const ERROR_SYMBOL = 0xffff;
const NONE = -1;

// TSLanguage (tree_sitter/parser.h): byte offsets of the fields the pass reads.
const LANGUAGE_ABI_VERSION = 0;
const LANGUAGE_SYMBOL_COUNT = 4;
const LANGUAGE_ALIAS_COUNT = 8;
const LANGUAGE_PRODUCTION_ID_COUNT = 28;
const LANGUAGE_FIELD_COUNT = 32;
const LANGUAGE_MAX_ALIAS_SEQUENCE_LENGTH = 36;
const LANGUAGE_FIELD_MAP_SLICES = 64;
const LANGUAGE_FIELD_MAP_ENTRIES = 68;
const LANGUAGE_PUBLIC_SYMBOL_MAP = 76;
const LANGUAGE_ALIAS_SEQUENCES = 84;

// TSTree (lib/tree.h): the root Subtree, then the language.
const TREE_LANGUAGE = 8;

// Subtree (lib/subtree.h) is 8 bytes: inline data when its lowest bit is set, else a pointer to
// SubtreeHeapData, whose children are the `child_count` Subtrees just before it.
const SUBTREE_BYTES = 8;
// SubtreeInlineData: flag bits in byte 0, then symbol, parse state, sizes.
const INLINE_VISIBLE = 1 << 1;
const INLINE_EXTRA = 1 << 3;
const INLINE_MISSING = 1 << 5;
const INLINE_SYMBOL = 1;
const INLINE_PADDING_BYTES = 6;
const INLINE_SIZE_BYTES = 7;
// SubtreeHeapData: byte offsets, and the flag bits of the 16-bit word at HEAP_FLAGS.
const HEAP_PADDING_BYTES = 4;
const HEAP_SIZE_BYTES = 16;
const HEAP_CHILD_COUNT = 36;
const HEAP_SYMBOL = 40;
const HEAP_FLAGS = 44;
const HEAP_VISIBLE = 1 << 0;
const HEAP_EXTRA = 1 << 2;
const HEAP_MISSING = 1 << 9;
const HEAP_VISIBLE_CHILD_COUNT = 48;
const HEAP_VISIBLE_DESCENDANT_COUNT = 56;
const HEAP_PRODUCTION_ID = 66;

/** A language's alias and field tables, copied out of wasm memory. */
export interface LanguageTables {
  address: number;
  /** Internal symbol (aliases included) → public type id. */
  publicSymbols: Uint16Array;
  /** production id × structural child index → alias symbol (0: none). */
  aliases: Uint16Array;
  /** production id × structural child index → field id, inherited entries left out (0: none). */
  fields: Uint16Array;
  width: number;
}

/** The language's tables, or undefined if its record does not look as this reader expects. */
export function languageTables(language: Language, heaps: WasmHeaps): LanguageTables | undefined {
  const address = (language as unknown as { 0: number })[0];
  if (!Number.isInteger(address) || address <= 0 || address % 4 !== 0) return undefined;
  const u32 = (offset: number) => heaps.HEAP32[(address + offset) >> 2]! >>> 0;
  // Aliases are numbered after the grammar's own symbols; the public map covers both.
  const symbolCount = u32(LANGUAGE_SYMBOL_COUNT) + u32(LANGUAGE_ALIAS_COUNT);
  if (
    u32(LANGUAGE_ABI_VERSION) !== language.abiVersion ||
    symbolCount !== language.nodeTypeCount ||
    u32(LANGUAGE_FIELD_COUNT) !== language.fieldCount
  ) {
    return undefined;
  }
  const productions = u32(LANGUAGE_PRODUCTION_ID_COUNT);
  const width = heaps.HEAPU16[(address + LANGUAGE_MAX_ALIAS_SEQUENCE_LENGTH) >> 1]!;
  const u16s = (pointer: number, count: number) =>
    heaps.HEAPU16.slice(pointer >> 1, (pointer >> 1) + count);
  const fields = new Uint16Array(productions * width);
  if (language.fieldCount > 0) {
    const slices = u32(LANGUAGE_FIELD_MAP_SLICES);
    const entries = u32(LANGUAGE_FIELD_MAP_ENTRIES);
    for (let production = 0; production < productions; production++) {
      const index = heaps.HEAPU16[(slices >> 1) + production * 2]!;
      const length = heaps.HEAPU16[(slices >> 1) + production * 2 + 1]!;
      // TSFieldMapEntry: field id (16 bits), child index (8), inherited (8).
      for (let e = index + length - 1; e >= index; e--) {
        const entry = entries + e * 4;
        const child = heaps.HEAPU8[entry + 2]!;
        if (heaps.HEAPU8[entry + 3] || child >= width) continue;
        // The first matching entry wins, as in ts_tree_cursor_current_field_id.
        fields[production * width + child] = heaps.HEAPU16[entry >> 1]!;
      }
    }
  }
  return {
    address,
    publicSymbols: u16s(u32(LANGUAGE_PUBLIC_SYMBOL_MAP), symbolCount),
    aliases: u16s(u32(LANGUAGE_ALIAS_SEQUENCES), productions * width),
    fields,
    width,
  };
}

/** How many visible nodes the tree holds (the root included): an upper bound on what a pass adds. */
export function visibleNodeCount(treeAddress: number, heaps: WasmHeaps): number {
  const root = heaps.HEAP32[treeAddress >> 2]!;
  if (root & 1 || heaps.HEAP32[(root + HEAP_CHILD_COUNT) >> 2] === 0) return 1;
  return heaps.HEAP32[(root + HEAP_VISIBLE_DESCENDANT_COUNT) >> 2]! + 1;
}

/** The containers being walked: a Subtree with children, and the state of the walk over them. */
class Frames {
  /** Address of the container's first child Subtree. */
  children: number[] = [];
  count: number[] = [];
  next: number[] = [];
  structural: number[] = [];
  /** Byte offset (UTF-16) of the next child's start. */
  position: number[] = [];
  production: number[] = [];
  /** The field a hidden container passes on to its children that have none of their own. */
  inherited: number[] = [];
  /** The nearest kept visible ancestor. */
  owner: number[] = [];
  depth = 0;

  push(
    children: number,
    count: number,
    position: number,
    production: number,
    inherited: number,
    owner: number,
  ): void {
    const d = this.depth++;
    this.children[d] = children;
    this.count[d] = count;
    this.next[d] = 0;
    this.structural[d] = 0;
    this.position[d] = position;
    this.production[d] = production;
    this.inherited[d] = inherited;
    this.owner[d] = owner;
  }
}

/**
 * Reads the tree at `treeAddress` into `sink` in document order, as the cursor pass does:
 * visible nodes only, anonymous leaves dropped unless a field's value or missing. Returns false
 * (having added nothing) if the tree's language is not the one the tables were read from.
 */
export function readFromMemory(
  treeAddress: number,
  tables: LanguageTables,
  heaps: WasmHeaps,
  sink: NodeSink,
): boolean {
  const { HEAPU8: u8, HEAPU16: u16, HEAP32: i32 } = heaps;
  if (i32[(treeAddress + TREE_LANGUAGE) >> 2] !== tables.address) return false;
  const { publicSymbols, aliases, fields, width } = tables;

  // The root: visible, never aliased, its start after its own padding.
  const root = i32[treeAddress >> 2]!;
  let rootStart: number;
  let rootEnd: number;
  let rootSymbol: number;
  if (root & 1) {
    rootStart = u8[treeAddress + INLINE_PADDING_BYTES]!;
    rootEnd = rootStart + u8[treeAddress + INLINE_SIZE_BYTES]!;
    rootSymbol = u8[treeAddress + INLINE_SYMBOL]!;
  } else {
    rootStart = i32[(root + HEAP_PADDING_BYTES) >> 2]!;
    rootEnd = rootStart + i32[(root + HEAP_SIZE_BYTES) >> 2]!;
    rootSymbol = u16[(root + HEAP_SYMBOL) >> 1]!;
  }
  const rootType = rootSymbol === ERROR_SYMBOL ? ERROR_SYMBOL : publicSymbols[rootSymbol]!;
  const rootIndex = sink.add(NONE, rootType, 0, rootStart >> 1, rootEnd >> 1, false);
  if (root & 1) return true;
  const rootChildren = i32[(root + HEAP_CHILD_COUNT) >> 2]!;
  if (rootChildren === 0) return true;
  const frames = new Frames();
  frames.push(
    root - rootChildren * SUBTREE_BYTES,
    rootChildren,
    rootStart,
    u16[(root + HEAP_PRODUCTION_ID) >> 1]!,
    0,
    rootIndex,
  );

  while (frames.depth > 0) {
    const d = frames.depth - 1;
    const index = frames.next[d]!;
    const count = frames.count[d]!;
    if (index === count) {
      frames.depth--;
      continue;
    }
    const at = frames.children[d]! + index * SUBTREE_BYTES;
    const word = i32[at >> 2]!;
    const isInline = (word & 1) !== 0;
    let visible: boolean;
    let extra: boolean;
    let missing: boolean;
    let symbol: number;
    let size: number;
    if (isInline) {
      const bits = u8[at]!;
      visible = (bits & INLINE_VISIBLE) !== 0;
      extra = (bits & INLINE_EXTRA) !== 0;
      missing = (bits & INLINE_MISSING) !== 0;
      symbol = u8[at + INLINE_SYMBOL]!;
      size = u8[at + INLINE_SIZE_BYTES]!;
    } else {
      const bits = u16[(word + HEAP_FLAGS) >> 1]!;
      visible = (bits & HEAP_VISIBLE) !== 0;
      extra = (bits & HEAP_EXTRA) !== 0;
      missing = (bits & HEAP_MISSING) !== 0;
      symbol = u16[(word + HEAP_SYMBOL) >> 1]!;
      size = i32[(word + HEAP_SIZE_BYTES) >> 2]!;
    }
    // Aliases and fields are indexed by the child's place among the non-extra children.
    const production = frames.production[d]!;
    let alias = 0;
    let field = 0;
    if (!extra) {
      const structural = frames.structural[d]!++;
      const slot = production * width + structural;
      if (production !== 0) alias = aliases[slot] ?? 0;
      field = (structural < width ? fields[slot]! : 0) || frames.inherited[d]!;
    }
    // Advance the frame past this child (to the next child's start, after its padding).
    const start = frames.position[d]!;
    let next = start + size;
    if (index + 1 < count) {
      const following = at + SUBTREE_BYTES;
      const followingWord = i32[following >> 2]!;
      next +=
        followingWord & 1
          ? u8[following + INLINE_PADDING_BYTES]!
          : i32[(followingWord + HEAP_PADDING_BYTES) >> 2]!;
    }
    frames.position[d] = next;
    frames.next[d] = index + 1;

    const childCount = isInline ? 0 : i32[(word + HEAP_CHILD_COUNT) >> 2]!;
    const hasVisibleChildren = childCount > 0 && i32[(word + HEAP_VISIBLE_CHILD_COUNT) >> 2]! > 0;
    // A visible node is added (and owns what lies below it); a hidden node's children take its
    // place, and its field if they have none.
    let owner = frames.owner[d]!;
    let inherited = field;
    if (visible || alias !== 0) {
      const typeId = alias || symbol;
      const publicType = typeId === ERROR_SYMBOL ? ERROR_SYMBOL : publicSymbols[typeId]!;
      // Anonymous leaves (punctuation, keywords) that are no field's value are of no use.
      if (!sink.isNamed(publicType) && field === 0 && !missing && !hasVisibleChildren) continue;
      owner = sink.add(owner, publicType, field, start >> 1, (start + size) >> 1, missing);
      inherited = 0;
    }
    if (hasVisibleChildren) {
      const own = u16[(word + HEAP_PRODUCTION_ID) >> 1]!;
      frames.push(word - childCount * SUBTREE_BYTES, childCount, start, own, inherited, owner);
    }
  }
  return true;
}
