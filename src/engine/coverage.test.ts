// Coverage (issue 13): every scan says what it analysed and lists what it could not, and a scan
// with anything not analysed is not graded A. Real inputs end to end: generated files, archives
// built in memory, a real MCP SDK server on 127.0.0.1.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startMcpServer } from '../../test/support/mcp-servers.js';
import { buildTarGz, buildZip } from './inputs/test-support/archives.js';
import { fetchSnapshot } from './mcp/fetch-snapshot.js';
import { scanFiles, withGaps } from './scan-files.js';
import { scanSnapshot } from './scan-snapshot.js';
import { INCOMPLETE_SCORE_CAP, score } from './scoring.js';
import type { InputFile } from './inputs/types.js';
import type { Coverage, ScanResult } from './types.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const file = (path: string, text: string | Uint8Array): InputFile => ({
  path,
  bytes: typeof text === 'string' ? enc(text) : text,
});
const CLEAN_CONFIG = JSON.stringify({
  mcpServers: { notes: { command: 'node', args: ['/opt/notes/server.js'] } },
});

function coverageOf(result: ScanResult): Coverage {
  assert.ok(result.coverage, 'the result carries coverage');
  return result.coverage;
}

/** The scan is incomplete, lists `subject` with a reason matching `reason`, and is not an A. */
function assertGap(result: ScanResult, subject: string, reason: RegExp): void {
  const coverage = coverageOf(result);
  assert.equal(coverage.complete, false);
  const gap = coverage.gaps.find((g) => g.subject === subject);
  assert.ok(gap, `${subject} is listed among ${JSON.stringify(coverage.gaps)}`);
  assert.match(gap.reason, reason);
  assert.notEqual(result.letterGrade, 'A');
  assert.ok(result.overallScore <= INCOMPLETE_SCORE_CAP);
  assert.ok(
    result.skipped?.some((s) => s.path === subject),
    'skipped still lists it (compatibility)',
  );
}

