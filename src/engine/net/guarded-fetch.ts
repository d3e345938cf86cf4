// A fetch for URLs that users choose (MCP targets, webhooks). It refuses private addresses
// (literal ones before connecting, resolved ones at connect time so DNS rebinding cannot slip
// through between check and use), re-checks every redirect hop, and caps connect time, total time
// and the bytes read from the target. Failures become one GuardError with a one-sentence message.

import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ReadableStreamReadResult } from 'node:stream/web';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  checkUrlSyntax,
  isBlockedAddress,
  privateTargetMessage,
  parseCidrList,
  type ParsedCidr,
} from './address-policy.js';

export interface LookupAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (injectable so tests need no DNS). */
export type LookupFn = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface GuardOptions {
  /** CIDRs exempt from the private-address block (PALISADE_TARGET_ALLOWLIST). */
  allowlist?: readonly string[];
  /** Default 10 000. */
  connectTimeoutMs?: number;
  /**
   * How long one request waits for the target's answer (its response headers) once connected,
   * default 10 000 (spec §4.1 and §8: the wait on the target is capped at 10 seconds). A target
   * that accepts the connection and then says nothing fails here, not at the total deadline.
   */
  answerTimeoutMs?: number;
  /** Bytes read from the target over the instance's whole life, default 1 MiB. */
  maxResponseBytes?: number;
  /** Deadline counted from the instance's first request, default 30 000. */
  totalTimeoutMs?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Default true; webhook delivery passes false and treats a 3xx as a failure. */
  followRedirects?: boolean;
  lookup?: LookupFn;
}

export type GuardErrorReason =
  | 'invalid_url'
  | 'blocked_address'
  | 'timeout'
  | 'refused'
  | 'dns'
  | 'tls'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

export class GuardError extends Error {
  constructor(
    readonly reason: GuardErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GuardError';
  }
}

/** A fetch-compatible function, plus a way to release its connections and read its byte count. */
export type GuardedFetch = typeof fetch & {
  close(): Promise<void>;
  bytesRead(): number;
  /** The last GuardError this instance raised, also from inside a body stream: a client
   *  library that swallows errors (an SSE reconnect loop) cannot hide why the target failed. */
  lastError(): GuardError | undefined;
  /** The addresses a host name resolved to when this instance connected to it (checked ones). */
  resolvedAddresses(hostname: string): readonly string[] | undefined;
};

