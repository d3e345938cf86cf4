// Paginated MCP list calls (tools, prompts, resources, resource templates), read leniently: a
// scanner must see a malformed definition rather than reject the whole page, so the SDK's strict
// result schemas (which also compile output schemas) are replaced by a loose one here.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ClientRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export type ListMethod =
  'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

const RESULT_KEY: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

export interface ListLimits {
  maxPages: number;
  maxItems: number;
}

export interface ListResult {
  items: Record<string, unknown>[];
  /** The server had more than the limits allowed us to read. */
  truncated: boolean;
}

function pageSchema(key: string) {
  return z.looseObject({
    [key]: z.array(z.unknown()).optional(),
    nextCursor: z.string().optional(),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads every page of one list method, following `nextCursor` until the server stops, repeats a
 * cursor (a loop), or the page/item limits are reached.
 */
export async function listAllPages(
  client: Client,
  method: ListMethod,
  limits: ListLimits,
  requestOptions: RequestOptions,
  onPage: (page: number) => void = () => undefined,
): Promise<ListResult> {
  const key = RESULT_KEY[method];
  const schema = pageSchema(key);
  const items: Record<string, unknown>[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= limits.maxPages; page++) {
    onPage(page);
    const request = { method, params: cursor === undefined ? {} : { cursor } } as ClientRequest;
    const result = await client.request(request, schema, requestOptions);
    const entries = (result[key] as unknown[] | undefined) ?? [];
    for (const entry of entries) {
      if (!isRecord(entry)) continue;
      if (items.length >= limits.maxItems) return { items, truncated: true };
      items.push(entry);
    }
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor === undefined || seenCursors.has(cursor)) return { items, truncated: false };
    seenCursors.add(cursor);
  }
  return { items, truncated: cursor !== undefined };
}
