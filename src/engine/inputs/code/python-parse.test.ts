import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { pythonFiles, pythonStdlib } from '../../../../test/support/python-stdlib.js';
import { analysePython } from './python.js';
import { parsePythonTree, treeDifference, type PyNode } from './python-tree.js';

async function both(text: string): Promise<{ fast: PyNode | null; treeSitter: PyNode }> {
  const treeSitter = await parsePythonTree(text, { parser: 'tree-sitter' });
  assert.ok(treeSitter);
  const fast = await parsePythonTree(text, { parser: 'python-parse' });
  return { fast: fast?.root ?? null, treeSitter: treeSitter.root };
}

/** The corpus kept in the repository (test/fixtures/python/README.md): Python written to exercise
 *  the constructs servers use, so the comparison runs everywhere, python3 or not. */
const CORPUS = new URL('../../../../test/fixtures/python/', import.meta.url);
const corpus = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.py'))
  .sort()
  .map((name) => ({ name, text: readFileSync(new URL(name, CORPUS), 'utf8') }));

/** Each construct the parser builds, with comments and continuations where tree-sitter puts them
 *  in different places: every one must be taken, and built as tree-sitter builds it. */
const TAKEN: Record<string, string> = {
  'a FastMCP server': `"""Module docstring."""
from __future__ import annotations

import os, sys as system
from . import sibling
from .. import parent as p
from .pkg.mod import (a, b as c,)
from mcp.server.fastmcp import *

mcp = FastMCP("x")  # trailing


@mcp.tool(name="grep")  # on the decorator
# between decorator and def
async def grep(query: str, limit: int = 10, *args: str, flag=False, **kw) -> dict[str, int]:
    # before the first statement: a child of the function, not of its block
    """Search."""
    out = subprocess.run(f"grep -rn {query!r:>10} {os.environ['ROOT']}", shell=True)
    return out.stdout  # after the last statement, inside the block
    # indented like the block: still inside it
# dedented: after the function
`,
  'blocks and dedent comments': `def f():
    if a:
        x
    # at the outer block's indent
    elif b: y  # one-line block
    else:
        pass
# dedented
    # re-indented, but the block has ended
z = 1
for i, (j, k) in enumerate(pairs):
    continue
else:
    break
while not done:
    del a[0], b.c
try:
    raise ValueError("x") from err
except (A, B) as e:
    pass
except C:
    pass
else:
    pass
finally:
    pass
with open(p) as fh, lock:
    global g
    nonlocal n
`,
  expressions: `x = a if b else c
y = lambda q, r=1: q or r and not s
z = [i for i in range(3) if i % 2 for j in k] + list({k: v for k, v in d.items()})
w = {1, 2, *rest}, {**base, "k": [1, 2][0]}, (), (1,), (yield), (n := 10)
v = a < b <= c != d in e not in f is g is not h
u = -a ** -b // c @ d % e << f >> g & h ^ i | j
t = await f(*args, *a.b(), **kwargs, key=value) if cond else g(x for x in y)
t = [*a.b(), c], (*d.e(),), {*f}
s = a[1:2], a[::2], a[:], a[1:2, ...], a[b][c].d(e)
r = 0x1F + 0o17 + 0b1 + 1_000 + 1.5 + .5 + 1e-3 + 2j + 3.0J
q = True, False, None, ...
a, *b = c = d
e += 1; f -= 2;
x: int = 1
y: Optional[List[str]]
assert x, "message"
print(x, file=sys.stderr)
exec(code)
`,
  strings: `a = "plain" 'single' """triple
with lines""" '''other'''
b = r"raw\\d" rb"\\x00" b"\\x41\\u0041" u"\\N{DASH} \\t \\q \\777"
c = f"{x}" f"{{escaped}} {y=} {z!s} {w:>10}" if False else f"{a.b['k']:%Y-%m-%d}"
d = r"\\\\" r'\\''
e = ("implicit"
     "concatenation"  # with a comment
     f"and {an} f-string")
f = "continued" \\
    "string"
g = 1 + \\
    2
`,
  annotations: `def f(
    a: List[int] | Dict[str, Any] | None = None,
    b: str | List[int] = "",
    c: type[Model] | tuple[type[Model], ...] | None = None,
    d: Optional[Callable[[int], str]] = None,
    e: typing.List[int] = [],
    *args: Any,
    **kwargs: Annotated[str, Field(description="x")],
) -> dict[str, int] | None:
    x: List[int] | None = None
`,
  // One token per two characters: the token and node arrays, sized for one per four, must grow.
  'dense code': `x=[${Array.from({ length: 300 }, (_, i) => `a${i % 10}`).join(',')}]\n`,
  classes: `class A(Base, metaclass=Meta):
    """Doc."""

    x: int = 0

    @property
    def name(self, /, a, *, b) -> str:
        return self._name

    @staticmethod
    def s(): ...

class B: pass
`,
};

