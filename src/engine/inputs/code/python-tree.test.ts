import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { readTree, type PyNode } from './python-tree.js';

let parserLoading: Promise<Parser> | undefined;

/** tree-sitter's own parser, to compare the tree read through the cursor with its Node API. */
function treeSitter(): Promise<Parser> {
  parserLoading ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve(
      'tree-sitter-python/tree-sitter-python.wasm',
    );
    const parser = new Parser();
    parser.setLanguage(await Language.load(wasm));
    return parser;
  })();
  return parserLoading;
}

/** Python that holds the constructs a tree read is easiest to get wrong on: aliased nodes (named
 *  and not), fields reached through hidden nodes, extras (comments, line continuations), errors,
 *  missing tokens, and characters outside the BMP (offsets are in UTF-16 code units). */
const CONSTRUCTS = `# -*- coding: utf-8 -*-
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
  constructs: CONSTRUCTS,
};

describe('readTree', () => {
  for (const [name, text] of Object.entries(SOURCES)) {
    it(`reads the ${name} tree as web-tree-sitter's Node API does`, async () => {
      const parser = await treeSitter();
      FIELDS = fieldNames(parser);
      const tree = parser.parse(text)!;
      try {
        assert.deepEqual(fromPy(readTree(tree, text)), fromApi(tree.rootNode));
      } finally {
        tree.delete();
      }
    });
  }

  it('gives text, fields, parents and descendants', async () => {
    const parser = await treeSitter();
    const text = SOURCES.server!;
    const tree = parser.parse(text)!;
    const root = readTree(tree, text);
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

  it('reads a large file as the Node API does (the node arrays grow past their first size)', async () => {
    const parser = await treeSitter();
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
      FIELDS = fieldNames(parser);
      assert.deepEqual(fromPy(readTree(tree, text)), fromApi(tree.rootNode));
    } finally {
      tree.delete();
    }
  });
});

function fieldNames(parser: { language: { fields: (string | null)[] } | null }): string[] {
  return parser.language!.fields.filter((f): f is string => f !== null);
}
