// MCP targets for tests: real SDK servers on 127.0.0.1 ephemeral ports (both HTTP transports,
// optional bearer token, paginated tools/list), and fakes that misbehave the ways hostile or broken
// targets do. Tool definitions are served exactly as given (low-level `Server`, raw JSON schemas).
// Scanning them needs the allowlist `127.0.0.1/32` (PALISADE_TARGET_ALLOWLIST).

import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ErrorCode,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';

/** A tool definition as raw JSON: what the server sends is exactly this object. */
export type ToolDef = { name: string; [key: string]: unknown };
export type PromptDef = { name: string; [key: string]: unknown };
export type ResourceDef = { uri: string; [key: string]: unknown };
export type ResourceTemplateDef = { uriTemplate: string; [key: string]: unknown };

export interface McpServerOptions {
  transport: 'streamable-http' | 'sse';
  /** Streamable HTTP with sessions (Mcp-Session-Id, standalone GET stream, DELETE); default
   *  stateless, one server per POST. */
  stateful?: boolean;
  /** When set, every request without `Authorization: Bearer <token>` gets HTTP 401. */
  token?: string;
  tools?: ToolDef[];
  /** Generated benign tools appended after `tools` (for pagination and volume tests). */
  toolCount?: number;
  /** Tools per tools/list page; default 100. */
  pageSize?: number;
  instructions?: string;
  /** Declares the prompts capability when given (even empty). */
  prompts?: PromptDef[];
  /** Declares the resources capability when given (even empty). */
  resources?: ResourceDef[];
  resourceTemplates?: ResourceTemplateDef[];
  serverInfo?: { name: string; version: string; [key: string]: unknown };
  /** List methods that answer with a JSON-RPC internal error (capability still declared). */
  failingLists?: ('prompts/list' | 'resources/list' | 'resources/templates/list')[];
}

