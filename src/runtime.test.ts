import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from './config.js';
import { score } from './engine/index.js';
import { createAccount } from './jobs/accounts.js';
import { END_OF_TIME, notifyScanEnded } from './jobs/deliver-webhook.js';
import type { ScanEngine } from './jobs/deps.js';
import { createRuntime, ensureAdminAccount, REDACT_PATHS, startWorker } from './runtime.js';
import { isWellFormedApiKey } from './security/index.js';

const engine: ScanEngine = {
  fetchSnapshot: async (url) => ({ tools: [], origin: url }),
  scanSnapshot: (snapshot) => ({
    ...score([]),
    findings: [],
    target: snapshot.origin ?? '',
    stats: { tools: 0, prompts: 0, resources: 0, files: 0, durationMs: 1 },
  }),
  scanFiles: async () => {
    throw new Error('not used');
  },
};

function configFor(dataDir: string, extra: Record<string, string> = {}) {
  return loadConfig({
    PALISADE_DATA_DIR: dataDir,
    PALISADE_TARGET_ALLOWLIST: '127.0.0.1/32',
    PALISADE_LOG_LEVEL: 'silent',
    ...extra,
  });
}

async function until(probe: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('runtime', () => {
  it('redacts secrets in log lines wherever they sit', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    logger.info(
      {
        authorization: 'Bearer top',
        api_key: 'pal_top',
        req: { headers: { authorization: 'Bearer nested', 'x-api-key': 'pal_nested' } },
        body: { auth_token: 'tok_nested', url: 'https://ok.example' },
        input: { authToken: 'tok_camel' },
      },
      'request',
    );
    const line = lines.join('');
    for (const secret of ['top', 'pal_top', 'nested', 'pal_nested', 'tok_nested', 'tok_camel']) {
      assert.ok(!line.includes(`"${secret}"`) && !line.includes(`Bearer ${secret}`), secret);
    }
    assert.match(line, /https:\/\/ok\.example/);
    assert.equal((line.match(/\[redacted\]/g) ?? []).length, 6);
  });

  it('creates the admin account once, on an empty database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palisade-runtime-'));
    const runtime = await createRuntime(configFor(dataDir), { role: 'all' });
    try {
      await runtime.store.migrate();
      const key = await ensureAdminAccount(runtime);
      assert.ok(key && isWellFormedApiKey(key));
      const admin = await runtime.store.accounts.findByEmail('admin@localhost');
      assert.equal(admin?.tier, 'developer');
      assert.equal(await ensureAdminAccount(runtime), undefined);
      assert.match(runtime.newId(), /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    } finally {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('finishes what a crashed process left: queued and running scans, pending webhooks', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palisade-runtime-'));
    const masterKey = randomBytes(32).toString('base64');
    const hits: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(req.url ?? '');
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const config = configFor(dataDir, { PALISADE_MASTER_KEY: masterKey });

    // The first process accepts scans, starts one, and dies without running its worker.
    const first = await createRuntime(config, { role: 'all', engine });
    await first.store.migrate();
    const { account } = await createAccount(first, { email: 'team@example.test', tier: 'team' });
    await first.store.accounts.update(account.id, { webhookUrl: hookUrl });
    const ids = [first.newId(), first.newId()];
    for (const id of ids) {
      await first.store.scans.createWithQuota(
        {
          id,
          accountId: account.id,
          type: 'mcp',
          target: `https://${id}.example.test/mcp`,
          input: { type: 'mcp', url: `https://${id}.example.test/mcp` },
          idempotencyKey: null,
          createdAt: first.clock(),
        },
        { period: '2026-03', limit: 10 },
      );
    }
    await first.store.scans.markRunning(ids[1]!, first.clock());
    // A third scan had ended and its webhook was stored but never sent.
    const ended = first.newId();
    await first.store.scans.createWithQuota(
      {
        id: ended,
        accountId: account.id,
        type: 'mcp',
        target: 'https://ended.example.test/mcp',
        input: { type: 'mcp', url: 'https://ended.example.test/mcp' },
        idempotencyKey: null,
        createdAt: first.clock(),
      },
      { period: '2026-03', limit: 10 },
    );
    await first.store.scans.fail(ended, 'The MCP server refused the connection.', first.clock());
    await notifyScanEnded(first, ended);
    await first.close();

    // The next process recovers both at start and delivers their webhooks.
    const second = await createRuntime(config, { role: 'all', engine });
    try {
      await startWorker(second);
      await until(async () => {
        const scans = await Promise.all(ids.map((id) => second.store.scans.get(id)));
        return scans.every((s) => s?.status === 'complete');
      });
      assert.equal((await second.store.scans.get(ids[1]!))?.attempts, 1, 'one restart counted');
      await until(async () => hits.length === 3);
      assert.deepEqual(hits, ['/hook', '/hook', '/hook']);
      // Every delivery is recorded as delivered (the receiver answered before the write).
      await until(async () => (await second.store.webhooks.listDue(END_OF_TIME, 10)).length === 0);
    } finally {
      await second.close();
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
