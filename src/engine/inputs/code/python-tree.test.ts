import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { pythonParser } from './python.js';
import { languageTables, visibleNodeCount } from './python-tree-memory.js';
import {
  LAYOUT_SAMPLE,
  memoryLayoutChecked,
  readTree,
  type PyNode,
  type ReadPath,
} from './python-tree.js';

/** Named nodes, with their fields' values (named or not), as web-tree-sitter's Node API sees them. */
function fromApi(node: Node, field = ''): unknown {
  const fields: string[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const name = node.fieldNameForChild(i);
    const child = node.child(i);
    if (name && child && !child.isNamed) fields.push(`${name}=${child.type}`);
  }
  return {
    type: node.type,
    field,
    range: [node.startIndex, node.endIndex],
    row: node.startPosition.row,
    hasError: node.hasError,
    missing: node.isMissing,
    fields,
    children: node.namedChildren.map((c, i) => fromApi(c!, node.fieldNameForNamedChild(i) ?? '')),
  };
}

/** Views are made per access: the same node is the same type and range. */
function same(a: PyNode, b: PyNode): boolean {
  return a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

function fromPy(node: PyNode, field = ''): unknown {
  const grammarField = (child: PyNode): string =>
    FIELDS.find((name) => node.childrenForFieldName(name).some((c) => same(c, child))) ?? '';
  return {
    type: node.type,
    field,
    range: [node.startIndex, node.endIndex],
    row: node.startPosition.row,
    hasError: node.hasError,
    missing: node.isMissing,
    fields: node.children
      .filter((c) => !c.isNamed && grammarField(c))
      .map((c) => `${grammarField(c)}=${c.type}`),
    children: node.namedChildren.map((c) => fromPy(c, grammarField(c))),
  };
}

/** Every field name of the grammar, set before the first comparison. */
let FIELDS: string[] = [];

const SOURCES: Record<string, string> = {
  server: `import os, subprocess
from mcp.server.fastmcp import FastMCP
mcp = FastMCP("x")

@mcp.tool()
def grep(query: str, limit: int = -1) -> str:
    """Search the files — «fast».\\n\\tTabs too."""
    out = subprocess.run(f"grep -rn {query!r} {os.environ['ROOT']}", shell=True)
    x = a + b * -c if not d and e is not None else [i for i in range(3) if i % 2]
    return out.stdout  # comment
`,
  broken: `def f(:\n    return eval(x\nclass C(\n  pass\nok = 1\n`,
  missing: `print((1, 2)\nx = [1, 2\n`,
  // The memory pass's own layout sample: aliased nodes (format_expression, as_pattern_target,
  // "is not", block), fields reached through hidden nodes, comments and line continuations
  // (extras), errors, missing tokens, characters outside the BMP.
  constructs: LAYOUT_SAMPLE,
};

const PATHS: ReadPath[] = ['memory', 'cursor', 'public'];

describe('readTree', () => {
  for (const [name, text] of Object.entries(SOURCES)) {
    it(`reads the ${name} tree as web-tree-sitter's Node API does, on every path`, async () => {
      const { parser, module } = await pythonParser();
      assert.ok(module, "the wasm module's cursor functions and memory are at hand");
      FIELDS = fieldNames(parser);
      const tree = parser.parse(text)!;
      try {
        const expected = fromApi(tree.rootNode);
        for (const path of PATHS) {
          assert.deepEqual(fromPy(readTree(tree, text, module, path)), expected, path);
        }
        assert.deepEqual(fromPy(readTree(tree, text, undefined)), expected, 'without the module');
      } finally {
        tree.delete();
      }
    });
  }

  it('gives text, fields, parents and descendants', async () => {
    const { parser, module } = await pythonParser();
    const text = SOURCES.server!;
    const tree = parser.parse(text)!;
    const root = readTree(tree, text, module);
    tree.delete();
    const calls = root.descendantsOfType('call');
    assert.deepEqual(
      calls.map((c) => c.childForFieldName('function')?.text),
      ['FastMCP', 'mcp.tool', 'subprocess.run', 'range'],
    );
    const run = calls[2]!;
    assert.equal(run.parent?.type, 'assignment');
    assert.equal(run.startPosition.row, 7);
    assert.equal(root.hasError, false);
    const binary = root.descendantsOfType('binary_operator')[0]!;
    assert.equal(binary.childForFieldName('operator')?.text, '+');
  });

  it('reads trees straight from memory once the layout check passes, and refuses a record that does not match', async () => {
    const { parser, module } = await pythonParser();
    assert.ok(module);
    const language = parser.language!;
    assert.equal(memoryLayoutChecked(language, module), true);
    assert.ok(languageTables(language, module));
    // The language record's counts are compared with the public API's: any other answer means
    // the layout is not the one this reader knows.
    const other = Object.create(language, { abiVersion: { value: language.abiVersion + 1 } });
    assert.equal(languageTables(other as typeof language, module), undefined);
  });

  it('reads a large file the same on every path (the node arrays grow past their first size)', async () => {
    const { parser, module } = await pythonParser();
    const tools = Array.from(
      { length: 300 },
      (_, i) => `
@mcp.tool()
def tool_${i}(q: Annotated[str, Field(description="é ${i} 😀")] = "", n: int = ${i}) -> str:
    """Tool ${i}."""
    rows = [r for r in db.execute("SELECT * FROM t WHERE id = ?", (q,)) if r]  # ${i}
    return subprocess.run(f"echo {q}", shell=True).stdout if n else json.dumps(rows)
`,
    );
    const text = `import json, subprocess\n${tools.join('')}`;
    const tree = parser.parse(text)!;
    try {
      // The memory pass sizes its arrays from the root's count of visible nodes.
      const address = (tree as unknown as { 0: number })[0];
      assert.equal(visibleNodeCount(address, module!), tree.rootNode.descendantCount);
      FIELDS = fieldNames(parser);
      const expected = fromPy(readTree(tree, text, module, 'public'));
      assert.deepEqual(fromPy(readTree(tree, text, module, 'memory')), expected);
      assert.deepEqual(fromPy(readTree(tree, text, module, 'cursor')), expected);
    } finally {
      tree.delete();
    }
  });
});

function fieldNames(parser: { language: { fields: (string | null)[] } | null }): string[] {
  return parser.language!.fields.filter((f): f is string => f !== null);
}
