// GET /v1/scan/{id}?wait=N: answers within 0.5 s of the scan ending (a real, slow local MCP server
// scanned by the in-process worker), or after N seconds with the current body; one rate-limit hit.

import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startMcpServer, type RunningServer } from '../../../../test/support/mcp-servers.js';
import { json, startHarness, type Harness } from '../../test-support/harness.js';

/** Each request to the slow server is held this long. */
const SLOW_MS = 700;

describe('GET /v1/scan/:scan_id?wait', () => {
  let h: Harness;
  let slow: RunningServer;
  let proxy: Server;
  let slowUrl: string;
  before(async () => {
    h = await startHarness({ env: { PALISADE_RATE_LIMIT_PER_MINUTE: '10' } });
    slow = await startMcpServer({ transport: 'streamable-http', toolCount: 3 });
    // The slow server: the real MCP server behind a proxy that holds every request SLOW_MS.
    const target = new URL(slow.url);
    proxy = createServer((req, res) => {
      setTimeout(() => {
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }, SLOW_MS);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    slowUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  });
  after(async () => {
    await h.close();
    proxy.closeAllConnections();
    proxy.close();
    await slow.close();
  });

  it('?wait=20 on a queued scan of a slow local server returns within 0.5 s of completion', async () => {
    const { headers } = await h.createAccount('developer');
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/v1/scan/mcp',
      headers,
      payload: { url: slowUrl },
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const id = json(submitted).scan_id as string;
    const started = Date.now();
    const response = await h.app.inject({ method: 'GET', url: `/v1/scan/${id}?wait=20`, headers });
    const answeredAt = Date.now();
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(json(response).status, 'complete', response.body);
    const stored = await h.deps.store.scans.get(id);
    const finishedAt = stored!.finishedAt!.getTime();
    assert.ok(finishedAt - started >= SLOW_MS, 'the scan took longer than one request delay');
    assert.ok(
      answeredAt - finishedAt <= 500,
      `answered ${answeredAt - finishedAt} ms after completion`,
    );
  });

  it('follows a real scan of a local MCP server from queued to complete', async () => {
    const { headers } = await h.createAccount('developer');
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/v1/scan/mcp',
      headers,
      payload: { url: slow.url },
    });
    assert.equal(submitted.statusCode, 202, submitted.body);
    const id = json(submitted).scan_id as string;
    let body = json(await h.app.inject({ method: 'GET', url: `/v1/scan/${id}?wait=30`, headers }));
    // A loaded machine may need a second wait; never more than two.
    if (body.status !== 'complete') {
      body = json(await h.app.inject({ method: 'GET', url: `/v1/scan/${id}?wait=30`, headers }));
    }
    assert.equal(body.status, 'complete');
    const stored = await h.deps.store.scans.get(id);
    assert.ok(stored?.finishedAt);
  });

  it('returns the running body after the wait when the scan stays running; one request counted', async () => {
    const { headers, account } = await h.createAccount('developer');
    const scan = await h.seedQueuedScan(account);
    await h.deps.store.scans.markRunning(scan.id, new Date());
    await h.deps.store.scans.setProgress(scan.id, 'Listing tools');
    const first = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
    const remainingBefore = Number(/r=(\d+)/.exec(String(first.headers.ratelimit))?.[1]);
    const started = performance.now();
    const response = await h.app.inject({
      method: 'GET',
      url: `/v1/scan/${scan.id}?wait=20`,
      headers,
    });
    const elapsed = performance.now() - started;
    assert.equal(response.statusCode, 200);
    assert.deepEqual(json(response), {
      scan_id: scan.id,
      status: 'running',
      progress: 'Listing tools',
    });
    assert.ok(elapsed >= 19_900 && elapsed < 22_000, `answered after ${elapsed} ms`);
    const remainingAfter = Number(/r=(\d+)/.exec(String(response.headers.ratelimit))?.[1]);
    assert.equal(remainingAfter, remainingBefore - 1, 'a waiting poll is one request');
  });

  it('refuses a wait above 30 seconds and answers a finished scan at once', async () => {
    const { headers, account } = await h.createAccount('developer');
    const scan = await h.seedQueuedScan(account);
    const tooLong = await h.app.inject({
      method: 'GET',
      url: `/v1/scan/${scan.id}?wait=31`,
      headers,
    });
    assert.equal(tooLong.statusCode, 400);
    await h.deps.store.scans.fail(scan.id, 'The MCP server did not answer.', new Date());
    const started = performance.now();
    const failed = await h.app.inject({
      method: 'GET',
      url: `/v1/scan/${scan.id}?wait=30`,
      headers,
    });
    assert.equal(json(failed).status, 'failed');
    assert.ok(performance.now() - started < 1000);
  });

  it('ends waiting polls at once when the server closes', async () => {
    const other = await startHarness({ worker: false });
    try {
      const { headers, account } = await other.createAccount('developer');
      const scan = await other.seedQueuedScan(account);
      const started = performance.now();
      const pending = other.app.inject({
        method: 'GET',
        url: `/v1/scan/${scan.id}?wait=30`,
        headers,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.app.close();
      const response = await pending;
      assert.equal(json(response).status, 'queued');
      assert.ok(performance.now() - started < 5000);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