describe('coverage of file scans', () => {
  it('a clean config alone: complete, the file listed with its kind, graded A', async () => {
    const result = await scanFiles([file('claude_desktop_config.json', CLEAN_CONFIG)]);
    assert.deepEqual(coverageOf(result), {
      complete: true,
      counts: { tools: 0, prompts: 0, resources: 0, resourceTemplates: 0 },
      files: [{ path: 'claude_desktop_config.json', kind: 'mcp-config' }],
      gaps: [],
    });
    assert.equal(result.letterGrade, 'A');
  });

  it('analyses a source file past the old 2 MiB limit and finds eval and command execution', async () => {
    const unit =
      "const child_process = require('child_process');\n" +
      'module.exports = function handler(x) {\n  eval(x);\n  child_process.exec(x);\n};\n';
    // Just past the old limit of 2,097,152 characters: the 10 MB file is the HTTP test's.
    const text = unit.repeat(Math.ceil((2.2 * 1024 * 1024) / unit.length));
    assert.ok(text.length > 2_097_152);
    const result = await scanFiles([file('padded.js', text)]);
    const rules = new Set(result.findings.map((f) => f.ruleId));
    assert.ok(rules.has('code-dynamic-eval'), [...rules].join(', '));
    assert.ok(rules.has('code-command-injection'), [...rules].join(', '));
    assert.notEqual(result.letterGrade, 'A');
    const coverage = coverageOf(result);
    assert.equal(coverage.complete, true, JSON.stringify(coverage.gaps));
    assert.deepEqual(coverage.files, [{ path: 'padded.js', kind: 'code' }]);
    // One rule keeps a bounded number of findings per file, and says how many more it matched.
    const evals = result.findings.filter((f) => f.ruleId === 'code-dynamic-eval');
    assert.ok(evals.length <= 25, `${evals.length} eval findings`);
    assert.match(evals.map((f) => f.description).join(' '), /matched \d+ more places/);
  });

  it('analyses a Python file over 512 KB (on the analysis thread) and finds eval and command execution', async () => {
    const unit =
      'import subprocess\ndef handler(x):\n    eval(x)\n    subprocess.run(x, shell=True)\n\n';
    const text = unit.repeat(Math.ceil((600 * 1024) / unit.length));
    const result = await scanFiles([file('server.py', text)]);
    const rules = new Set(result.findings.map((f) => f.ruleId));
    assert.ok(rules.has('code-dynamic-eval'), [...rules].join(', '));
    assert.ok(rules.has('code-command-injection'), [...rules].join(', '));
    assert.equal(coverageOf(result).complete, true, JSON.stringify(coverageOf(result).gaps));
    assert.deepEqual(coverageOf(result).files, [{ path: 'server.py', kind: 'code' }]);
  });

  it('finds a secret in a text file past the old 2 MB text-check limit', async () => {
    const token = 'ghp_' + 'R8x2Kq9LmZ4vT7nB3cW1pY6sD0fH5jA2uE9g';
    const text =
      'plain notes about the deployment, nothing secret\n'.repeat(60_000) + `token: ${token}\n`;
    assert.ok(text.length > 2.5 * 1024 * 1024);
    const result = await scanFiles([file('notes.txt', text)]);
    assert.ok(result.findings.some((f) => f.ruleId === 'config-hardcoded-secret'));
    assert.deepEqual(coverageOf(result).files, [{ path: 'notes.txt', kind: 'text' }]);
    assert.equal(coverageOf(result).complete, true);
  });

  it('a YAML alias bomb is reported, its text still checked for secrets, and not graded A', async () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    const token = 'ghp_' + 'R8x2Kq9LmZ4vT7nB3cW1pY6sD0fH5jA2uE9g';
    lines.push(`token: ${token}`);
    const result = await scanFiles([file('bomb.yaml', lines.join('\n'))]);
    assertGap(result, 'bomb.yaml', /alias/);
    assert.ok(result.findings.some((f) => f.ruleId === 'config-hardcoded-secret'));
    assert.ok(!JSON.stringify(result).includes(token));
  });

  it('a JSON document nested 100,000 deep is reported with its reason', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const result = await scanFiles([file('deep.json', deep), file('mcp.json', CLEAN_CONFIG)]);
    assertGap(result, 'deep.json', /nested|deep/);
    assert.deepEqual(coverageOf(result).files, [{ path: 'mcp.json', kind: 'mcp-config' }]);
  });

  it('a JSON parse failure is reported', async () => {
    const result = await scanFiles([file('broken.json', '{"mcpServers": {')]);
    assertGap(result, 'broken.json', /invalid JSON/);
  });

  it('a source file with a syntax error is partly analysed, and says so', async () => {
    const text = 'const ok = 1;\nfunction (\nconst x = require("child_process").exec(y);\n';
    const result = await scanFiles([file('broken.js', text)]);
    assertGap(result, 'broken.js', /partly analysed: \d+ syntax error/);
  });

  it('an archive inside an archive is reported; the outer archive and its files are listed', async () => {
    const inner = buildZip([{ name: 'claude_desktop_config.json', data: CLEAN_CONFIG }]);
    const outer = buildZip([
      { name: 'mcp.json', data: CLEAN_CONFIG },
      { name: 'inner.zip', data: inner },
    ]);
    const result = await scanFiles([file('bundle.zip', outer)]);
    assertGap(result, 'bundle.zip!/inner.zip', /archives inside archives/);
    assert.deepEqual(coverageOf(result).files, [
      { path: 'bundle.zip', kind: 'archive' },
      { path: 'bundle.zip!/mcp.json', kind: 'mcp-config' },
    ]);
  });

  it('tar symlink and hard link entries are reported', async () => {
    const tar = await buildTarGz([
      { name: 'mcp.json', data: CLEAN_CONFIG },
      { name: 'soft.json', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'hard.json', type: 'link', linkname: 'mcp.json' },
    ]);
    const result = await scanFiles([file('server.tar.gz', tar)]);
    assertGap(result, 'server.tar.gz!/soft.json', /not followed/);
    assertGap(result, 'server.tar.gz!/hard.json', /not followed/);
    assert.equal(coverageOf(result).gaps.length, 2);
  });

  it('a snapshot file: its server and counts', async () => {
    const snapshot = {
      serverInfo: { name: 'notes', version: '2.1.0' },
      protocolVersion: '2025-06-18',
      tools: [{ name: 'read_note', description: 'Reads a note.' }],
      prompts: [{ name: 'summarise' }],
      resources: [{ uri: 'notes://1' }, { uri: 'notes://2' }],
      resourceTemplates: [{ uriTemplate: 'notes://{id}' }],
    };
    const result = await scanFiles([file('tools.json', JSON.stringify(snapshot))]);
    const coverage = coverageOf(result);
    assert.deepEqual(coverage.server, {
      name: 'notes',
      version: '2.1.0',
      protocolVersion: '2025-06-18',
      transport: 'snapshot',
    });
    assert.deepEqual(coverage.counts, { tools: 1, prompts: 1, resources: 2, resourceTemplates: 1 });
    assert.deepEqual(coverage.files, [{ path: 'tools.json', kind: 'snapshot' }]);
    assert.equal(coverage.complete, true);
  });

  it('gaps found outside the engine (a directory walk) make the scan incomplete', async () => {
    const result = await scanFiles([file('mcp.json', CLEAN_CONFIG)]);
    assert.equal(result.letterGrade, 'A');
    const after = withGaps(result, [{ subject: 'logo.png', reason: 'unsupported file type' }]);
    assertGap(after, 'logo.png', /unsupported/);
    assert.equal(after.letterGrade, 'B');
  });
});

