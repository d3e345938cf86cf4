// The API on the scale-out backend, in one process: PostgreSQL store + pg-boss queue (the same
// harness as the service suites, which run on SQLite + the in-process queue). Submissions go
// through the transactional enqueue, scans run from pg-boss, uploads keep their bytes in bytea.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createTestSchema,
  runId,
  skipUnless,
  testDatabaseUrl,
  withSearchPath,
} from '../support/external-services.js';
import { startMcpServer, type RunningServer } from '../support/mcp-servers.js';
import {
  json,
  multipartBody,
  startHarness,
  type Harness,
} from '../../src/service/test-support/harness.js';

describe('API on PostgreSQL + pg-boss', { skip: skipUnless({ postgres: true }) }, () => {
  let h: Harness | undefined;
  let target: RunningServer | undefined;
  let dropSchemas: (() => Promise<void>) | undefined;

  before(async () => {
    const id = runId();
    const schema = `api_${id}`;
    const bossSchema = `api_boss_${id}`;
    dropSchemas = await createTestSchema(testDatabaseUrl!, schema, [bossSchema]);
    target = await startMcpServer({ transport: 'streamable-http', toolCount: 10 });
    h = await startHarness({
      env: {
        PALISADE_DATABASE_URL: withSearchPath(testDatabaseUrl!, schema),
        PALISADE_QUEUE_SCHEMA: bossSchema,
      },
    });
  });

  after(async () => {
    await h?.close();
    await target?.close();
    await dropSchemas?.();
  });

  it('runs on the PostgreSQL store and the pg-boss queue', () => {
    assert.equal(h!.runtime.store.dialect, 'postgres');
    assert.equal(h!.runtime.queue.kind, 'pg-boss');
  });

  it('an MCP scan is accepted, queued in pg-boss, run and listed', async () => {
    const { headers } = await h!.createAccount('developer');
    const submitted = await h!.app.inject({
      method: 'POST',
      url: '/v1/scan/mcp',
      headers,
      payload: { url: target!.url },
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const scanId = json(submitted).scan_id as string;
    const result = (await h!.waitForScan(scanId, headers)) as Record<string, unknown>;
    assert.equal(result.status, 'complete');
    assert.equal(typeof result.overall_score, 'number');

    const history = await h!.app.inject({ method: 'GET', url: '/v1/scans', headers });
    assert.equal(history.statusCode, 200);
    assert.deepEqual(
      (json(history).scans as { scan_id: string }[]).map((s) => s.scan_id),
      [scanId],
    );
  });

  it('an upload scan keeps its files in PostgreSQL until it ends', async () => {
    const { headers } = await h!.createAccount('developer');
    const body = multipartBody([
      { filename: 'package.json', content: JSON.stringify({ dependencies: { express: '4.0.0' } }) },
    ]);
    const submitted = await h!.app.inject({
      method: 'POST',
      url: '/v1/scan/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const scanId = json(submitted).scan_id as string;
    const result = (await h!.waitForScan(scanId, headers)) as Record<string, unknown>;
    assert.equal(result.status, 'complete');
    assert.deepEqual(await h!.runtime.store.scans.files(scanId), []);
  });

  it('20 simultaneous submissions on a free account: exactly 3 accepted, all 3 run', async () => {
    const { account, headers } = await h!.createAccount('free');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        h!.app.inject({
          method: 'POST',
          url: '/v1/scan/mcp',
          headers,
          payload: { url: target!.url },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [...Array(3).fill(202), ...Array(17).fill(429)]);
    const ids = responses.filter((r) => r.statusCode === 202).map((r) => json(r).scan_id as string);
    for (const id of ids) {
      const result = (await h!.waitForScan(id, headers)) as Record<string, unknown>;
      assert.equal(result.status, 'complete');
    }
    const { scans } = await h!.runtime.store.scans.list({
      accountId: account.id,
      offset: 0,
      limit: 100,
    });
    assert.equal(scans.length, 3);
  });

  it('an Idempotency-Key replay returns the first scan and debits once', async () => {
    const { account, headers } = await h!.createAccount('developer');
    const send = () =>
      h!.app.inject({
        method: 'POST',
        url: '/v1/scan/mcp',
        headers: { ...headers, 'idempotency-key': 'scale-replay-1' },
        payload: { url: target!.url },
      });
    const [first, second] = await Promise.all([send(), send()]);
    assert.equal(json(first).scan_id, json(second).scan_id);
    const period = new Date().toISOString().slice(0, 7);
    assert.equal(await h!.runtime.store.usage.used(account.id, period), 1);
  });
});
