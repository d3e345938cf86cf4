import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParserOptions } from 'oxc-parser';
import { parseMode, parseOxc, type OxcParse } from './oxc-parse.js';

const OPTIONS = { sourceType: 'unambiguous', astType: 'js', preserveParens: false } as const;

/** The AST and errors as comparable text. Identifier `end`s are left out: the JSON path ends a
 *  TypeScript binding after its type annotation (`fn: T`), raw transfer after its name, and the
 *  walkers never read an identifier's end. */
function comparable(result: OxcParse): string {
  return JSON.stringify({ program: result.program, errors: result.errors }, (key, value) =>
    typeof value === 'bigint' ? `${value}n` : key === 'end' ? undefined : (value as unknown),
  );
}

function bothPaths(path: string, text: string, lang: ParserOptions['lang']): [string, string] {
  const options = { ...OPTIONS, lang };
  return [
    comparable(parseOxc(path, text, options, 'json')),
    comparable(parseOxc(path, text, options)),
  ];
}

const SOURCES: [string, string, ParserOptions['lang']][] = [
  [
    'server.ts',
    `import { exec } from 'node:child_process';
const run = (cmd: string): Promise<string> => new Promise((ok) => exec(cmd, (_e, out) => ok(out)));
server.registerTool('grep', { description: 'Söker i filer — «fast»', inputSchema: { q: z.string() } },
  async ({ q }: { q: string }) => ({ content: [{ type: 'text', text: await run(\`grep \${q} .\`) }] }));
enum Mode { A = 1, B }
export default class S<T> { private x?: T; constructor(readonly y: number) {} }
`,
    'ts',
  ],
  [
    'cli.js',
    `#!/usr/bin/env node
'use strict';
const big = 10n ** 20n, re = /a(?<n>b)+/giu, s = '😀 emoji then text';
module.exports = function main(argv) { return require('child_process').execSync('ls ' + argv[2]); };
`,
    'js',
  ],
  ['broken.js', `function f( {\n  return eval(x;\n}\nconst ok = 1;\n`, 'js'],
  [
    'view.jsx',
    `const App = () => <div title={"héllo"}>{items.map((i) => <b key={i}>{i}</b>)}</div>;`,
    'jsx',
  ],
];

describe('parseOxc', () => {
  it('uses raw transfer on this platform: the public option on Node 22+, our buffer on Node 20', () => {
    const major = Number(process.versions.node.split('.')[0]);
    assert.equal(parseMode(), major >= 22 ? 'raw' : 'raw-node20');
  });

  for (const [path, text, lang] of SOURCES) {
    it(`gives the JSON path's AST and errors for ${path}`, () => {
      const [json, raw] = bothPaths(path, text, lang);
      assert.equal(raw, json);
    });
  }

  it('reports syntax errors with their positions', () => {
    const result = parseOxc('broken.js', SOURCES[2]![1], { ...OPTIONS, lang: 'js' });
    assert.ok(result.errors.length > 0);
    assert.ok(result.errors[0]!.labels[0]!.start > 0);
  });

  it('reuses its buffer across files of any size, in any order', () => {
    const small = `const a = ${JSON.stringify('x'.repeat(10))};\n`;
    const large = `const b = [${'1, '.repeat(120_000)}];\n`; // above the size whose buffer is kept
    for (const text of [small, large, small, large, small]) {
      const [json, raw] = bothPaths('a.js', text, 'js');
      assert.equal(raw, json);
    }
  });
});
