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
//
// The parser is in four parts: python-tokens.ts (the tokenizer), python-nodes.ts (the tree it
// builds and the grammar's ids), python-expressions.ts and python-statements.ts (the recursive
// descent); this module is its entry.
import { NONE, Nodes, tables, type Node, type NodeSink, type Symbols } from './python-nodes.js';
import { StatementParser } from './python-statements.js';
import { tokenize, Unsupported, type Extra } from './python-tokens.js';

export { grown } from './python-tokens.js';
export { symbolsComplete, type Symbols } from './python-nodes.js';

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
    root = new StatementParser(text, tokens, types, fields, extras, nodes).module();
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
