// What each `palisade scan` argument is: a live MCP URL, a snapshot JSON file (what a live fetch
// collects, analysed exactly like a live server), or files for the file scanner (configs,
// dependency files, code, archives; directories are walked).

import { lstat, readdir, readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { InputFile } from '../engine/inputs/types.js';
import { dependencyFileKindOf, isArchiveName } from '../engine/inputs/classify.js';
import type { McpSnapshot } from '../engine/types.js';

export type ScanTarget =
  | { kind: 'url'; url: string }
  | { kind: 'snapshot'; path: string; snapshot: McpSnapshot }
  | { kind: 'files'; path: string; files: InputFile[] };

export class TargetError extends Error {
  constructor(
    readonly target: string,
    message: string,
  ) {
    super(message);
    this.name = 'TargetError';
  }
}

/** Caps on what one command line may feed the file scanner (a mistyped `/` must not hang it). */
export const WALK_LIMITS = { maxFiles: 5000, maxTotalBytes: 100 * 1024 * 1024, maxDepth: 20 };
const SNAPSHOT_MAX_BYTES = 50 * 1024 * 1024;
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn', '__pycache__', '.venv']);
const SCANNABLE_EXTENSIONS = new Set([
  '.json',
  '.jsonc',
  '.yaml',
  '.yml',
  '.toml',
  '.txt',
  '.py',
  '.js',
  '.mjs',
  '.cjs',
  '.jsx',
  '.ts',
  '.mts',
  '.cts',
  '.tsx',
]);

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

function isScannableName(path: string): boolean {
  return (
    SCANNABLE_EXTENSIONS.has(extname(path).toLowerCase()) ||
    isArchiveName(path) ||
    dependencyFileKindOf(path) !== undefined
  );
}

/** Paths as the user would recognise them: relative to the working directory when inside it. */
function displayPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
    ? rel.split('\\').join('/')
    : absolute;
}

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
  const path = displayPath(absolute, cwd);
  if (stats.isDirectory()) {
    return { kind: 'files', path, files: await walkDirectory(absolute, cwd, arg) };
  }
  if (!stats.isFile())
    throw new TargetError(arg, 'Not a regular file (symlinks are not followed).');
  if (extname(absolute).toLowerCase() === '.json' && stats.size <= SNAPSHOT_MAX_BYTES) {
    const bytes = await readFile(absolute);
    const snapshot = parseSnapshot(bytes.toString('utf8'));
    if (snapshot) return { kind: 'snapshot', path, snapshot: { ...snapshot, origin: path } };
    return { kind: 'files', path, files: [{ path, bytes }] };
  }
  return { kind: 'files', path, files: [{ path, bytes: await readFile(absolute) }] };
}

/**
 * Reads the scannable files under a directory: regular files only (symlinks are not followed,
 * so a link cannot pull in files from outside), VCS and dependency folders skipped, within caps.
 */
async function walkDirectory(root: string, cwd: string, arg: string): Promise<InputFile[]> {
  const files: InputFile[] = [];
  let totalBytes = 0;
  const visit = async (dir: string, depth: number): Promise<void> => {
    if (depth > WALK_LIMITS.maxDepth) return;
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await visit(full, depth + 1);
        continue;
      }
      if (!entry.isFile() || !isScannableName(entry.name)) continue;
      const bytes = await readFile(full);
      totalBytes += bytes.byteLength;
      if (files.length + 1 > WALK_LIMITS.maxFiles || totalBytes > WALK_LIMITS.maxTotalBytes) {
        throw new TargetError(
          arg,
          `The directory holds more than ${WALK_LIMITS.maxFiles} files or 100 MB to scan; name fewer paths.`,
        );
      }
      files.push({ path: displayPath(full, cwd), bytes });
    }
  };
  await visit(root, 0);
  if (files.length === 0)
    throw new TargetError(arg, 'The directory holds no file Palisade can scan.');
  return files;
}
