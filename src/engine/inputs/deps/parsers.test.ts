import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDependencyFile } from './index.js';
import { exactNpmVersion, judgedVersion } from './versions.js';
import { parseRequirement } from './python.js';

const summary = (kind: Parameters<typeof parseDependencyFile>[0], text: string): string[] =>
  parseDependencyFile(kind, kind, text).packages.map((p) =>
    [`${p.name}@${p.version ?? '-'}`, p.range ?? '', p.direct ? 'direct' : '', p.dev ? 'dev' : '']
      .filter(Boolean)
      .join(' '),
  );

describe('npm dependency files', () => {
  it('package.json: sections, exact versions, scripts, lines', () => {
    const input = parseDependencyFile(
      'package.json',
      'package.json',
      JSON.stringify(
        {
          name: 'app',
          dependencies: { a: '1.2.3', b: '^2.0.0' },
          devDependencies: { c: '*' },
          optionalDependencies: { d: '=4.0.0' },
          scripts: { postinstall: 'node x.js' },
        },
        null,
        2,
      ),
    );
    assert.deepEqual(
      input.packages.map((p) => [p.name, p.version, p.range, p.dev ?? false, p.line]),
      [
        ['a', '1.2.3', '1.2.3', false, 4],
        ['b', undefined, '^2.0.0', false, 5],
        ['d', '4.0.0', '=4.0.0', false, 11],
        ['c', undefined, '*', true, 8],
      ],
    );
    assert.deepEqual(input.scripts, { postinstall: 'node x.js' });
  });

  it('package-lock v3: paths, direct flags, resolved, aliases', () => {
    const text = JSON.stringify({
      name: 'app',
      lockfileVersion: 3,
      packages: {
        '': { name: 'app', dependencies: { a: '^1' }, devDependencies: { '@s/b': '^2' } },
        'node_modules/a': {
          version: '1.0.0',
          resolved: 'https://registry.npmjs.org/a/-/a-1.0.0.tgz',
        },
        'node_modules/@s/b': { version: '2.0.0', dev: true },
        'node_modules/a/node_modules/c': { version: '3.0.0' },
        'node_modules/alias': { name: 'real', version: '5.0.0' },
        'packages/ws-local': { version: '0.0.0' },
      },
    });
    const input = parseDependencyFile('package-lock.json', 'package-lock.json', text);
    assert.deepEqual(
      input.packages.map((p) => [p.name, p.version, p.direct, p.path.join('>')]),
      [
        ['a', '1.0.0', true, 'app>a'],
        ['@s/b', '2.0.0', true, 'app>@s/b'],
        ['c', '3.0.0', false, 'app>a>c'],
        ['real', '5.0.0', false, 'app>alias'],
      ],
    );
  });

  it('package-lock v1: nested dependencies', () => {
    const text = JSON.stringify({
      name: 'app',
      lockfileVersion: 1,
      dependencies: { a: { version: '1.0.0', dependencies: { b: { version: '2.0.0' } } } },
    });
    assert.deepEqual(summary('package-lock.json', text), ['a@1.0.0 direct', 'b@2.0.0']);
  });

  it('yarn.lock v1 and berry', () => {
    const v1 =
      '# yarn lockfile v1\n\n"@s/a@^1.0.0", "@s/a@^1.1.0":\n  version "1.2.0"\n  resolved "https://registry.yarnpkg.com/@s/a/-/a-1.2.0.tgz"\n\nlodash@^4.17.0:\n  version "4.17.20"\n';
    assert.deepEqual(summary('yarn.lock', v1), ['@s/a@1.2.0', 'lodash@4.17.20']);
    const berry =
      '__metadata:\n  version: 6\n\n"lodash@npm:^4.17.0":\n  version: 4.17.21\n  resolution: "lodash@npm:4.17.21"\n\n"app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:."\n';
    assert.deepEqual(summary('yarn.lock', berry), ['lodash@4.17.21']);
  });

  it('pnpm-lock.yaml v5, v6 and v9 keys', () => {
    const v9 =
      "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      ws:\n        specifier: ^8.0.0\n        version: 8.17.0\npackages:\n  ws@8.17.0:\n    resolution: {integrity: sha512-x}\n  '@s/b@1.0.0(ws@8.17.0)':\n    resolution: {integrity: sha512-y}\n";
    assert.deepEqual(summary('pnpm-lock.yaml', v9), ['ws@8.17.0 direct', '@s/b@1.0.0']);
    const v5 =
      'lockfileVersion: 5.4\ndependencies:\n  ws: 7.4.0\npackages:\n  /ws/7.4.0:\n    dev: false\n  /@s/b/1.0.0_ws@7.4.0:\n    dev: true\n';
    assert.deepEqual(summary('pnpm-lock.yaml', v5), ['ws@7.4.0 direct', '@s/b@1.0.0 dev']);
  });
});

