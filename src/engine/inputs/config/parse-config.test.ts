import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonDocument, parseTomlDocument, parseYamlDocument } from '../documents.js';
import { parseClientConfig } from './parse-config.js';
import { containerRun, launchedPackages } from './launchers.js';

function fromJson(path: string, doc: unknown) {
  const text = JSON.stringify(doc, null, 2);
  const parsed = parseJsonDocument(text);
  return parseClientConfig(path, text, parsed.value, 'json', parsed.duplicates, parsed.keyLines);
}

describe('client config detection and normalisation', () => {
  it('recognises each client by file name or fields', () => {
    const cases: [string, unknown, string][] = [
      ['claude_desktop_config.json', { mcpServers: { a: { command: 'x' } } }, 'claude-desktop'],
      ['.mcp.json', { mcpServers: { a: { type: 'stdio', command: 'x' } } }, 'claude-code'],
      ['.cursor/mcp.json', { mcpServers: { a: { command: 'x' } } }, 'cursor'],
      [
        '.vscode/mcp.json',
        { servers: { a: { type: 'stdio', command: 'x' } }, inputs: [] },
        'vscode',
      ],
      ['settings.json', { 'chat.mcp.gallery.enabled': true, mcp: {} }, 'vscode'],
      ['mcp_config.json', { mcpServers: { a: { serverUrl: 'https://x' } } }, 'windsurf'],
      [
        'cline_mcp_settings.json',
        { mcpServers: { a: { command: 'x', alwaysAllow: [] } } },
        'cline',
      ],
      ['.gemini/settings.json', { mcpServers: { a: { httpUrl: 'https://x' } } }, 'gemini'],
      ['servers.json', { mcpServers: { a: { command: 'x' } } }, 'generic'],
    ];
    for (const [path, doc, client] of cases)
      assert.equal(fromJson(path, doc)?.client, client, path);
  });

  it('is not fooled by documents that are not configs', () => {
    assert.equal(fromJson('package.json', { name: 'x', dependencies: {} }), undefined);
    assert.equal(fromJson('data.json', { servers: { eu: 'eu.example.com' } }), undefined);
    assert.equal(fromJson('tools.json', { tools: [{ name: 'a' }] }), undefined);
  });

  it('normalises entries: env, headers, url spellings, autoApprove, trust, lines', () => {
    const input = fromJson('x.json', {
      mcpServers: {
        a: {
          command: 'npx',
          args: ['-y', 'p@1.0.0', 7],
          env: { K: 'v', N: 1 },
          alwaysAllow: ['read'],
        },
        b: { httpUrl: 'https://g.example/mcp', headers: { H: 'h' }, trust: true },
      },
    })!;
    assert.deepEqual(input.servers[0]!.args, ['-y', 'p@1.0.0', '7']);
    assert.deepEqual(input.servers[0]!.env, { K: 'v', N: '1' });
    assert.deepEqual(input.servers[0]!.autoApprove, ['read']);
    assert.equal(input.servers[0]!.line, 3);
    assert.equal(input.servers[1]!.url, 'https://g.example/mcp');
    assert.deepEqual(input.servers[1]!.autoApprove, ['*']);
  });

  it('reads Codex TOML and YAML configs', () => {
    const toml =
      '[mcp_servers.docs]\ncommand = "uvx"\nargs = ["mcp-server-fetch"]\nenv = { "A" = "b" }\n';
    const codex = parseClientConfig('config.toml', toml, parseTomlDocument(toml).value, 'toml');
    assert.equal(codex?.client, 'codex');
    assert.equal(codex?.servers[0]?.location, 'mcp_servers.docs');
    const yaml = 'mcpServers:\n  fs:\n    command: npx\n    args: [-y, pkg]\n';
    assert.equal(
      parseClientConfig('mcp.yaml', yaml, parseYamlDocument(yaml).value, 'yaml')?.servers[0]
        ?.command,
      'npx',
    );
  });

  it("reads Claude Code's per-project servers and Zed's nested commands", () => {
    const claude = fromJson('.claude.json', {
      projects: {
        '/home/ana/app': { mcpServers: { db: { command: 'npx', args: ['-y', 'db-mcp'] } } },
      },
    });
    assert.equal(claude?.client, 'claude-code');
    assert.equal(claude?.servers[0]?.location, 'projects."/home/ana/app".mcpServers.db');
    const zed = fromJson('settings.json', {
      context_servers: {
        gh: { command: { path: 'npx', args: ['-y', 'gh-mcp'], env: { T: 'x' } } },
      },
    });
    assert.equal(zed?.servers[0]?.command, 'npx');
    assert.deepEqual(zed?.servers[0]?.args, ['-y', 'gh-mcp']);
    assert.deepEqual(zed?.servers[0]?.env, { T: 'x' });
  });

  it('finds duplicate server names that JSON.parse would drop', () => {
    const text = '{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}';
    const parsed = parseJsonDocument(text);
    const input = parseClientConfig(
      'c.json',
      text,
      parsed.value,
      'json',
      parsed.duplicates,
      parsed.keyLines,
    );
    assert.deepEqual(input?.duplicateNames, ['a']);
    assert.equal(input?.servers.length, 1);
  });
});

