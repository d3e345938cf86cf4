// `palisade scan` says what it saw (issue 13): `coverage` in --format json, notifications in
// SARIF, and files a directory walk refused are part of the result, not only a line on stderr.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type CliContext } from './index.js';
import { buildZip } from '../engine/inputs/test-support/archives.js';
import { startMcpServer, type RunningServer } from '../../test/support/mcp-servers.js';

const CLEAN_CONFIG = JSON.stringify({
  mcpServers: { notes: { command: 'node', args: ['/opt/notes/server.js'] } },
});

async function runCli(args: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const ctx: CliContext = {
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    env: {},
    cwd,
    exitCode: 0,
  };
  const code = await run(args, ctx);
  return { code, stdout };
}

interface SarifNotificationJson {
  level: string;
  message: { text: string };
  descriptor: { id: string };
  locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
}

describe('palisade scan: coverage of a directory', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'palisade-coverage-'));
    await mkdir(join(dir, 'project', '.cursor'), { recursive: true });
    await writeFile(join(dir, 'project', '.cursor', 'mcp.json'), CLEAN_CONFIG);
    await writeFile(
      join(dir, 'project', 'bundle.zip'),
      buildZip([
        { name: 'inner.zip', data: buildZip([{ name: 'mcp.json', data: CLEAN_CONFIG }]) },
        { name: 'package.json', data: JSON.stringify({ name: 'x', dependencies: {} }) },
      ]),
    );
    await symlink('/etc/passwd', join(dir, 'project', 'passwd.txt'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('--format json: files with kinds, the refused link and the nested archive as gaps, not an A', async () => {
    const out = await runCli(['scan', 'project', '--format', 'json'], dir);
    assert.equal(out.code, 0);
    const json = JSON.parse(out.stdout);
    assert.equal(json.coverage.complete, false);
    assert.deepEqual(json.coverage.counts, {
      tools: 0,
      prompts: 0,
      resources: 0,
      resource_templates: 0,
    });
    assert.deepEqual(
      json.coverage.files.map((f: { path: string; kind: string }) => `${f.kind} ${f.path}`).sort(),
      [
        'archive project/bundle.zip',
        'dependencies project/bundle.zip!/package.json',
        'mcp-config project/.cursor/mcp.json',
      ],
    );
    assert.deepEqual(json.coverage.gaps, [
      { subject: 'project/passwd.txt', reason: 'not analysed: symbolic links are not followed' },
      {
        subject: 'project/bundle.zip!/inner.zip',
        reason: 'archives inside archives are not scanned',
      },
    ]);
    assert.equal(json.letter_grade, 'B');
    assert.equal(json.overall_score, 89);
    assert.equal(json.skipped.length, 2, 'skipped is kept for compatibility');
  });

  it('--format sarif: each gap is a warning notification of a successful invocation', async () => {
    const out = await runCli(['scan', 'project', '--format', 'sarif'], dir);
    const run0 = JSON.parse(out.stdout).runs[0];
    assert.equal(run0.invocations.length, 1);
    assert.equal(run0.invocations[0].executionSuccessful, true);
    const notes = run0.invocations[0].toolExecutionNotifications as SarifNotificationJson[];
    assert.deepEqual(
      notes.map((n) => [
        n.level,
        n.descriptor.id,
        n.locations[0]?.physicalLocation.artifactLocation.uri,
      ]),
      [
        ['warning', 'palisade/not-analysed', 'project/passwd.txt'],
        ['warning', 'palisade/not-analysed', 'project/bundle.zip!/inner.zip'],
      ],
    );
    assert.match(notes[1]?.message.text ?? '', /archives inside archives are not scanned/);
    assert.equal(run0.properties.targets[0].complete, false);
  });
});

describe('palisade scan: coverage of a live server', () => {
  let server: RunningServer;
  before(async () => {
    server = await startMcpServer({
      transport: 'streamable-http',
      serverInfo: { name: 'cli-coverage', version: '0.9.0' },
      tools: [{ name: 'get_weather', description: 'Returns the current weather for a city.' }],
      prompts: [{ name: 'forecast' }],
      failingLists: ['prompts/list'],
    });
  });
  after(async () => {
    await server.close();
  });

  it('--format json: server name, version, protocol and transport; the failed prompts/list', async () => {
    const out = await runCli(
      ['scan', server.url, '--allow', '127.0.0.1/32', '--format', 'json'],
      process.cwd(),
    );
    assert.equal(out.code, 0);
    const json = JSON.parse(out.stdout);
    assert.equal(json.coverage.server.name, 'cli-coverage');
    assert.equal(json.coverage.server.version, '0.9.0');
    assert.equal(json.coverage.server.transport, 'streamable-http');
    assert.match(json.coverage.server.protocol_version, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(json.coverage.counts.tools, 1);
    assert.equal(json.coverage.complete, false);
    assert.deepEqual(
      json.coverage.gaps.map((g: { subject: string }) => g.subject),
      ['prompts/list'],
    );
    assert.notEqual(json.letter_grade, 'A');
  });

  it('--format sarif: the failed list call is a notification at the server URL', async () => {
    const out = await runCli(
      ['scan', server.url, '--allow', '127.0.0.1/32', '--format', 'sarif'],
      process.cwd(),
    );
    const notes = JSON.parse(out.stdout).runs[0].invocations[0].toolExecutionNotifications;
    assert.equal(notes.length, 1);
    assert.equal(notes[0].locations[0].physicalLocation.artifactLocation.uri, server.url);
    assert.equal(notes[0].locations[0].logicalLocations[0].fullyQualifiedName, 'prompts/list');
  });
});
