import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { Writable } from 'node:stream';
import pino from 'pino';
import { rotateApiKey } from '../jobs/index.js';
import { REDACT_PATHS } from '../runtime.js';
import { buildApp } from './app.js';
import { json, makeResult, startHarness, type Harness } from './test-support/harness.js';

describe('service platform: health, metrics, OpenAPI, errors, request ids', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('/healthz and /readyz answer without a key', async () => {
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    assert.deepEqual(json(health), { status: 'ok' });
    const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(json(ready), { status: 'ready' });
  });

  it('/metrics exposes request counts by route and status, and scans by status', async () => {
    const { headers } = await h.createAccount('pro');
    await h.app.inject({ method: 'GET', url: '/v1/account', headers });
    const metrics = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(metrics.statusCode, 200);
    assert.match(metrics.headers['content-type'] as string, /^text\/plain/);
    assert.match(
      metrics.body,
      /palisade_http_requests_total\{method="GET",route="\/v1\/account",status="200"\} \d+/,
    );
    assert.match(metrics.body, /palisade_http_request_duration_seconds_bucket/);
    assert.match(metrics.body, /palisade_scans\{status="queued"\} \d+/);
    assert.match(metrics.body, /palisade_queue_depth \d+/);
  });

  it('/v1/openapi.json is OpenAPI 3.1 with every route, and /docs serves the page', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    assert.equal(response.statusCode, 200);
    const doc = json(response);
    assert.equal(doc.openapi, '3.1.0');
    for (const path of [
      '/v1/scan/mcp',
      '/v1/scan/upload',
      '/v1/scan/{scan_id}',
      '/v1/scans',
      '/v1/scan/{scan_id}/report',
      '/v1/reports/{file}',
      '/v1/account',
      '/v1/account/webhook',
    ]) {
      assert.ok(doc.paths[path], `missing ${path}`);
    }
    assert.ok(doc.paths['/v1/scan/mcp'].post.requestBody);
    assert.deepEqual(Object.keys(doc.components.schemas).sort(), [
      'Error',
      'Finding',
      'Scan',
      'Submission',
    ]);
    assert.ok(doc.components.schemas.Finding.properties.finding_id);
    assert.ok(doc.components.schemas.Finding.properties.monitor_candidate);
    assert.ok(doc.paths['/v1/scan/upload'].post.requestBody.content['multipart/form-data']);
    assert.ok(
      doc.paths['/v1/scans'].get.parameters.some((p: { name: string }) => p.name === 'per_page'),
    );
    const page = await h.app.inject({ method: 'GET', url: '/docs' });
    assert.ok(page.statusCode === 200 || page.statusCode === 302, String(page.statusCode));
  });

  it('unknown routes are 404 not_found, known paths with a wrong method 405 with Allow', async () => {
    for (const [method, url, status, code, allow] of [
      ['GET', '/v1/nothing-here', 404, 'not_found', undefined],
      ['DELETE', '/v1/account', 405, 'method_not_allowed', /\bGET\b/],
      ['PATCH', '/v1/scan/mcp', 405, 'method_not_allowed', /^POST$/],
    ] as const) {
      const response = await h.app.inject({ method, url });
      assert.equal(response.statusCode, status, `${method} ${url}`);
      const body = json(response);
      assert.equal(body.code, code);
      assert.equal(typeof body.error, 'string');
      assert.equal(body.request_id, response.headers['x-request-id']);
      if (allow) assert.match(String(response.headers.allow), allow);
      else assert.equal(response.headers.allow, undefined);
    }
  });

  it('echoes a well-formed X-Request-Id and replaces a hostile one', async () => {
    const ok = await h.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-123' },
    });
    assert.equal(ok.headers['x-request-id'], 'trace-123');
    assert.equal(ok.headers['cache-control'], 'no-store');
    assert.equal(ok.headers['x-content-type-options'], 'nosniff');
    const hostile = await h.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    assert.match(String(hostile.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});

describe('key rotation', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('revokes the old key for the very next request', async () => {
    const { account, headers } = await h.createAccount('team');
    assert.equal(
      (await h.app.inject({ method: 'GET', url: '/v1/account', headers })).statusCode,
      200,
    );
    const rotated = await rotateApiKey(h.runtime, account.id);
    assert.ok(rotated);
    const old = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
    assert.equal(old.statusCode, 401);
    assert.equal(json(old).code, 'unauthorized');
    const fresh = await h.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { 'x-api-key': rotated.apiKey },
    });
    assert.equal(fresh.statusCode, 200);
    assert.equal(json(fresh).api_key, rotated.account.apiKeyHint);
  });
});

