// fetchSnapshot: connect to a live MCP server as a client would, list everything it offers, and
// return it as an McpSnapshot for the rules. All traffic goes through the guarded fetch (SSRF,
// time and size caps); the bearer token, when given, never reaches a log, an error or the result.

import ipaddr from 'ipaddr.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CoverageGap,
  McpPrompt,
  McpResource,
  McpResourceTemplate,
  McpSnapshot,
  McpTool,
  ProgressFn,
  TransportFacts,
} from '../types.js';
import { checkUrlSyntax, parseCidrList } from '../net/address-policy.js';
import { createGuardedFetch, type GuardedFetch, type LookupFn } from '../net/guarded-fetch.js';
import {
  FetchSnapshotError,
  isMessageParseError,
  toFetchSnapshotError,
  type LastAnswer,
} from './fetch-snapshot-error.js';
import { listAllPages, type ListLimits, type ListMethod } from './list-pages.js';
import { openSession, openSessionWithFallback, type McpSession } from './mcp-session.js';

export { FetchSnapshotError, type FetchSnapshotReason } from './fetch-snapshot-error.js';

export interface FetchSnapshotOptions {
  authToken?: string;
  /** CIDRs exempt from the private-address block (PALISADE_TARGET_ALLOWLIST). */
  allowlist?: readonly string[];
  /** Default 10 000. */
  connectTimeoutMs?: number;
  /** How long one request waits for the server's answer once connected; default 10 000. */
  answerTimeoutMs?: number;
  /** Bytes read from the server over the whole fetch, default 1 MiB. */
  maxResponseBytes?: number;
  /** The whole fetch, default 30 000. */
  totalTimeoutMs?: number;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
  /** Resolver override (tests). */
  lookup?: LookupFn;
  /** With a token, also check once whether tools/list answers without it. Default true. */
  probeWithoutToken?: boolean;
  /** Caps on tools/list paging: default 50 pages, 5000 tools. */
  maxToolPages?: number;
  maxTools?: number;
}

const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;
const LIST_LIMITS: ListLimits = { maxPages: 50, maxItems: 5000 };
const SECONDARY_LIMITS: ListLimits = { maxPages: 20, maxItems: 2000 };
// JSON-RPC errors a server answers with (method not found, invalid params, internal error…), as
// opposed to the SDK's own -32000 (connection closed) and -32001 (request timeout).
const SERVER_REFUSALS = new Set([
  ErrorCode.ParseError,
  ErrorCode.InvalidRequest,
  ErrorCode.MethodNotFound,
  ErrorCode.InvalidParams,
  ErrorCode.InternalError,
]);
// Secret-bearing query parameters are masked in the URL a snapshot records.
const SECRET_PARAM = /token|key|secret|auth|sig|pass|session|code|credential/i;

/** Connects to a live MCP server and collects what it offers (tools, prompts, resources…). */
export async function fetchSnapshot(
  url: string,
  options: FetchSnapshotOptions = {},
): Promise<McpSnapshot> {
  const progress = options.onProgress ?? (() => undefined);
  const target = checkTarget(url, options.allowlist ?? []);
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const guarded = createGuardedFetch({
    allowlist: options.allowlist ?? [],
    connectTimeoutMs: options.connectTimeoutMs,
    answerTimeoutMs: options.answerTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    totalTimeoutMs,
    lookup: options.lookup,
  });
  const recorder = recordAnswers(guarded);
  const usedAuthToken = Boolean(options.authToken);
  const watch: SessionWatch = { connected: false, violation: undefined };
  try {
    progress(`Connecting to ${displayUrl(target)}…`);
    const snapshot = await collect(target, recorder.fetch, guarded, watch, options, totalTimeoutMs);
    return snapshot;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw toFetchSnapshotError(error, {
      lastAnswer: recorder.lastAnswer(),
      guardError: guarded.lastError(),
      violation: watch.violation,
      connected: watch.connected,
      usedAuthToken,
      totalTimeoutMs,
      secret: options.authToken,
    });
  } finally {
    await guarded.close().catch(() => undefined);
  }
}

function checkTarget(url: string, allowlist: readonly string[]): URL {
  let cidrs;
  try {
    cidrs = parseCidrList(allowlist);
  } catch (error) {
    throw new FetchSnapshotError('invalid_url', (error as Error).message);
  }
  const check = checkUrlSyntax(url, cidrs);
  if (check.ok) return check.url;
  const reason = check.reason === 'private_target' ? 'blocked_address' : 'invalid_url';
  throw new FetchSnapshotError(reason, check.message);
}

