// The tree the Python parser (python-parse.ts) builds, and the grammar's ids for what it holds:
// node types and fields are tree-sitter-python's own, looked up once per grammar, so that the
// tree comes out as tree-sitter's would.
import { grown } from './python-tokens.js';

/** The grammar's ids for the node types and fields this parser makes. */
export interface Symbols {
  /** A named node type's id. */
  named(name: string): number;
  /** An anonymous node type's id (operators kept as a field's value). */
  anonymous(name: string): number;
  field(name: string): number;
}

/** A node of the tree being built: its index in `Nodes`. */
export type Node = number;

/** Where the finished tree goes: nodes in document order, each appended to its parent. */
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

export const NONE = -1;

/** The tree being built: node `i`'s type, field and range at index `i` of each array, its
 *  children as a list (first child, next sibling). Typed arrays, not an object per node: a 2 MB
 *  file makes half a million nodes, and objects that live as long as the parse are promoted out
 *  of the young generation, which an upload of several such files paid for in peak RSS. */
export class Nodes {
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

/** The grammar's ids for the node types the parser makes, looked up once. */
export type NodeTypes = Record<(typeof NAMED_TYPES)[number], number> & {
  anonymous(name: string): number;
};

/** The grammar's ids for the fields the parser sets. */
export type FieldIds = Record<(typeof FIELDS)[number], number>;

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

export function tables(symbols: Symbols): [NodeTypes, FieldIds] {
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
