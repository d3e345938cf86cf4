// One MCP client session over the official SDK transports, with every byte going through the
// guarded fetch. Streamable HTTP is tried first; a 4xx answer to its POST (other than 401/403)
// means a legacy server, which gets the HTTP+SSE transport (protocol 2024-11-05), as the MCP
// specification's backwards-compatibility section describes.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';

export type TransportKind = 'streamable-http' | 'sse';

export interface McpSession {
  client: Client;
  transport: TransportKind;
  /** The protocol version the server agreed to in `initialize`. */
  protocolVersion: string | undefined;
  close(): Promise<void>;
}

export interface SessionOptions {
  fetch: FetchLike;
  authToken?: string;
  requestOptions: RequestOptions;
  /** Told about transport errors (an SSE stream that broke) so a pending request can be cut. */
  onTransportError?: (error: Error) => void;
}

const CLIENT_INFO = { name: 'palisade-scanner', version: '0.1.0' };

function headersFor(authToken: string | undefined): Record<string, string> {
  return authToken ? { Authorization: `Bearer ${authToken}` } : {};
}

function createTransport(kind: TransportKind, url: URL, options: SessionOptions): Transport {
  const common = {
    fetch: options.fetch,
    requestInit: { headers: headersFor(options.authToken) },
    // Redirects are left to the guarded fetch, which re-checks every hop and drops the token
    // when a hop leaves the origin.
    redirectPolicy: 'follow' as const,
  };
  if (kind === 'sse') return new SSEClientTransport(url, common);
  return new StreamableHTTPClientTransport(url, {
    ...common,
    // A scan is one short conversation: no reconnecting to a stream that broke.
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
}

/** Connects with one transport and runs `initialize`; closes everything if that fails. */
export async function openSession(
  kind: TransportKind,
  url: URL,
  options: SessionOptions,
): Promise<McpSession> {
  const transport = createTransport(kind, url, options);
  let protocolVersion: string | undefined;
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    protocolVersion = version;
    setProtocolVersion?.(version);
  };
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  client.onerror = (error) => options.onTransportError?.(error);
  const close = async () => {
    // A stateful streamable-HTTP server is told the session is over (DELETE) instead of
    // holding it until it times out; servers without sessions are not asked.
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
      await transport.terminateSession().catch(() => undefined);
    }
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  };
  try {
    await client.connect(transport, options.requestOptions);
  } catch (error) {
    await close();
    throw error;
  }
  return { client, transport: kind, protocolVersion, close };
}

/** True when a streamable-HTTP failure means "this is a legacy HTTP+SSE server". */
export function isLegacyServerAnswer(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

/** Streamable HTTP first, then legacy HTTP+SSE when the server's answer says it is one. */
export async function openSessionWithFallback(
  url: URL,
  options: SessionOptions,
  onFallback: () => void,
): Promise<McpSession> {
  try {
    return await openSession('streamable-http', url, options);
  } catch (error) {
    if (!isLegacyServerAnswer(error)) throw error;
    onFallback();
    return await openSession('sse', url, options);
  }
}