/** Wraps the fetch to remember the last meaningful HTTP answer (status and media type). */
function recordAnswers(base: GuardedFetch): {
  fetch: FetchLike;
  lastAnswer(): LastAnswer | undefined;
} {
  let last: LastAnswer | undefined;
  const fetch: FetchLike = async (url, init) => {
    const response = await base(url, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    // 202 acknowledges a notification; 405 to a GET is the spec's "no standalone stream here".
    const isRoutine = response.status === 202 || (method === 'GET' && response.status === 405);
    if (!isRoutine) {
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
      last = { status: response.status, contentType: contentType.trim().toLowerCase() };
    }
    return response;
  };
  return { fetch, lastAnswer: () => last };
}

/** What the transports reported beside the request/response flow. */
interface SessionWatch {
  connected: boolean;
  /** The first message the server sent that was not JSON-RPC. */
  violation: unknown;
}

async function collect(
  target: URL,
  fetch: FetchLike,
  guarded: GuardedFetch,
  watch: SessionWatch,
  options: FetchSnapshotOptions,
  totalTimeoutMs: number,
): Promise<McpSnapshot> {
  const progress = options.onProgress ?? (() => undefined);
  // Cut a pending request as soon as the guard fails a stream (an SSE body over the byte cap):
  // the SDK would otherwise wait for its own request timeout.
  const cut = new AbortController();
  const signals = [cut.signal, ...(options.signal ? [options.signal] : [])];
  const requestOptions: RequestOptions = {
    signal: AbortSignal.any(signals),
    // A backstop only: the guard's total deadline normally ends a slow server first.
    timeout: totalTimeoutMs + 1000,
  };
  const sessionOptions = {
    fetch,
    authToken: options.authToken,
    requestOptions,
    onTransportError: (error: Error) => {
      const guardError = guarded.lastError();
      if (guardError) return cut.abort(guardError);
      if (!isMessageParseError(error)) return;
      watch.violation ??= error;
      // Before initialize has answered nothing good came back: stop now rather than time out.
      // Later, one bad message from an otherwise working server is tolerated, as the SDK does.
      if (!watch.connected) cut.abort(error);
    },
  };
  const session = await openSessionWithFallback(target, sessionOptions, () =>
    progress('The server does not speak streamable HTTP; trying the legacy SSE transport…'),
  );
  watch.connected = true;
  let snapshot: McpSnapshot;
  try {
    snapshot = await readSession(session, options, requestOptions);
  } finally {
    await session.close();
  }
  const listedWithoutCredentials = options.authToken
    ? options.probeWithoutToken !== false &&
      (await answersWithoutToken(target, session, fetch, requestOptions, progress))
    : true;
  snapshot.transport = transportFacts(
    target,
    guarded.resolvedAddresses(target.hostname),
    session,
    Boolean(options.authToken),
    listedWithoutCredentials,
  );
  return snapshot;
}

/** Server-chosen text shown in progress: one short line, no control characters. */
function plain(text: unknown): string {
  const flat = String(text)
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** What `readSession` needs of a session: the stdio client (CLI) brings its own. */
export interface ConnectedClient {
  client: McpSession['client'];
  /** Named in progress: `streamable-http`, `sse`, `stdio`. */
  transport: string;
  protocolVersion: string | undefined;
}

/** Lists everything a connected client's server offers (tools, prompts, resources…). */
export async function readSession(
  session: ConnectedClient,
  options: Pick<FetchSnapshotOptions, 'onProgress' | 'maxToolPages' | 'maxTools'>,
  requestOptions: RequestOptions,
): Promise<McpSnapshot> {
  const progress = options.onProgress ?? (() => undefined);
  const { client } = session;
  const serverInfo = client.getServerVersion();
  const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  const name = serverInfo?.name
    ? ` ${plain(serverInfo.name)}${serverInfo.version ? ` ${plain(serverInfo.version)}` : ''}`
    : '';
  progress(`Connected to${name} over ${session.transport}.`);

  const toolLimits = {
    maxPages: options.maxToolPages ?? LIST_LIMITS.maxPages,
    maxItems: options.maxTools ?? LIST_LIMITS.maxItems,
  };
  const tools = await listAllPages(client, 'tools/list', toolLimits, requestOptions, (page) =>
    progress(page === 1 ? 'Listing tools…' : `Listing tools (page ${page})…`),
  );
  const gaps: CoverageGap[] = [];
  if (tools.truncated) {
    progress(`Stopped listing tools at ${tools.items.length}.`);
    gaps.push({ subject: 'tools/list', reason: truncatedReason('tools', tools.items.length) });
  }

  const snapshot: McpSnapshot = {
    tools: tools.items.map(toTool),
    capabilities,
  };
  if (serverInfo) snapshot.serverInfo = { ...serverInfo };
  if (session.protocolVersion) snapshot.protocolVersion = session.protocolVersion;
  const instructions = client.getInstructions();
  if (instructions !== undefined) snapshot.instructions = instructions;

  if (capabilities.prompts) {
    progress('Listing prompts…');
    snapshot.prompts = (await listOptional(
      client,
      'prompts/list',
      requestOptions,
      gaps,
    )) as McpPrompt[];
  }
  if (capabilities.resources) {
    progress('Listing resources…');
    snapshot.resources = (await listOptional(
      client,
      'resources/list',
      requestOptions,
      gaps,
    )) as McpResource[];
    snapshot.resourceTemplates = (await listOptional(
      client,
      'resources/templates/list',
      requestOptions,
      gaps,
    )) as McpResourceTemplate[];
  }
  if (gaps.length > 0) snapshot.gaps = gaps;
  return snapshot;
}

function truncatedReason(what: string, read: number): string {
  return `not analysed in full: the server listed more ${what} than the ${read} read (page or item limit)`;
}

/** A tool as the server sent it; only a missing name is filled so rules can cite it. */
function toTool(raw: Record<string, unknown>, index: number): McpTool {
  return { ...raw, name: typeof raw.name === 'string' ? raw.name : `(unnamed tool ${index})` };
}

/**
 * Lists prompts or resources. A server that declares the capability but answers the call with a
 * JSON-RPC error leaves nothing to analyse there: the scan goes on and the call is recorded in
 * `gaps` (a server must not hide its prompts by failing to list them), except "method not found",
 * which means there are none. Network and size failures still fail the scan.
 */
async function listOptional(
  client: McpSession['client'],
  method: ListMethod,
  requestOptions: RequestOptions,
  gaps: CoverageGap[],
): Promise<Record<string, unknown>[]> {
  try {
    const listed = await listAllPages(client, method, SECONDARY_LIMITS, requestOptions);
    if (listed.truncated) {
      const what = method.slice(0, method.indexOf('/list')).replace('/', ' ');
      gaps.push({ subject: method, reason: truncatedReason(what, listed.items.length) });
    }
    return listed.items;
  } catch (error) {
    if (error instanceof McpError && SERVER_REFUSALS.has(error.code)) {
      // "Method not found" says there is nothing of the kind (many SDK servers declare
      // `resources` without templates): no client can list any either, so nothing is hidden.
      if (error.code === Number(ErrorCode.MethodNotFound)) return [];
      gaps.push({
        subject: method,
        reason: `not analysed: the server declared the capability but ${method} failed (JSON-RPC error ${error.code}: ${plain(error.message)})`,
      });
      return [];
    }
    throw error;
  }
}

/**
 * With a token in use, asks once more without it: a server that lists its tools to anyone has
 * an authentication gap the token would hide. Failures mean "no", never a failed scan.
 */
async function answersWithoutToken(
  target: URL,
  session: McpSession,
  fetch: FetchLike,
  requestOptions: RequestOptions,
  progress: ProgressFn,
): Promise<boolean> {
  progress('Checking whether the server answers without credentials…');
  let probe: McpSession | undefined;
  try {
    probe = await openSession(session.transport, target, { fetch, requestOptions });
    await listAllPages(probe.client, 'tools/list', { maxPages: 1, maxItems: 1 }, requestOptions);
    return true;
  } catch {
    return false;
  } finally {
    await probe?.close();
  }
}

function isLoopbackIp(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';
}

/** A loopback literal or `localhost` name, or a name every checked address of which is loopback. */
function isLoopbackHost(hostname: string, resolved: readonly string[] | undefined): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isLoopbackIp(host)) return true;
  return resolved !== undefined && resolved.length > 0 && resolved.every(isLoopbackIp);
}

function displayUrl(url: URL): string {
  const shown = new URL(url.href);
  for (const [name] of shown.searchParams) {
    if (SECRET_PARAM.test(name)) shown.searchParams.set(name, 'REDACTED');
  }
  shown.hash = '';
  return shown.href;
}

function transportFacts(
  target: URL,
  resolved: readonly string[] | undefined,
  session: McpSession,
  usedAuthToken: boolean,
  listedWithoutCredentials: boolean,
): TransportFacts {
  return {
    url: displayUrl(target),
    transport: session.transport,
    isHttps: target.protocol === 'https:',
    isLoopback: isLoopbackHost(target.hostname, resolved),
    listedWithoutCredentials,
    usedAuthToken,
  };
}