describe('launchers', () => {
  const entry = (command: string, args: string[]) => ({
    name: 's',
    location: 'mcpServers.s',
    command,
    args,
    env: {},
    headers: {},
    autoApprove: [],
    raw: {},
  });
  const specs = (command: string, args: string[]) =>
    launchedPackages(entry(command, args)).map(
      (p) => `${p.launcher}:${p.name}@${p.version ?? p.tag ?? ''}`,
    );

  it('reads npx, npm exec, pnpm/yarn dlx and bunx', () => {
    assert.deepEqual(specs('npx', ['-y', '@scope/pkg@1.2.3', '--flag']), ['npx:@scope/pkg@1.2.3']);
    assert.deepEqual(specs('npx', ['--package', 'a@2.0.0', 'bin-name']), ['npx:a@2.0.0']);
    assert.deepEqual(specs('/usr/local/bin/npx.cmd', ['pkg@latest']), ['npx:pkg@latest']);
    assert.deepEqual(specs('npm', ['exec', '--', 'pkg']), ['npm exec:pkg@']);
    assert.deepEqual(specs('pnpm', ['dlx', 'pkg@1.0.0']), ['pnpm dlx:pkg@1.0.0']);
    assert.deepEqual(specs('npx', ['./local.js']), []);
  });

  it('reads uvx, uv run --with, uv tool run and pipx run', () => {
    assert.deepEqual(specs('uvx', ['mcp-server-fetch==2025.1.1']), [
      'uvx:mcp-server-fetch@2025.1.1',
    ]);
    assert.deepEqual(specs('uvx', ['--from', 'git-mcp@0.6.2', 'git-mcp']), ['uvx:git-mcp@0.6.2']);
    assert.deepEqual(specs('uv', ['run', '--with', 'mcp[cli]', 'mcp', 'run', 'x.py']), [
      'uv run --with:mcp@',
    ]);
    assert.deepEqual(specs('uv', ['--directory', '/x', 'run', 'server.py']), []);
    assert.deepEqual(specs('pipx', ['run', '--spec', 'tool>=1', 'tool']), ['pipx run:tool@>=1']);
  });

  it('reads docker run options and image', () => {
    const run = containerRun(
      entry('docker', [
        'run',
        '-i',
        '--rm',
        '-e',
        'TOKEN',
        '--network=host',
        '-v',
        '/a:/b',
        'img:1',
        'arg',
      ]),
    );
    assert.equal(run?.image, 'img:1');
    assert.deepEqual(run?.options, [
      ['-i', ''],
      ['--rm', ''],
      ['-e', 'TOKEN'],
      ['--network', 'host'],
      ['-v', '/a:/b'],
    ]);
  });
});