describe('Python dependency files', () => {
  it('requirements.txt: pins, ranges, extras, markers, hashes, options, continuations', () => {
    const text = [
      '# comment',
      '-r base.txt',
      '--index-url https://pypi.org/simple',
      'Requests[socks]==2.31.0 ; python_version >= "3.8"  # pinned',
      'PyYAML>=5.1,<6',
      'mcp \\',
      '    ==1.9.0 \\',
      '    --hash=sha256:abcdef',
      'git+https://github.com/acme/x.git#egg=x',
      '-e .',
      'flask',
      'pkg @ https://files.example/pkg-1.0.tar.gz',
    ].join('\n');
    const input = parseDependencyFile('requirements.txt', 'requirements-dev.txt', text);
    assert.deepEqual(
      input.packages.map((p) => [p.name, p.version, p.range, p.line]),
      [
        ['requests', '2.31.0', '==2.31.0', 4],
        ['pyyaml', undefined, '>=5.1,<6', 5],
        ['mcp', '1.9.0', '==1.9.0', 6],
        ['flask', undefined, '', 11],
        ['pkg', undefined, '', 12],
      ],
    );
    assert.equal(input.packages[4]!.resolved, 'https://files.example/pkg-1.0.tar.gz');
  });

  it('parses PEP 508 strings', () => {
    assert.deepEqual(parseRequirement('Foo_Bar[x,y] (>=1.0, <2) ; extra == "z"'), {
      name: 'foo-bar',
      specifier: '>=1.0,<2',
    });
    assert.equal(parseRequirement('./local/path'), undefined);
  });

  it('pyproject.toml: PEP 621, optional deps, Poetry tables and groups', () => {
    const text = [
      '[project]',
      'name = "srv"',
      'dependencies = ["mcp[cli]==1.9.0", "httpx>=0.27"]',
      '[project.optional-dependencies]',
      'dev = ["pytest>=8"]',
      '[tool.poetry.dependencies]',
      'python = "^3.10"',
      'requests = "2.31.0"',
      'fastapi = { version = "^0.110" }',
      'lib = { git = "https://github.com/acme/lib.git" }',
      '[tool.poetry.group.test.dependencies]',
      'pytest-cov = "*"',
    ].join('\n');
    assert.deepEqual(summary('pyproject.toml', text), [
      'mcp@1.9.0 ==1.9.0 direct',
      'httpx@- >=0.27 direct',
      'pytest@- >=8 direct',
      'requests@2.31.0 ==2.31.0 direct',
      'fastapi@- ^0.110 direct',
      'lib@- direct',
      'pytest-cov@- * direct dev',
    ]);
  });

  it('Pipfile, Pipfile.lock, poetry.lock and uv.lock', () => {
    assert.deepEqual(
      summary(
        'Pipfile',
        '[packages]\nrequests = "==2.31.0"\nflask = "*"\n[dev-packages]\npytest = {version = ">=8"}\n',
      ),
      ['requests@2.31.0 ==2.31.0 direct', 'flask@- * direct', 'pytest@- >=8 direct dev'],
    );
    assert.deepEqual(
      summary(
        'Pipfile.lock',
        JSON.stringify({
          default: { requests: { version: '==2.31.0' } },
          develop: { pytest: { version: '==8.0.0' } },
        }),
      ),
      ['requests@2.31.0', 'pytest@8.0.0 dev'],
    );
    assert.deepEqual(
      summary(
        'poetry.lock',
        '[[package]]\nname = "PyYAML"\nversion = "5.3"\n\n[[package]]\nname = "requests"\nversion = "2.32.4"\n',
      ),
      ['pyyaml@5.3', 'requests@2.32.4'],
    );
    const uv =
      '[[package]]\nname = "srv"\nversion = "0.1.0"\nsource = { editable = "." }\ndependencies = [{ name = "mcp" }]\n\n[[package]]\nname = "mcp"\nversion = "1.9.0"\nsource = { registry = "https://pypi.org/simple" }\n\n[[package]]\nname = "anyio"\nversion = "4.0.0"\nsource = { registry = "https://pypi.org/simple" }\n';
    assert.deepEqual(summary('uv.lock', uv), ['mcp@1.9.0 direct', 'anyio@4.0.0']);
  });
});

describe('judged versions', () => {
  it('uses the exact version, else the minimum of a range, else nothing', () => {
    assert.deepEqual(
      judgedVersion('npm', { name: 'a', version: '1.0.0', direct: true, path: [] }),
      { version: '1.0.0', fromRange: false },
    );
    assert.deepEqual(
      judgedVersion('npm', { name: 'a', range: '^0.1.10', direct: true, path: [] }),
      { version: '0.1.10', fromRange: true },
    );
    assert.equal(
      judgedVersion('npm', { name: 'a', range: '*', direct: true, path: [] }),
      undefined,
    );
    assert.equal(
      judgedVersion('npm', { name: 'a', range: 'github:x/y', direct: true, path: [] }),
      undefined,
    );
    assert.deepEqual(
      judgedVersion('pypi', { name: 'a', range: '>=5.1,<6', direct: true, path: [] }),
      { version: '5.1', fromRange: true },
    );
    assert.equal(
      judgedVersion('pypi', { name: 'a', range: '<6', direct: true, path: [] }),
      undefined,
    );
  });

  it('reads exact npm versions and nothing else', () => {
    const cases: [string, string | undefined][] = [
      ['1.2.3', '1.2.3'],
      [' =1.2.3 ', '1.2.3'],
      ['v1.2.3-beta.1+build', '1.2.3-beta.1'],
      ['^1.2.3', undefined],
      ['~1.2.3', undefined],
      ['>=1.2.3', undefined],
      ['1.2.x', undefined],
      ['1.2', undefined],
      ['latest', undefined],
      ['1.2.3 - 2.0.0', undefined],
    ];
    for (const [spec, exact] of cases) assert.equal(exactNpmVersion(spec), exact, spec);
  });

  it('gives the same minimum for a range asked twice (cached)', () => {
    const dep = { name: 'a', range: '^2.3.4', direct: true, path: [] };
    assert.deepEqual(judgedVersion('npm', dep), { version: '2.3.4', fromRange: true });
    assert.deepEqual(judgedVersion('npm', dep), { version: '2.3.4', fromRange: true });
  });
});
