import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGuardedFetch,
  GuardError,
  mapNetworkError,
  type GuardOptions,
  type LookupFn,
} from './guarded-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const LOOPBACK = ['127.0.0.1/32'];
const resolvesTo =
  (...addresses: string[]): LookupFn =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function expectGuardError(promise: Promise<unknown>, reason: GuardError['reason']) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof GuardError, `expected GuardError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    return true;
  });
}

describe('createGuardedFetch', () => {
  let main: { server: Server; port: number };
  let other: { server: Server; port: number };
  const seenByOther: IncomingMessage['headers'][] = [];
  let base: string;

  before(async () => {
    other = await listen((req, res) => {
      seenByOther.push(req.headers);
      res.end('other');
    });
    main = await listen((req, res) => {
      const path = req.url ?? '/';
      if (path === '/ok') return void res.end('hello');
      if (path === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 97);
        for (let i = 0; i < 20; i++) res.write(chunk);
        return void res.end();
      }
      if (path === '/declared-huge') {
        res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
        return void res.end(Buffer.alloc(2 * 1024 * 1024));
      }
      if (path === '/half') return void res.end(Buffer.alloc(600 * 1024));
      if (path === '/hang') return; // never answers
      if (path === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      }
      if (path === '/to-internal-name') {
        res.writeHead(307, { location: `http://internal.example:${main.port}/ok` });
        return void res.end();
      }
      if (path === '/to-ok') {
        res.writeHead(302, { location: '/ok' });
        return void res.end();
      }
      if (path === '/to-other') {
        res.writeHead(302, { location: `http://127.0.0.1:${other.port}/` });
        return void res.end();
      }
      if (path.startsWith('/loop')) {
        res.writeHead(302, { location: `/loop${path.length}` });
        return void res.end();
      }
      res.writeHead(404).end();
    });
    base = `http://127.0.0.1:${main.port}`;
  });

  after(async () => {
    await closeServer(main.server);
    await closeServer(other.server);
  });

  const guarded = (options: GuardOptions = {}) =>
    createGuardedFetch({ allowlist: LOOPBACK, ...options });

  it('fetches an allowlisted loopback target', async () => {
    const f = guarded();
    const response = await f(`${base}/ok`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'hello');
    assert.equal(f.bytesRead(), 5);
    await f.close();
  });

  it('blocks loopback when no allowlist is given, before connecting', async () => {
    const f = createGuardedFetch();
    await expectGuardError(f(`${base}/ok`), 'blocked_address');
    await expectGuardError(f(`http://2130706433:${main.port}/ok`), 'blocked_address');
    await expectGuardError(f(`http://[::ffff:127.0.0.1]:${main.port}/ok`), 'blocked_address');
    await f.close();
  });

  it('blocks a host name that resolves to a private address, at connect time', async () => {
    const f = guarded({ lookup: resolvesTo('10.0.0.5') });
    await assert.rejects(f('http://innocent.example/'), {
      name: 'GuardError',
      reason: 'blocked_address',
      message:
        'The target address 10.0.0.5 is in a private range and is not scanned. To scan a local target on purpose, allow its range: set PALISADE_TARGET_ALLOWLIST=10.0.0.5/32 (comma-separated CIDRs) where the service runs, or pass --allow 10.0.0.5/32 to palisade scan.',
    });
    await f.close();
  });

  it('blocks a name whose answers mix public and private addresses', async () => {
    const f = guarded({ lookup: resolvesTo('93.184.216.34', '169.254.169.254') });
    await expectGuardError(f('http://rebind.example/'), 'blocked_address');
    await f.close();
  });

  it('connects to a name that resolves into the allowlist', async () => {
    const f = guarded({ lookup: resolvesTo('127.0.0.1') });
    const response = await f(`http://mcp.example:${main.port}/ok`);
    assert.equal(await response.text(), 'hello');
    assert.deepEqual(f.resolvedAddresses('MCP.example'), ['127.0.0.1']);
    await f.close();
  });

  it('maps resolver failures to dns', async () => {
    const lookup: LookupFn = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const f = guarded({ lookup });
    await expectGuardError(f('http://nowhere.example/'), 'dns');
    await f.close();
  });

  it('follows a same-origin redirect', async () => {
    const f = guarded();
    const response = await f(`${base}/to-ok`);
    assert.equal(await response.text(), 'hello');
    await f.close();
  });

  it('re-validates each redirect hop: literal private address', async () => {
    const f = guarded();
    await expectGuardError(f(`${base}/to-metadata`), 'blocked_address');
    await f.close();
  });

  it('re-validates each redirect hop: name resolving to a private address', async () => {
    const f = guarded({ lookup: resolvesTo('192.168.1.10') });
    await expectGuardError(
      f(`${base}/to-internal-name`, { method: 'POST', body: '{}' }),
      'blocked_address',
    );
    await f.close();
  });

  it('stops after 3 redirects', async () => {
    const f = guarded();
    await expectGuardError(f(`${base}/loop`), 'too_many_redirects');
    await f.close();
  });

  it('returns the redirect itself when redirects are not followed', async () => {
    const f = guarded({ followRedirects: false });
    const response = await f(`${base}/to-metadata`);
    assert.equal(response.status, 302);
    await f.close();
  });

  it('leaves redirects to the caller who asks for manual, and fails on them for error', async () => {
    const f = guarded();
    assert.equal((await f(`${base}/to-metadata`, { redirect: 'manual' })).status, 302);
    await expectGuardError(f(`${base}/to-ok`, { redirect: 'error' }), 'network');
    await f.close();
  });

  it('drops the Authorization header when a redirect leaves the origin', async () => {
    const f = guarded();
    seenByOther.length = 0;
    const response = await f(`${base}/to-other`, { headers: { authorization: 'Bearer s3cret' } });
    assert.equal(await response.text(), 'other');
    assert.equal(seenByOther.length, 1);
    assert.equal(seenByOther[0]?.authorization, undefined);
    await f.close();
  });

  it('errors the body stream past the byte cap', async () => {
    const f = guarded();
    const response = await f(`${base}/huge`);
    await expectGuardError(response.text(), 'too_large');
    // Remembered even though it surfaced inside a stream, where client libraries may swallow it.
    assert.equal(f.lastError()?.reason, 'too_large');
    await f.close();
  });

  it('refuses a declared Content-Length above the cap before reading', async () => {
    const f = guarded();
    await expectGuardError(f(`${base}/declared-huge`), 'too_large');
    await f.close();
  });

  it('counts bytes across every request of one instance', async () => {
    const f = guarded();
    await (await f(`${base}/half`)).arrayBuffer();
    // The second answer declares its length, so it is refused before its body is read.
    await expectGuardError(
      f(`${base}/half`).then((r) => r.arrayBuffer()),
      'too_large',
    );
    await f.close();
  });

  it('gives up at the total deadline with a sentence naming it', async () => {
    const f = guarded({ totalTimeoutMs: 300 });
    await assert.rejects(f(`${base}/hang`), {
      name: 'GuardError',
      reason: 'timeout',
      message: 'The target did not answer within 0.3 seconds.',
    });
    await f.close();
  });

  it('passes the caller abort through unchanged', async () => {
    const f = guarded();
    const controller = new AbortController();
    const pending = f(`${base}/hang`, { signal: controller.signal });
    controller.abort(new Error('caller gave up'));
    await assert.rejects(pending, { message: 'caller gave up' });
    await f.close();
  });

  it('maps a refused connection', async () => {
    const closed = await listen(() => undefined);
    const port = closed.port;
    await closeServer(closed.server);
    const f = guarded();
    await expectGuardError(f(`http://127.0.0.1:${port}/`), 'refused');
    await f.close();
  });

  it('maps a failed TLS handshake to tls', async () => {
    // https to a plain-HTTP port: the handshake fails the way a broken certificate setup does.
    const f = guarded();
    await expectGuardError(f(`https://127.0.0.1:${main.port}/ok`), 'tls');
    await f.close();
  });

  it('refuses non-http schemes as invalid_url', async () => {
    const f = guarded();
    await expectGuardError(f('file:///etc/passwd'), 'invalid_url');
    await f.close();
  });
});

