// Walks the files and directories given to `palisade scan` and returns what the file scanner
// accepts, under the same type rules and caps as an upload. Files named explicitly are always
// returned (the scanner then refuses them with its reason); files found while walking a directory
// are kept only when their name and content are accepted, and the rest are reported through
// `onSkip`, so one stray binary in a project does not fail the whole scan.

import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import {
  archiveFormatOf,
  classifyFile,
  dependencyFileKindOf,
  INPUT_LIMITS,
  type InputFile,
} from '../engine/light.js';

export interface CollectOptions {
  /** Where relative display paths start (default: the working directory). */
  cwd?: string;
  /** Told about every file or folder left out, and why. */
  onSkip?: (path: string, reason: string) => void;
}

export class CollectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectError';
  }
}

/** Folders that hold installed or generated code, never the project's own files. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  '__pycache__',
  '.venv',
  'venv',
  'dist',
  'build',
  '.next',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
]);
/** Hidden folders that MCP clients keep their configs in. */
const CONFIG_DIRS = new Set([
  '.vscode',
  '.cursor',
  '.gemini',
  '.claude',
  '.codeium',
  '.windsurf',
  '.roo',
]);
const MAX_DEPTH = 20;
const TEXT_EXTENSIONS = /\.(?:json|jsonc|ya?ml|toml|txt|py|[cm]?js|jsx|[cm]?ts|tsx)$/i;

function isCandidateName(name: string): boolean {
  if (/\.d\.[cm]?ts$/i.test(name)) return false; // declarations hold no behaviour
  return (
    TEXT_EXTENSIONS.test(name) ||
    archiveFormatOf(name) !== undefined ||
    dependencyFileKindOf(name) !== undefined
  );
}

function displayPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
    ? rel.split('\\').join('/')
    : absolute;
}

interface WalkState {
  files: InputFile[];
  totalBytes: number;
  cwd: string;
  onSkip: (path: string, reason: string) => void;
}

function addFile(state: WalkState, path: string, bytes: Uint8Array): void {
  if (state.files.length >= INPUT_LIMITS.maxFiles) {
    throw new CollectError(
      `more than ${INPUT_LIMITS.maxFiles} files to scan; point the scan at a smaller folder`,
    );
  }
  state.totalBytes += bytes.length;
  if (state.totalBytes > INPUT_LIMITS.maxTotalInflatedBytes) {
    throw new CollectError(
      `more than ${INPUT_LIMITS.maxTotalInflatedBytes / (1024 * 1024)} MB to scan; point the scan at a smaller folder`,
    );
  }
  state.files.push({ path, bytes });
}

async function walk(state: WalkState, dir: string, depth: number): Promise<void> {
  if (depth > MAX_DEPTH) {
    state.onSkip(displayPath(dir, state.cwd), `deeper than ${MAX_DEPTH} folders`);
    return;
  }
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = join(dir, entry.name);
    const shown = displayPath(full, state.cwd);
    if (entry.isSymbolicLink()) {
      state.onSkip(shown, 'symbolic links are not followed');
    } else if (entry.isDirectory()) {
      if (
        SKIPPED_DIRS.has(entry.name) ||
        (entry.name.startsWith('.') && !CONFIG_DIRS.has(entry.name))
      )
        continue;
      await walk(state, full, depth + 1);
    } else if (entry.isFile() && isCandidateName(entry.name)) {
      const { size } = await lstat(full);
      if (size > INPUT_LIMITS.maxTextFileBytes && !archiveFormatOf(entry.name)) {
        state.onSkip(shown, `larger than ${INPUT_LIMITS.maxTextFileBytes / (1024 * 1024)} MB`);
        continue;
      }
      const bytes = new Uint8Array(await readFile(full));
      const classification = classifyFile(entry.name, bytes);
      if (!classification.ok) state.onSkip(shown, classification.reason);
      else addFile(state, shown, bytes);
    }
  }
}

/** The files to scan for the given paths (files, directories, archives). */
export async function collectFiles(
  targets: string[],
  options: CollectOptions = {},
): Promise<InputFile[]> {
  const cwd = options.cwd ?? process.cwd();
  const state: WalkState = {
    files: [],
    totalBytes: 0,
    cwd,
    onSkip: options.onSkip ?? ((): void => undefined),
  };
  for (const target of targets) {
    const full = resolve(cwd, target);
    let stats;
    try {
      stats = await lstat(full);
    } catch {
      throw new CollectError(`${target}: no such file or directory`);
    }
    if (stats.isDirectory()) await walk(state, full, 0);
    else if (stats.isFile())
      addFile(
        state,
        displayPath(full, cwd) || basename(full),
        new Uint8Array(await readFile(full)),
      );
    else throw new CollectError(`${target}: not a regular file or directory`);
  }
  return state.files;
}