const DEFAULTS = {
  connectTimeoutMs: 10_000,
  answerTimeoutMs: 10_000,
  maxResponseBytes: 1_048_576,
  totalTimeoutMs: 30_000,
  maxRedirects: 3,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} second${s === 1 ? '' : 's'}`;
}

/**
 * net.connect's `lookup` hook: resolves, then refuses the connection if ANY resolved address is
 * blocked (a name that mixes public and private answers is itself suspicious).
 */
function createCheckedLookup(
  resolve: LookupFn,
  allowlist: readonly ParsedCidr[],
  onChecked: (hostname: string, addresses: readonly LookupAddress[]) => void,
): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) {
          throw new GuardError('dns', `The host name ${hostname} could not be resolved.`);
        }
        const blocked = addresses.find((a) => isBlockedAddress(a.address, allowlist));
        if (blocked) {
          throw new GuardError('blocked_address', privateTargetMessage(blocked.address));
        }
        onChecked(hostname, addresses);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
        const first = usable[0];
        if (!first) {
          throw new GuardError('dns', `The host name ${hostname} has no IPv${wanted} address.`);
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        callback(toLookupError(error, hostname), '', 0);
      });
  };
}

function toLookupError(error: unknown, hostname: string): NodeJS.ErrnoException {
  if (error instanceof GuardError) return error;
  return new GuardError('dns', `The host name ${hostname} could not be resolved.`, {
    cause: error,
  });
}

/** Every error and `code` along a cause chain (undici wraps socket errors in `fetch failed`). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

export function mapNetworkError(
  error: unknown,
  timeouts: { connectTimeoutMs: number; answerTimeoutMs?: number },
): GuardError {
  const chain = causeChain(error);
  const guard = chain.find((e): e is GuardError => e instanceof GuardError);
  if (guard) return guard;
  for (const e of chain) {
    const code = errorCode(e);
    if (e instanceof Error && e.message === 'bad port') {
      // The Fetch standard refuses ports of other protocols (25, 6379…), a classic SSRF pivot.
      return new GuardError('invalid_url', 'The target port is not allowed for HTTP requests.');
    }
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
      return new GuardError(
        'timeout',
        `The target did not accept a connection within ${seconds(timeouts.connectTimeoutMs)}.`,
      );
    }
    if (code === 'UND_ERR_HEADERS_TIMEOUT' && timeouts.answerTimeoutMs !== undefined) {
      return new GuardError(
        'timeout',
        `The target did not answer within ${seconds(timeouts.answerTimeoutMs)}.`,
      );
    }
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new GuardError('timeout', 'The target stopped answering.');
    }
    if (code === 'ECONNREFUSED')
      return new GuardError('refused', 'The target refused the connection.');
    if (code === 'ENOTFOUND' || code.startsWith('EAI_')) {
      return new GuardError('dns', 'The host name could not be resolved.');
    }
    if (TLS_CODE.test(code)) {
      return new GuardError('tls', `The TLS connection to the target failed (${code}).`);
    }
  }
  return new GuardError('network', 'The connection to the target failed.', { cause: error });
}

interface RequestParts {
  url: string;
  init: RequestInit;
}

async function toRequestParts(
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<RequestParts> {
  if (typeof input === 'string') return { url: input, init };
  if (input instanceof URL) return { url: input.href, init };
  // A Request object: take its parts so redirects can be replayed with a buffered body.
  const method = init.method ?? input.method;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return {
    url: input.url,
    init: {
      method,
      headers: init.headers ?? input.headers,
      body: init.body ?? (hasBody ? await input.arrayBuffer() : undefined),
      signal: init.signal ?? input.signal,
    },
  };
}

/**
 * Creates a fetch bound to one scan or one delivery. Its byte budget and deadline are shared by
 * every request it makes (an SSE stream and the POSTs beside it count together), so create one
 * per scan and close it when done.
 */
export function createGuardedFetch(options: GuardOptions = {}): GuardedFetch {
  const allowlist = parseCidrList(options.allowlist ?? []);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULTS.answerTimeoutMs;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const followRedirects = options.followRedirects ?? true;

  const resolved = new Map<string, string[]>();
  const agent = new Agent({
    headersTimeout: answerTimeoutMs,
    connect: {
      timeout: connectTimeoutMs,
      lookup: createCheckedLookup(options.lookup ?? defaultLookup, allowlist, (host, addresses) =>
        resolved.set(
          host.toLowerCase(),
          addresses.map((a) => a.address),
        ),
      ),
    },
  });
  const budget = { used: 0, max: maxResponseBytes };
  let deadline: AbortSignal | undefined;

  const timeoutError = () =>
    new GuardError('timeout', `The target did not answer within ${seconds(totalTimeoutMs)}.`);

  let lastError: GuardError | undefined;
  const remember = (error: GuardError): GuardError => (lastError = error);

  const mapError = (error: unknown, callerSignal: AbortSignal | null | undefined): unknown => {
    if (callerSignal?.aborted) return callerSignal.reason ?? error;
    if (deadline?.aborted) return remember(timeoutError());
    return remember(mapNetworkError(error, { connectTimeoutMs, answerTimeoutMs }));
  };

  async function fetchOnce(url: URL, init: RequestInit, signal: AbortSignal): Promise<Response> {
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      signal,
      dispatcher: agent,
    });
    return response;
  }

  async function guardedFetch(
    input: string | URL | Request,
    rawInit?: RequestInit,
  ): Promise<Response> {
    deadline ??= AbortSignal.timeout(totalTimeoutMs);
    const { url: firstUrl, init: firstInit } = await toRequestParts(input, rawInit);
    const callerSignal = firstInit.signal ?? undefined;
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
    let init: RequestInit = { ...firstInit, headers: new Headers(firstInit.headers) };
    let url = firstUrl;

    // The caller may ask to see redirects itself (`manual`) or to fail on them (`error`).
    const redirectMode = firstInit.redirect ?? 'follow';
    const follow = followRedirects && redirectMode === 'follow';

    for (let hop = 0; ; hop++) {
      const target = validate(url, allowlist, remember);
      let response: Response;
      try {
        response = await fetchOnce(target, init, signal);
      } catch (error) {
        throw mapError(error, callerSignal);
      }
      const location = response.headers.get('location');
      const isRedirect = REDIRECT_STATUSES.has(response.status) && location !== null;
      if (!isRedirect || !follow) {
        if (isRedirect && redirectMode === 'error') {
          await response.body?.cancel().catch(() => undefined);
          throw remember(new GuardError('network', 'The target answered with a redirect.'));
        }
        return limitBody(response, budget, (e) => mapError(e, callerSignal), remember);
      }
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) {
        throw remember(
          new GuardError(
            'too_many_redirects',
            `The target redirected more than ${maxRedirects} times.`,
          ),
        );
      }
      try {
        const next = resolveLocation(location, target);
        init = redirectedInit(init, response.status, target, next);
        url = next.href;
      } catch (error) {
        throw error instanceof GuardError ? remember(error) : error;
      }
    }
  }

  return Object.assign(guardedFetch, {
    close: () => agent.close(),
    bytesRead: () => budget.used,
    lastError: () => lastError,
    resolvedAddresses: (hostname: string) => resolved.get(hostname.toLowerCase()),
  });
}

function validate(
  url: string,
  allowlist: readonly ParsedCidr[],
  remember: (error: GuardError) => GuardError,
): URL {
  const check = checkUrlSyntax(url, allowlist);
  if (check.ok) return check.url;
  const reason = check.reason === 'private_target' ? 'blocked_address' : 'invalid_url';
  throw remember(new GuardError(reason, check.message));
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new GuardError('invalid_url', 'The target redirected to an invalid URL.');
  }
}

/** The request for the next hop, per the Fetch standard, minus credentials when leaving the origin. */
function redirectedInit(init: RequestInit, status: number, from: URL, to: URL): RequestInit {
  const headers = new Headers(init.headers);
  if (to.origin !== from.origin) {
    // Never hand a target's bearer token or cookies to a host the user did not name.
    headers.delete('authorization');
    headers.delete('cookie');
  }
  const method = (init.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    headers.delete('content-type');
    headers.delete('content-length');
    return { ...init, method: method === 'HEAD' ? 'HEAD' : 'GET', headers, body: undefined };
  }
  if (init.body instanceof ReadableStream) {
    throw new GuardError(
      'network',
      'The target redirected a streamed request, which cannot be replayed.',
    );
  }
  return { ...init, headers };
}

interface ByteBudget {
  used: number;
  max: number;
}

function tooLarge(max: number): GuardError {
  return new GuardError('too_large', `The target sent more than ${formatBytes(max)}.`);
}

/** Re-wraps the response so that its body counts against the instance's byte budget. */
function limitBody(
  response: Response,
  budget: ByteBudget,
  mapError: (error: unknown) => unknown,
  remember: (error: GuardError) => GuardError,
): Response {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && budget.used + declared > budget.max) {
    void response.body?.cancel().catch(() => undefined);
    throw remember(tooLarge(budget.max));
  }
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  const body =
    response.body && !NULL_BODY_STATUSES.has(response.status)
      ? countingStream(response.body, budget, mapError, remember)
      : null;
  const wrapped = new Response(body, init);
  Object.defineProperty(wrapped, 'url', { value: response.url });
  return wrapped;
}

function countingStream(
  source: ReadableStream<Uint8Array>,
  budget: ByteBudget,
  mapError: (error: unknown) => unknown,
  remember: (error: GuardError) => GuardError,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(mapError(error));
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      budget.used += chunk.value.byteLength;
      if (budget.used > budget.max) {
        const error = remember(tooLarge(budget.max));
        await reader.cancel(error).catch(() => undefined);
        controller.error(error);
        return;
      }
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