export interface RunningServer {
  /** The URL to scan: `/mcp` for streamable HTTP, `/sse` for legacy HTTP+SSE. */
  url: string;
  /** Requests seen, in order (method and path; never headers, so no token is kept). */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export function generatedTool(index: number): ToolDef {
  return {
    name: `generated_tool_${index}`,
    description: `Returns record ${index} from the demo catalogue.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'Record id.' } },
      required: ['id'],
    },
  };
}

function pageOf<T>(items: readonly T[], cursor: string | undefined, pageSize: number) {
  const offset = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(offset) || offset < 0 || offset > items.length) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
  }
  const end = offset + pageSize;
  return {
    page: items.slice(offset, end),
    nextCursor: end < items.length ? String(end) : undefined,
  };
}

function buildMcpServer(options: McpServerOptions): Server {
  const tools = [
    ...(options.tools ?? []),
    ...Array.from({ length: options.toolCount ?? 0 }, (_, i) => generatedTool(i)),
  ];
  const pageSize = options.pageSize ?? 100;
  const capabilities: Record<string, object> = { tools: {} };
  if (options.prompts) capabilities.prompts = {};
  if (options.resources || options.resourceTemplates) capabilities.resources = {};

  const server = new Server(options.serverInfo ?? { name: 'fixture-server', version: '1.0.0' }, {
    capabilities,
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const { page, nextCursor } = pageOf(tools, request.params?.cursor, pageSize);
    return { tools: page as never, ...(nextCursor ? { nextCursor } : {}) };
  });
  const failing = new Set(options.failingLists ?? []);
  const fail = (method: string): never => {
    throw new McpError(ErrorCode.InternalError, `${method} is broken on purpose`);
  };
  if (options.prompts) {
    const prompts = options.prompts;
    server.setRequestHandler(ListPromptsRequestSchema, () =>
      failing.has('prompts/list') ? fail('prompts/list') : { prompts: prompts as never },
    );
  }
  if (options.resources || options.resourceTemplates) {
    const resources = options.resources ?? [];
    const templates = options.resourceTemplates ?? [];
    server.setRequestHandler(ListResourcesRequestSchema, () =>
      failing.has('resources/list') ? fail('resources/list') : { resources: resources as never },
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () =>
      failing.has('resources/templates/list')
        ? fail('resources/templates/list')
        : { resourceTemplates: templates as never },
    );
  }
  return server;
}

function isAuthorized(req: IncomingMessage, token: string | undefined): boolean {
  return token === undefined || req.headers.authorization === `Bearer ${token}`;
}

function rejectUnauthorized(res: ServerResponse): void {
  res.writeHead(401, {
    'content-type': 'application/json',
    'www-authenticate': 'Bearer realm="mcp"',
  });
  res.end(JSON.stringify({ error: 'unauthorized' }));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{
  http: HttpServer;
  base: string;
}> {
  const http = createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function closeHttp(http: HttpServer): Promise<void> {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

/** Starts a real MCP server (official SDK) on 127.0.0.1 with an ephemeral port. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningServer> {
  const requests: RunningServer['requests'] = [];
  const handle =
    options.transport === 'sse'
      ? sseHandler(options)
      : options.stateful
        ? statefulStreamableHandler(options)
        : streamableHandler(options);
  const { http, base } = await listen((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    if (!isAuthorized(req, options.token)) return rejectUnauthorized(res);
    handle.onRequest(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  return {
    url: `${base}${options.transport === 'sse' ? '/sse' : '/mcp'}`,
    requests,
    close: async () => {
      await handle.closeAll();
      await closeHttp(http);
    },
  };
}

interface TransportHandler {
  onRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  closeAll(): Promise<void>;
}

// Stateless streamable HTTP: a fresh server and transport per POST, as serverless MCP hosts do.
function streamableHandler(options: McpServerOptions): TransportHandler {
  const open = new Set<Server>();
  return {
    async onRequest(req, res) {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      if (req.method !== 'POST') {
        // Stateless servers offer no standalone GET stream and no sessions to delete.
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const server = buildMcpServer(options);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      open.add(server);
      res.on('close', () => {
        open.delete(server);
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    },
    async closeAll() {
      await Promise.all([...open].map((s) => s.close()));
    },
  };
}

// Streamable HTTP with sessions: initialize opens one, later requests carry its id.
function statefulStreamableHandler(options: McpServerOptions): TransportHandler {
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>();
  return {
    async onRequest(req, res) {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (existing) {
        await existing.transport.handleRequest(req, res);
        return;
      }
      if (req.method !== 'POST' || sessionId !== undefined) {
        res.writeHead(sessionId === undefined ? 400 : 404).end();
        return;
      }
      const server = buildMcpServer(options);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    },
    async closeAll() {
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
      sessions.clear();
    },
  };
}

// Legacy HTTP+SSE (protocol 2024-11-05): GET /sse opens the stream, POST /messages carries requests.
function sseHandler(options: McpServerOptions): TransportHandler {
  const sessions = new Map<string, { server: Server; transport: SSEServerTransport }>();
  return {
    async onRequest(req, res) {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/sse' && req.method === 'GET') {
        const transport = new SSEServerTransport('/messages', res);
        const server = buildMcpServer(options);
        sessions.set(transport.sessionId, { server, transport });
        res.on('close', () => {
          sessions.delete(transport.sessionId);
          void server.close();
        });
        await server.connect(transport);
        return;
      }
      if (url.pathname === '/messages' && req.method === 'POST') {
        const session = sessions.get(url.searchParams.get('sessionId') ?? '');
        if (!session) {
          res.writeHead(404).end('unknown session');
          return;
        }
        await session.transport.handlePostMessage(req, res);
        return;
      }
      // A legacy server answers the streamable-HTTP POST with 405: the client then falls back.
      res.writeHead(url.pathname === '/sse' ? 405 : 404).end();
    },
    async closeAll() {
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
      sessions.clear();
    },
  };
}

export type FakeKind = 'hang' | 'huge' | 'redirect-private' | 'html' | 'slow-drip';

/**
 * Starts a fake target on 127.0.0.1 that misbehaves:
 * - `hang`: accepts the connection and never answers;
 * - `huge`: answers every request with 2 MiB of JSON (no Content-Length, so only counting stops it);
 * - `redirect-private`: redirects every request (307) to the cloud metadata address 169.254.169.254;
 * - `html`: an ordinary web page, 200 text/html for every method and path;
 * - `slow-drip`: answers 200 text/event-stream, then one comment line every 100 ms, forever.
 */
export async function startFakeServer(kind: FakeKind): Promise<RunningServer> {
  const requests: RunningServer['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const { http, base } = await listen((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    req.resume();
    FAKES[kind](res, timers);
  });
  return {
    url: `${base}/mcp`,
    requests,
    close: async () => {
      for (const t of timers) clearInterval(t);
      await closeHttp(http);
    },
  };
}

const FAKES: Record<FakeKind, (res: ServerResponse, timers: Set<NodeJS.Timeout>) => void> = {
  hang: () => undefined,
  huge(res) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    res.write('{"jsonrpc":"2.0","id":0,"result":{"padding":"');
    for (let i = 0; i < 32; i++) res.write(chunk);
    res.end('"}}');
  },
  'redirect-private'(res) {
    res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  },
  html(res) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>Welcome</title></head><body>Hello</body></html>');
  },
  'slow-drip'(res, timers) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const timer = setInterval(() => res.write(': still here\n\n'), 100);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  },
};
