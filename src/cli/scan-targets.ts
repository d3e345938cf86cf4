// What each `palisade scan` argument is: a live MCP URL, a snapshot JSON file (what a live fetch
// collects, analysed exactly like a live server), or files for the file scanner (configs,
// dependency files, code, archives; directories are walked).

import { lstat, readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { McpSnapshot } from '../engine/types.js';

export type ScanTarget =
  | { kind: 'url'; url: string }
  | { kind: 'snapshot'; path: string; snapshot: McpSnapshot }
  /** A file, directory or archive for the file scanner (read later by collectFiles). */
  | { kind: 'path'; path: string };

export class TargetError extends Error {
  constructor(
    readonly target: string,
    message: string,
  ) {
    super(message);
    this.name = 'TargetError';
  }
}

const SNAPSHOT_MAX_BYTES = 50 * 1024 * 1024;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON document whose top level has a `tools` array is an MCP snapshot. */
export function parseSnapshot(text: string): McpSnapshot | undefined {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(document) || !Array.isArray(document.tools)) return undefined;
  // `transport` describes a live fetch; a file cannot vouch for one, so it is not taken from it.
  const { transport: _ignored, ...rest } = document;
  return rest as unknown as McpSnapshot;
}

export async function resolveTarget(arg: string, cwd: string): Promise<ScanTarget> {
  if (URL_LIKE.test(arg)) return { kind: 'url', url: arg };
  const absolute = resolve(cwd, arg);
  const stats = await lstat(absolute).catch(() => undefined);
  if (!stats) throw new TargetError(arg, 'No such file or directory.');
  const isJson = stats.isFile() && extname(absolute).toLowerCase() === '.json';
  if (isJson && stats.size <= SNAPSHOT_MAX_BYTES) {
    const snapshot = parseSnapshot((await readFile(absolute)).toString('utf8'));
    if (snapshot) return { kind: 'snapshot', path: arg, snapshot: { ...snapshot, origin: arg } };
  }
  return { kind: 'path', path: arg };
}