describe('rate limits', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false, env: { PALISADE_RATE_LIMIT_PER_MINUTE: '10' } });
    // The counters (@fastify/rate-limit) measure windows with the real clock: move Date itself.
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
  });
  after(async () => {
    mock.timers.reset();
    await h.close();
  });

  it('allow 10 requests a minute per account, with draft RateLimit headers, then 429 rate_limited', async () => {
    const { headers } = await h.createAccount('pro');
    const other = await h.createAccount('pro');
    for (let i = 1; i <= 10; i++) {
      const response = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-policy'], '"default";q=10;w=60');
      assert.match(
        String(response.headers.ratelimit),
        new RegExp(`^"default";r=${10 - i};t=\\d+$`),
      );
    }
    const limited = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
    assert.equal(limited.statusCode, 429);
    assert.equal(json(limited).code, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.match(String(limited.headers.ratelimit), /^"default";r=0;t=\d+$/);

    // Another account has its own budget; the window resets after a minute.
    assert.equal(
      (await h.app.inject({ method: 'GET', url: '/v1/account', headers: other.headers }))
        .statusCode,
      200,
    );
    mock.timers.tick(61_000);
    assert.equal(
      (await h.app.inject({ method: 'GET', url: '/v1/account', headers })).statusCode,
      200,
    );
  });

  it('limits unauthenticated requests per client address, health probes excepted', async () => {
    mock.timers.tick(61_000);
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 10; i++) {
      const response = await h.app.inject({ method: 'GET', url: '/v1/account', ...from });
      assert.equal(response.statusCode, 401);
    }
    const limited = await h.app.inject({ method: 'GET', url: '/v1/account', ...from });
    assert.equal(limited.statusCode, 429);
    assert.equal(json(limited).code, 'rate_limited');
    const health = await h.app.inject({ method: 'GET', url: '/healthz', ...from });
    assert.equal(health.statusCode, 200);
    const elsewhere = await h.app.inject({
      method: 'GET',
      url: '/v1/account',
      remoteAddress: '203.0.113.8',
    });
    assert.equal(elsewhere.statusCode, 401);
  });
});

describe('unexpected failures', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('answer 500 internal with a generic message and the request id, never the cause', async () => {
    const { headers } = await h.createAccount('pro');
    const broken = {
      ...h.runtime.store,
      usage: {
        used: async () => {
          throw new Error('SQLITE_CORRUPT: secret path /var/lib/palisade.db');
        },
      },
    };
    const app = buildApp({ ...h.deps, store: broken });
    try {
      const response = await app.inject({ method: 'GET', url: '/v1/account', headers });
      assert.equal(response.statusCode, 500);
      const body = json(response);
      assert.equal(body.code, 'internal');
      assert.equal(body.error, 'An internal error occurred.');
      assert.ok(body.request_id);
      assert.ok(!response.body.includes('SQLITE'));
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 when the store does not', async () => {
    const broken = {
      ...h.runtime.store,
      ping: async () => {
        throw new Error('connection refused');
      },
    };
    const app = buildApp({ ...h.deps, store: broken });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.equal(json(response).code, 'unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('request logs', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('one line per request with the route pattern; never the key, the token or a report link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = pino(
      { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      sink,
    );
    const app = buildApp({ ...h.deps, logger });
    try {
      const { account, key, headers } = await h.createAccount('developer');
      const scan = await h.seedCompleteScan(account, makeResult());
      await app.inject({
        method: 'POST',
        url: '/v1/scan/mcp',
        headers,
        payload: { url: 'https://mcp.example.com/mcp', auth_token: 'tok_do_not_log_me' },
      });
      const report = json(
        await app.inject({ method: 'POST', url: `/v1/scan/${scan.id}/report`, headers }),
      );
      const token = /reports\/([^.]+)\.pdf/.exec(report.report_url)![1]!;
      await app.inject({ method: 'GET', url: new URL(report.report_url).pathname });
      await app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
      const text = lines.join('');
      assert.match(text, /"route":"\/v1\/reports\/:file"/);
      assert.match(text, /"route":"\/v1\/scan\/mcp","statusCode":202/);
      for (const secret of [key, token, 'tok_do_not_log_me']) {
        assert.ok(!text.includes(secret), `a log line contains ${secret.slice(0, 8)}…`);
      }
    } finally {
      await app.close();
    }
  });
});