describe('mapNetworkError', () => {
  const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  const cases: [string, unknown, GuardError['reason'], string][] = [
    [
      'connect timeout',
      fetchFailed(withCode('UND_ERR_CONNECT_TIMEOUT')),
      'timeout',
      'The target did not accept a connection within 10 seconds.',
    ],
    [
      'refused',
      fetchFailed(withCode('ECONNREFUSED')),
      'refused',
      'The target refused the connection.',
    ],
    [
      'unknown name',
      fetchFailed(withCode('ENOTFOUND')),
      'dns',
      'The host name could not be resolved.',
    ],
    [
      'bad certificate',
      fetchFailed(withCode('CERT_HAS_EXPIRED')),
      'tls',
      'The TLS connection to the target failed (CERT_HAS_EXPIRED).',
    ],
    [
      'reset',
      fetchFailed(withCode('ECONNRESET')),
      'network',
      'The connection to the target failed.',
    ],
  ];
  for (const [name, error, reason, message] of cases) {
    it(`maps ${name}`, () => {
      const mapped = mapNetworkError(error, { connectTimeoutMs: 10_000 });
      assert.equal(mapped.reason, reason);
      assert.equal(mapped.message, message);
    });
  }

  it('keeps a GuardError found anywhere in the cause chain', () => {
    const guard = new GuardError('blocked_address', 'x');
    assert.equal(mapNetworkError(fetchFailed(guard), { connectTimeoutMs: 1 }), guard);
  });
});
