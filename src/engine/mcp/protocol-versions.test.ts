import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { fetchSnapshot } from './fetch-snapshot.js';

const allowlist = ['127.0.0.1/32'];

async function readJson(req: IncomingMessage): Promise<{ id?: number; method: string }> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return JSON.parse(body) as { id?: number; method: string };
}

/**
 * A streamable-HTTP server pinned to one protocol revision, answering with plain JSON (no SSE), as
 * servers built on older SDKs do: it proves the client negotiates down instead of insisting on
 * the newest revision.
 */
async function startPinnedServer(
  protocolVersion: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    void readJson(req).then((message) => {
      if (message.id === undefined) return void res.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? {
              protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: `pinned-${protocolVersion}`, version: '1.0.0' },
            }
          : message.method === 'tools/list'
            ? {
                tools: [
                  { name: 'echo', description: 'Echoes text.', inputSchema: { type: 'object' } },
                ],
              }
            : {};
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, server };
}

describe('fetchSnapshot over streamable HTTP, by protocol revision', () => {
  const servers: Server[] = [];
  after(() => servers.forEach((s) => s.close()));

  for (const version of ['2025-06-18', '2025-03-26']) {
    it(`lists the tools of a server that speaks only ${version}`, async () => {
      const { url, server } = await startPinnedServer(version);
      servers.push(server);
      const snapshot = await fetchSnapshot(url, { allowlist });
      assert.equal(snapshot.protocolVersion, version);
      assert.equal(snapshot.serverInfo?.name, `pinned-${version}`);
      assert.equal(snapshot.transport?.transport, 'streamable-http');
      assert.deepEqual(
        snapshot.tools.map((t) => t.name),
        ['echo'],
      );
    });
  }
});
