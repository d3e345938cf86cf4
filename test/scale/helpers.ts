// Loopback helpers for the fault suites: a slow MCP target (so a worker can be killed while its
// scans are running) and a webhook receiver that can be down, then up, on a fixed port.

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SlowTarget {
  url: string;
  /** Request URLs seen (path and query), in order. */
  seen: string[];
  close(): Promise<void>;
}

/** A proxy in front of an MCP server that holds every request `delayMs` before passing it on. */
export async function startSlowTarget(upstreamUrl: string, delayMs: number): Promise<SlowTarget> {
  const upstream = new URL(upstreamUrl);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    void (async () => {
      await sleep(delayMs);
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    seen,
    close: () => closeServer(server),
  };
}

export interface Delivery {
  body: string;
  signature: string | undefined;
  receivedAtMs: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** Starts accepting connections (before this, the port refuses them: the receiver is down). */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A receiver on `port` (reserve one with freePort()); down until up() is called. */
export function webhookReceiver(port: number): WebhookReceiver {
  const deliveries: Delivery[] = [];
  let server: Server | undefined;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = req.headers['x-palisade-signature'];
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: Array.isArray(header) ? header[0] : header,
        receivedAtMs: Date.now(),
      });
      res.writeHead(204).end();
    });
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/palisade`,
    deliveries,
    async up() {
      server = createServer(handle);
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      if (server) await closeServer(server);
    },
  };
}

/** The spec's check (§6): hex HMAC-SHA256 of the raw body keyed with the API key, constant time. */
export function isValidSignature(delivery: Delivery, apiKey: string): boolean {
  if (!delivery.signature || !/^[0-9a-f]{64}$/.test(delivery.signature)) return false;
  const expected = createHmac('sha256', apiKey).update(delivery.body).digest();
  return timingSafeEqual(expected, Buffer.from(delivery.signature, 'hex'));
}

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  describe: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${describe()}`);
    }
    await sleep(100);
  }
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
