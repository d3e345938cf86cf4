// The scale-out wiring inside one process (the multi-process version is test/scale/): a scan job
// whose run hangs (its worker "died") is taken over by the retry and completes; one that uses all
// its attempts is failed with a reason by the dead-letter consumer instead of staying `running`.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createTestSchema,
  runId,
  skipUnless,
  testDatabaseUrl,
  withSearchPath,
} from '../test/support/external-services.js';
import { loadConfig } from './config.js';
import { scanFiles, scanSnapshot, type McpSnapshot } from './engine/index.js';
import { createAccount } from './jobs/accounts.js';
import type { ScanEngine } from './jobs/deps.js';
import { createRuntime, startWorker, type Runtime } from './runtime.js';
import { abandonedScanMessage } from './queue/scan-job-policy.js';
import { createPostgresStore } from './store/index.js';
import type { Scan } from './store/port.js';
import { uuidV7 } from './store/uuid-v7.js';

const SNAPSHOT: McpSnapshot = {
  tools: [{ name: 'get_weather', description: 'Returns the forecast for a city.' }],
};

/** fetchSnapshot that hangs forever on the calls listed (1-based), as a dead worker would. */
function engineHangingOn(hangingCalls: ReadonlySet<number>): ScanEngine & { calls: number } {
  const engine = {
    calls: 0,
    fetchSnapshot: async () => {
      engine.calls += 1;
      if (hangingCalls.has(engine.calls)) await new Promise(() => undefined);
      return SNAPSHOT;
    },
    scanSnapshot,
    scanFiles,
  };
  return engine;
}

describe('scale-out queue wiring', { skip: skipUnless({ postgres: true }) }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  async function workerRuntime(maxAttempts: number, engine: ScanEngine): Promise<Runtime> {
    const id = runId();
    const schema = `so_${id}`;
    const bossSchema = `so_boss_${id}`;
    const dropSchemas = await createTestSchema(testDatabaseUrl!, schema, [bossSchema]);
    cleanups.push(dropSchemas);
    const dataDir = mkdtempSync(join(tmpdir(), 'palisade-so-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      PALISADE_DATABASE_URL: withSearchPath(testDatabaseUrl!, schema),
      PALISADE_QUEUE_SCHEMA: bossSchema,
      PALISADE_SCAN_JOB_EXPIRE_SECONDS: '1',
      PALISADE_SCAN_MAX_ATTEMPTS: String(maxAttempts),
      PALISADE_MASTER_KEY: randomBytes(32).toString('base64'),
      PALISADE_DATA_DIR: dataDir,
      PALISADE_LOG_LEVEL: 'silent',
    });
    const store = await createPostgresStore(testDatabaseUrl!, { schema });
    await store.migrate();
    const runtime = await createRuntime(config, { role: 'worker', store, engine });
    cleanups.push(() => runtime.close());
    await startWorker(runtime);
    return runtime;
  }

  async function submitScan(runtime: Runtime): Promise<string> {
    const { account } = await createAccount(runtime, {
      email: `${uuidV7()}@so.test`,
      tier: 'team',
    });
    const scanId = uuidV7();
    const outcome = await runtime.store.scans.createWithQuota(
      {
        id: scanId,
        accountId: account.id,
        type: 'mcp',
        target: 'https://mcp.example.test/mcp',
        input: { type: 'mcp', url: 'https://mcp.example.test/mcp' },
        idempotencyKey: null,
        createdAt: new Date(),
      },
      { period: new Date().toISOString().slice(0, 7), limit: 200 },
      runtime.queue.enqueueInTransaction!('scan', { scanId }),
    );
    assert.equal(outcome.kind, 'created');
    return scanId;
  }

  async function waitForEnd(runtime: Runtime, scanId: string, timeoutMs: number): Promise<Scan> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const scan = await runtime.store.scans.get(scanId);
      if (scan && (scan.status === 'complete' || scan.status === 'failed')) return scan;
      if (Date.now() > deadline)
        throw new Error(`scan still ${scan?.status} after ${timeoutMs} ms`);
      await sleep(100);
    }
  }

  it('a hung run expires and the retry takes the scan over and completes it', async () => {
    const engine = engineHangingOn(new Set([1]));
    const runtime = await workerRuntime(2, engine);
    const scanId = await submitScan(runtime);
    const scan = await waitForEnd(runtime, scanId, 20_000);
    assert.equal(scan.status, 'complete');
    assert.equal(scan.attempts, 1, 'handed back to queued once, by the retry');
    assert.equal(engine.calls, 2);
  });

  it('a scan job that uses all its attempts fails the scan with a reason', async () => {
    const engine = engineHangingOn(new Set([1, 2, 3]));
    const runtime = await workerRuntime(1, engine);
    const scanId = await submitScan(runtime);
    const scan = await waitForEnd(runtime, scanId, 20_000);
    assert.equal(scan.status, 'failed');
    assert.equal(scan.error, abandonedScanMessage(1));
    assert.equal(engine.calls, 1);
  });
});