describe('coverage of snapshot and live scans', () => {
  it('a snapshot: server, transport "snapshot", counts, complete', () => {
    const result = scanSnapshot({
      serverInfo: { name: 'notes', version: '1.0.0' },
      protocolVersion: '2025-03-26',
      tools: [{ name: 'read_note', description: 'Reads a note.' }],
      origin: 'notes.json',
    });
    assert.deepEqual(result.coverage, {
      complete: true,
      server: {
        name: 'notes',
        version: '1.0.0',
        protocolVersion: '2025-03-26',
        transport: 'snapshot',
      },
      counts: { tools: 1, prompts: 0, resources: 0, resourceTemplates: 0 },
      files: [{ path: 'notes.json', kind: 'snapshot' }],
      gaps: [],
    });
    assert.equal(result.letterGrade, 'A');
  });

  it('malformed gaps in a snapshot file are ignored, well-formed ones count', () => {
    const result = scanSnapshot({
      tools: [],
      gaps: [{ subject: 'prompts/list', reason: 'failed' }, 7, { subject: 3 }] as never,
    });
    assert.deepEqual(result.coverage?.gaps, [{ subject: 'prompts/list', reason: 'failed' }]);
    assert.equal(result.coverage?.complete, false);
  });

  for (const transport of ['streamable-http', 'sse'] as const) {
    it(`a live server over ${transport}: name, version, protocol, transport and counts; a failing prompts/list is a gap`, async () => {
      const server = await startMcpServer({
        transport,
        serverInfo: { name: 'coverage-fixture', version: '3.2.1' },
        tools: [{ name: 'read_note', description: 'Reads a note by id.' }],
        prompts: [{ name: 'summarise' }],
        resources: [{ uri: 'notes://1', name: 'one' }],
        resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note' }],
        failingLists: ['prompts/list'],
      });
      try {
        const snapshot = await fetchSnapshot(server.url, { allowlist: ['127.0.0.1/32'] });
        const result = scanSnapshot(snapshot);
        const coverage = coverageOf(result);
        assert.equal(coverage.server?.name, 'coverage-fixture');
        assert.equal(coverage.server?.version, '3.2.1');
        assert.equal(coverage.server?.transport, transport);
        assert.match(coverage.server?.protocolVersion ?? '', /^\d{4}-\d{2}-\d{2}$/);
        assert.deepEqual(coverage.counts, {
          tools: 1,
          prompts: 0,
          resources: 1,
          resourceTemplates: 1,
        });
        assert.deepEqual(coverage.files, []);
        assert.equal(coverage.complete, false);
        assert.equal(coverage.gaps.length, 1);
        assert.equal(coverage.gaps[0]?.subject, 'prompts/list');
        assert.match(coverage.gaps[0]?.reason ?? '', /prompts\/list failed/);
        assert.notEqual(result.letterGrade, 'A');
      } finally {
        await server.close();
      }
    });
  }
});

describe('scoring of incomplete scans', () => {
  it('caps a clean incomplete scan at B and leaves worse grades alone', () => {
    assert.equal(score([]).letterGrade, 'A');
    assert.equal(score([], { complete: true }).overallScore, 100);
    const incomplete = score([], { complete: false });
    assert.equal(incomplete.overallScore, INCOMPLETE_SCORE_CAP);
    assert.equal(incomplete.letterGrade, 'B');
    assert.ok(incomplete.categoryScores.every((c) => c.score === 100 && c.rating === 'pass'));
  });
});
