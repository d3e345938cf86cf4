// Why a live fetch failed, said once, in one sentence a user can act on. Every failure of the
// SDK, the transports and the guarded fetch is mapped here and nowhere else.

import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { GuardError, type GuardErrorReason } from '../net/guarded-fetch.js';

export type FetchSnapshotReason =
  | 'timeout'
  | 'refused'
  | 'tls'
  | 'blocked_address'
  | 'auth_required'
  | 'not_mcp'
  | 'too_large'
  | 'dns'
  | 'invalid_url'
  | 'protocol';

export class FetchSnapshotError extends Error {
  constructor(
    readonly reason: FetchSnapshotReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FetchSnapshotError';
  }
}

/** What the recorder saw of the last HTTP answer (status and media type only: nothing secret). */
export interface LastAnswer {
  status: number;
  contentType: string;
}

export interface FailureContext {
  lastAnswer: LastAnswer | undefined;
  /** The last error the guarded fetch raised, even if a client library swallowed it. */
  guardError: GuardError | undefined;
  /** The first message from the server that was not JSON-RPC, if any. */
  violation: unknown;
  /** initialize had completed when the failure happened. */
  connected: boolean;
  usedAuthToken: boolean;
  totalTimeoutMs: number;
  /** Removed from any text that could reach a message (a server may echo it back). */
  secret: string | undefined;
}

const GUARD_REASON: Record<GuardErrorReason, FetchSnapshotReason> = {
  invalid_url: 'invalid_url',
  blocked_address: 'blocked_address',
  timeout: 'timeout',
  refused: 'refused',
  dns: 'dns',
  tls: 'tls',
  too_large: 'too_large',
  too_many_redirects: 'protocol',
  network: 'refused',
};

const MCP_MEDIA_TYPES = new Set(['application/json', 'text/event-stream']);

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} second${s === 1 ? '' : 's'}`;
}

function findInChain<T>(error: unknown, guard: (e: unknown) => e is T): T | undefined {
  let current = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (guard(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function fromGuard(error: GuardError): FetchSnapshotError {
  // The guard speaks of "the target"; here the target is known to be meant as an MCP server.
  // The private-address sentence keeps "target": we never learned what the address serves.
  const message =
    error.reason === 'blocked_address'
      ? error.message
      : error.message.replace(/\b([Tt])he target\b/g, '$1he MCP server');
  return new FetchSnapshotError(GUARD_REASON[error.reason], message, { cause: error });
}

function fromAuth(status: number, usedAuthToken: boolean): FetchSnapshotError {
  if (usedAuthToken) {
    return new FetchSnapshotError(
      'auth_required',
      `The MCP server rejected the credentials (HTTP ${status}); check the auth_token.`,
    );
  }
  return new FetchSnapshotError(
    'auth_required',
    `The MCP server requires credentials (HTTP ${status}); pass an auth_token.`,
  );
}

function notMcp(answer: LastAnswer): FetchSnapshotError {
  const what = answer.contentType === '' ? 'a response without a content type' : answer.contentType;
  const status = answer.status >= 400 ? ` (HTTP ${answer.status})` : '';
  return new FetchSnapshotError(
    'not_mcp',
    `The target is not an MCP server: it answered with ${what}${status}.`,
  );
}

/** JSON that does not parse, or JSON that is not a JSON-RPC message (the SDK's zod check). */
export function isMessageParseError(error: unknown): boolean {
  return (
    error instanceof SyntaxError ||
    (error instanceof Error && Array.isArray((error as { issues?: unknown }).issues))
  );
}

function fromViolation(connected: boolean): FetchSnapshotError {
  return connected
    ? new FetchSnapshotError('protocol', 'The MCP server sent a message that is not JSON-RPC.')
    : new FetchSnapshotError(
        'not_mcp',
        'The target is not an MCP server: its answer is not a JSON-RPC message.',
      );
}

function scrub(text: string, secret: string | undefined): string {
  const oneLine = text.split('\n')[0] ?? '';
  const clean = secret ? oneLine.split(secret).join('[redacted]') : oneLine;
  return clean.length > 160 ? `${clean.slice(0, 159)}…` : clean;
}

/** Maps anything a fetch threw to a FetchSnapshotError; the first rule that applies wins. */
export function toFetchSnapshotError(error: unknown, ctx: FailureContext): FetchSnapshotError {
  if (error instanceof FetchSnapshotError) return error;
  const guard = findInChain(error, (e): e is GuardError => e instanceof GuardError);
  if (guard) return fromGuard(guard);
  if (ctx.guardError) return fromGuard(ctx.guardError);

  const answer = ctx.lastAnswer;
  if (answer && (answer.status === 401 || answer.status === 403)) {
    return fromAuth(answer.status, ctx.usedAuthToken);
  }
  if (answer && !MCP_MEDIA_TYPES.has(answer.contentType)) return notMcp(answer);
  if (answer && (answer.status === 404 || answer.status === 405)) {
    return new FetchSnapshotError(
      'not_mcp',
      `The target is not an MCP server: it answered HTTP ${answer.status} to both MCP transports.`,
    );
  }

  const parseError = findInChain(error, (e): e is Error => isMessageParseError(e));
  if (parseError || (ctx.violation && !ctx.connected)) return fromViolation(ctx.connected);
  const mcpError = findInChain(error, (e): e is McpError => e instanceof McpError);
  if (mcpError?.code === ErrorCode.RequestTimeout) {
    // A garbled answer is the better explanation of why no answer came.
    if (ctx.violation) return fromViolation(true);
    return new FetchSnapshotError(
      'timeout',
      `The MCP server did not answer within ${seconds(ctx.totalTimeoutMs)}.`,
    );
  }
  const detail = error instanceof Error ? scrub(error.message, ctx.secret) : '';
  return new FetchSnapshotError(
    'protocol',
    `The MCP server's answer did not follow the MCP protocol${detail ? ` (${detail})` : ''}.`,
    { cause: error },
  );
}
