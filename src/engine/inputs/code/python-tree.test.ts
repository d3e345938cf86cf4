import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { pythonParser } from './python.js';
import { readTree, type PyNode } from './python-tree.js';

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
};

describe('readTree', () => {
  for (const [name, text] of Object.entries(SOURCES)) {
    it(`reads the ${name} tree as web-tree-sitter's Node API does, on both paths`, async () => {
      const { parser, module } = await pythonParser();
      assert.ok(module, "the wasm module's cursor functions are at hand");
      FIELDS = parser.language!.fields.filter((f): f is string => f !== null);
      const tree = parser.parse(text)!;
      try {
        const expected = fromApi(tree.rootNode);
        assert.deepEqual(fromPy(readTree(tree, text, module)), expected);
        assert.deepEqual(fromPy(readTree(tree, text, undefined)), expected);
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
});