/** Python this parser leaves to tree-sitter: it must decline it, not build a different tree. */
const DECLINED: Record<string, string> = {
  'a syntax error': 'def f(:\n    return 1\n',
  'an unclosed bracket': 'x = [1, 2\n',
  'a Python 2 print statement': 'print "hello"\n',
  'a match statement': 'match x:\n    case 1:\n        pass\n',
  'a type alias': 'type Alias = int\n',
  'CRLF line ends': 'x = 1\r\ny = 2\r\n',
  'a non-ASCII name': 'café = 1\n',
  'a nested format spec': 'x = f"{a:{b}}"\n',
  'a star before a call (its tree depends on the context)': 'x = [*range(4)]\n',
  'a star before a call, after print(': 'print("==", *sys.version.split())\n',
  'a star before an attribute, in a list': 'x = [*a.b]\n',
  'an f-string quoting its own quote inside': 'x = f"{d["k"]}"\n',
  'only comments': '# nothing else\n',
};

describe('python-parse.ts against tree-sitter', () => {
  for (const [name, text] of Object.entries(TAKEN)) {
    it(`builds tree-sitter's tree for ${name}`, async () => {
      const { fast, treeSitter } = await both(text);
      assert.equal(treeSitter.hasError, false, 'the sample is valid Python');
      assert.ok(fast, 'taken, not left to tree-sitter');
      assert.equal(treeDifference(treeSitter, fast), undefined);
    });
  }

  for (const [name, text] of Object.entries(DECLINED)) {
    it(`leaves ${name} to tree-sitter`, async () => {
      const { fast } = await both(text);
      assert.equal(fast, null);
    });
  }

  it('gives the same facts, syntax errors and tools as tree-sitter', async () => {
    for (const text of [...Object.values(TAKEN), ...Object.values(DECLINED)]) {
      assert.deepEqual(await analysePython(text), await analysePython(text, 'tree-sitter'));
    }
  });

  it('holds the corpus in test/fixtures/python to tree-sitter: every file taken is its tree', async () => {
    assert.ok(corpus.length >= 10, `${corpus.length} corpus files`);
    for (const { name, text } of corpus) {
      const { fast, treeSitter } = await both(text);
      if (name.startsWith('declined_')) {
        assert.equal(fast, null, `${name} is declined`);
        continue;
      }
      assert.equal(treeSitter.hasError, false, `${name} is valid Python`);
      assert.ok(fast, `${name} is taken, not left to tree-sitter`);
      assert.equal(treeDifference(treeSitter, fast), undefined, name);
    }
  });

  it('gives the same facts, syntax errors and tools as tree-sitter on the corpus', async () => {
    for (const { name, text } of corpus) {
      assert.deepEqual(await analysePython(text), await analysePython(text, 'tree-sitter'), name);
    }
  });

  // A sample of the Python standard library on this machine, where there is one: real code
  // that nobody wrote for these tests. Every file the parser takes must come out as
  // tree-sitter's tree (the third part of `npm run bench`, bench/python-parse.ts, runs the whole
  // library: `node --import tsx bench/python-parse.ts [dir]` on its own).
  const stdlib = pythonStdlib();
  it(
    "builds tree-sitter's tree for every standard-library file it takes",
    { skip: !stdlib && 'no python3 here' },
    async () => {
      const files = pythonFiles(stdlib!).filter((_, i) => i % 10 === 0);
      let taken = 0;
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        const { fast, treeSitter } = await both(text);
        if (!fast) continue;
        taken++;
        assert.equal(treeDifference(treeSitter, fast), undefined, file);
      }
      assert.ok(taken > files.length / 2, `${taken} of ${files.length} files taken`);
    },
  );
});
