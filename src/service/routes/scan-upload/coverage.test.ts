// Issue 13 through the HTTP interface: a 10 MB source file is analysed (no more A for padding);
// bombs, a nested archive and tar links are reported as not analysed, the scan is not graded A,
// and the result (variants A and B), the history entry and the webhook body all say so. A live
// server whose prompts/list fails is scanned with its server facts and the gap.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startMcpServer, type RunningServer } from '../../../../test/support/mcp-servers.js';
import { buildTarGz, buildZip } from '../../../engine/inputs/test-support/archives.js';
import {
  json,
  type JsonBody,
  multipartBody,
  startHarness,
  type Harness,
  type UploadPart,
} from '../../test-support/harness.js';

const CLEAN_CONFIG = JSON.stringify({
  mcpServers: { notes: { command: 'node', args: ['/opt/notes/server.js'] } },
});

async function upload(h: Harness, headers: Record<string, string>, parts: UploadPart[]) {
  const body = multipartBody(parts);
  return h.app.inject({
    method: 'POST',
    url: '/v1/scan/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function getScan(h: Harness, id: string, headers: Record<string, string>, variant: string) {
  const response = await h.app.inject({
    method: 'GET',
    url: `/v1/scan/${id}?variant=${variant}`,
    headers,
  });
  assert.equal(response.statusCode, 200, response.body);
  return json(response);
}

/** A webhook receiver on loopback that keeps every body. */
async function startReceiver(): Promise<{
  url: string;
  bodies: JsonBody[];
  close(): Promise<void>;
}> {
  const bodies: JsonBody[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonBody);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    bodies,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function webhookFor(bodies: JsonBody[], scanId: string): Promise<JsonBody> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const body = bodies.find((b) => b.scan_id === scanId);
    if (body) return body;
    if (Date.now() > deadline) throw new Error(`no webhook for ${scanId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function yamlAliasBomb(): string {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 12; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
  }
  return lines.join('\n');
}

describe('coverage through the API', () => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let headers: Record<string, string>;
  before(async () => {
    h = await startHarness();
    receiver = await startReceiver();
    const team = await h.createAccount('team');
    await h.runtime.store.accounts.update(team.account.id, { webhookUrl: receiver.url });
    headers = team.headers;
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  it('a 10 MB JavaScript file full of eval(x) and child_process.exec(x): findings for both, not an A', async () => {
    const unit =
      "const child_process = require('child_process');\n" +
      'module.exports = function handler(x) {\n  eval(x);\n  child_process.exec(x);\n};\n';
    const text = unit.repeat(Math.floor(10_000_000 / unit.length));
    assert.ok(text.length > 9_900_000 && text.length <= 10_000_000, String(text.length));
    const submitted = await upload(h, headers, [{ filename: 'server.js', content: text }]);
    assert.equal(submitted.statusCode, 202, submitted.body);
    const id = json(submitted).scan_id as string;
    const done = (await h.waitForScan(id, headers, 240_000)) as JsonBody;
    assert.equal(done.status, 'complete', JSON.stringify(done).slice(0, 500));
    const rules = new Set(done.findings.map((f: { rule_id: string }) => f.rule_id));
    assert.ok(rules.has('code-dynamic-eval'), [...rules].join(', '));
    assert.ok(rules.has('code-command-injection'), [...rules].join(', '));
    assert.notEqual(done.letter_grade, 'A');
    assert.ok(done.overall_score < 90);
    assert.deepEqual(done.coverage, {
      complete: true,
      counts: { tools: 0, prompts: 0, resources: 0, resource_templates: 0 },
      files: [{ path: 'server.js', kind: 'code' }],
      gaps: [],
    });
    const hook = await webhookFor(receiver.bodies, id);
    assert.equal(hook.complete, true);
    assert.equal(hook.letter_grade, done.letter_grade);
  });

  it('an alias bomb, a 100,000-deep JSON, a nested archive and tar links: incomplete with each reason, not an A, in both variants, history and webhook', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const zip = buildZip([
      { name: 'mcp.json', data: CLEAN_CONFIG },
      {
        name: 'inner.zip',
        data: buildZip([{ name: 'claude_desktop_config.json', data: CLEAN_CONFIG }]),
      },
    ]);
    const tar = await buildTarGz([
      { name: 'package.json', data: JSON.stringify({ name: 'x', dependencies: {} }) },
      { name: 'soft.json', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'hard.json', type: 'link', linkname: 'package.json' },
    ]);
    const submitted = await upload(h, headers, [
      { filename: 'bomb.yaml', content: yamlAliasBomb() },
      { filename: 'deep.json', content: deep },
      { filename: 'bundle.zip', content: zip },
      { filename: 'server.tar.gz', content: tar },
    ]);
    assert.equal(submitted.statusCode, 202, submitted.body);
    const id = json(submitted).scan_id as string;
    const b = (await h.waitForScan(id, headers, 60_000)) as JsonBody;
    assert.equal(b.status, 'complete', JSON.stringify(b).slice(0, 500));

    const expectedGaps: [string, RegExp][] = [
      ['bundle.zip!/inner.zip', /archives inside archives/],
      ['server.tar.gz!/soft.json', /not followed/],
      ['server.tar.gz!/hard.json', /not followed/],
      ['bomb.yaml', /alias/],
      ['deep.json', /nested/],
    ];
    for (const variant of ['b', 'a']) {
      const view = variant === 'b' ? b : await getScan(h, id, headers, variant);
      assert.equal(view.status, variant === 'b' ? 'complete' : 'completed');
      assert.notEqual(view.letter_grade, 'A', variant);
      assert.equal(view.coverage.complete, false, variant);
      const gaps = view.coverage.gaps as { subject: string; reason: string }[];
      assert.equal(gaps.length, expectedGaps.length, JSON.stringify(gaps));
      for (const [subject, reason] of expectedGaps) {
        const gap = gaps.find((g) => g.subject === subject);
        assert.ok(gap, `${variant}: ${subject} in ${JSON.stringify(gaps)}`);
        assert.match(gap.reason, reason);
      }
      assert.deepEqual(
        view.coverage.files.map((f: { path: string; kind: string }) => `${f.kind} ${f.path}`),
        [
          'archive bundle.zip',
          'archive server.tar.gz',
          'mcp-config bundle.zip!/mcp.json',
          'dependencies server.tar.gz!/package.json',
        ],
      );
    }

    const history = json(
      await h.app.inject({ method: 'GET', url: '/v1/scans?per_page=100', headers }),
    );
    const entry = history.scans.find((s: { scan_id: string }) => s.scan_id === id);
    assert.equal(entry.complete, false);
    assert.equal(entry.letter_grade, b.letter_grade);

    const hook = await webhookFor(receiver.bodies, id);
    assert.equal(hook.complete, false);
    assert.equal(hook.letter_grade, b.letter_grade);
    assert.deepEqual(
      hook.not_analysed.map((g: { subject: string }) => g.subject).sort(),
      expectedGaps.map(([subject]) => subject).sort(),
    );
  });
});

describe('coverage of a live server through the API', () => {
  let h: Harness;
  let server: RunningServer;
  before(async () => {
    h = await startHarness();
    server = await startMcpServer({
      transport: 'streamable-http',
      serverInfo: { name: 'api-coverage', version: '4.5.6' },
      tools: [{ name: 'get_weather', description: 'Returns the current weather for a city.' }],
      prompts: [{ name: 'forecast' }],
      resources: [{ uri: 'weather://today', name: 'today' }],
      failingLists: ['prompts/list'],
    });
  });
  after(async () => {
    await server.close();
    await h.close();
  });

  it('variants A and B: the server, its counts and the failed prompts/list; not an A', async () => {
    const { headers } = await h.createAccount('developer');
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/v1/scan/mcp',
      headers,
      payload: { url: server.url },
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const id = json(submitted).scan_id as string;
    await h.waitForScan(id, headers);
    for (const variant of ['a', 'b']) {
      const view = await getScan(h, id, headers, variant);
      assert.equal(view.coverage.complete, false, variant);
      assert.deepEqual(view.coverage.server.name, 'api-coverage');
      assert.equal(view.coverage.server.version, '4.5.6');
      assert.equal(view.coverage.server.transport, 'streamable-http');
      assert.match(view.coverage.server.protocol_version, /^\d{4}-\d{2}-\d{2}$/);
      assert.deepEqual(view.coverage.counts, {
        tools: 1,
        prompts: 0,
        resources: 1,
        resource_templates: 0,
      });
      assert.deepEqual(view.coverage.files, []);
      assert.equal(view.coverage.gaps.length, 1);
      assert.equal(view.coverage.gaps[0].subject, 'prompts/list');
      assert.notEqual(view.letter_grade, 'A');
    }
  });
});
