// `palisade submit` against a real service (the harness app listening on loopback): an MCP scan and
// an upload are followed with waiting polls (?wait=30) to their end; each poll is one request.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startMcpServer, type RunningServer } from '../../test/support/mcp-servers.js';
import { startHarness, type Harness } from '../service/test-support/harness.js';
import { run, type CliContext } from './index.js';

describe('palisade submit', () => {
  let h: Harness;
  let mcp: RunningServer;
  let base: string;
  let dir: string;
  const polls: string[] = [];
  const realFetch = globalThis.fetch;
  before(async () => {
    h = await startHarness();
    // The polls the command makes, as it sends them.
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'GET' && url.includes('/v1/scan/')) polls.push(url);
      return realFetch(input, init);
    };
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    mcp = await startMcpServer({ transport: 'streamable-http', toolCount: 2 });
    dir = mkdtempSync(join(tmpdir(), 'palisade-submit-'));
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await h.close();
    await mcp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function cli(args: string[], env: Record<string, string> = {}) {
    let stdout = '';
    let stderr = '';
    const ctx: CliContext = {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      env,
      cwd: dir,
      exitCode: 0,
    };
    const code = await run(args, ctx);
    return { code, stdout, stderr };
  }

  it('scans an MCP URL through the service and waits for the result', async () => {
    const { key } = await h.createAccount('developer');
    polls.length = 0;
    const out = await cli(['submit', mcp.url, '--server', `${base}/v1`], {
      PALISADE_API_KEY: key,
    });
    assert.equal(out.code, 0, out.stderr);
    const body = JSON.parse(out.stdout);
    assert.equal(body.status, 'complete');
    assert.match(body.letter_grade, /^[A-F]$/);
    assert.ok(polls.length >= 1);
    for (const url of polls) assert.match(url, /\?wait=30$/);
  });

  it('uploads files, and reports a missing key or a refused submission with exit code 2', async () => {
    const { key } = await h.createAccount('developer');
    writeFileSync(join(dir, 'mcp.json'), '{"mcpServers":{}}');
    const out = await cli(['submit', 'mcp.json', '--server', base, '--api-key', key]);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(JSON.parse(out.stdout).status, 'complete');

    const noKey = await cli(['submit', 'mcp.json', '--server', base]);
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /API key is needed/);
    const refused = await cli([
      'submit',
      'http://10.0.0.1/mcp',
      '--server',
      base,
      '--api-key',
      key,
    ]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /HTTP 400.*private/);
  });
});
