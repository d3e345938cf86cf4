// Decides what an uploaded file is, from its name and its bytes. The extension picks the parser;
// the content must agree: executables are refused whatever they are called, and a text type that
// holds binary bytes is refused rather than parsed.

import { posix } from 'node:path';

export type TextFormat =
  | 'json'
  | 'yaml'
  | 'toml'
  | 'text'
  | 'javascript'
  | 'typescript'
  | 'python'
  | 'yarn-lock'
  | 'pipfile';

export type ArchiveFormat = 'zip' | 'tar.gz';

/** Dependency files recognised by name; each has its own parser in `deps/`. */
export type DependencyFileKind =
  | 'package.json'
  | 'package-lock.json'
  | 'yarn.lock'
  | 'pnpm-lock.yaml'
  | 'requirements.txt'
  | 'pyproject.toml'
  | 'poetry.lock'
  | 'Pipfile'
  | 'Pipfile.lock'
  | 'uv.lock';

export type Classification =
  | { ok: true; kind: 'archive'; format: ArchiveFormat }
  | {
      ok: true;
      kind: 'text';
      format: TextFormat;
      text: string;
      dependencyFile?: DependencyFileKind;
    }
  | { ok: false; reason: string };

export const EXTENSION_FORMATS: Readonly<Record<string, TextFormat>> = {
  '.json': 'json',
  '.jsonc': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.txt': 'text',
  '.py': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescript',
};

/** Extensions refused outright: programs and scripts a scanner has no business accepting. */
const EXECUTABLE_EXTENSIONS = new Set([
  '.exe',
  '.dll',
  '.so',
  '.dylib',
  '.sh',
  '.bash',
  '.zsh',
  '.fish',
  '.ksh',
  '.csh',
  '.bat',
  '.cmd',
  '.com',
  '.ps1',
  '.psm1',
  '.vbs',
  '.vbe',
  '.wsf',
  '.scr',
  '.msi',
  '.jar',
  '.app',
  '.apk',
  '.bin',
  '.elf',
  '.out',
  '.run',
  '.command',
  '.deb',
  '.rpm',
]);

export const DEPENDENCY_FILE_NAMES: Readonly<Record<string, DependencyFileKind>> = {
  'package.json': 'package.json',
  'package-lock.json': 'package-lock.json',
  'npm-shrinkwrap.json': 'package-lock.json',
  'yarn.lock': 'yarn.lock',
  'pnpm-lock.yaml': 'pnpm-lock.yaml',
  'pyproject.toml': 'pyproject.toml',
  'poetry.lock': 'poetry.lock',
  pipfile: 'Pipfile',
  'pipfile.lock': 'Pipfile.lock',
  'uv.lock': 'uv.lock',
};

// requirements.txt, requirements-dev.txt, dev-requirements.txt, requirements/base.txt is not
// matched (its name says nothing), requirements.in (pip-tools) is.
const REQUIREMENTS_RE = /^(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.(?:txt|in)$/i;

export function baseName(path: string): string {
  return posix.basename(path.replace(/\\/g, '/'));
}

export function archiveFormatOf(path: string): ArchiveFormat | undefined {
  const lower = baseName(path).toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar.gz';
  return undefined;
}

/** Archive-like names that are never expanded (inside an archive they are skipped, not refused). */
export function isArchiveName(path: string): boolean {
  return /\.(?:zip|tgz|gz|tar|bz2|xz|7z|rar|zst|jar|war|whl|egg)$/i.test(baseName(path));
}

export function dependencyFileKindOf(path: string): DependencyFileKind | undefined {
  const name = baseName(path);
  const known = DEPENDENCY_FILE_NAMES[name.toLowerCase()];
  if (known) return known;
  if (REQUIREMENTS_RE.test(name)) return 'requirements.txt';
  return undefined;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

function formatByName(path: string): TextFormat | undefined {
  const name = baseName(path);
  const lower = name.toLowerCase();
  if (lower === 'yarn.lock') return 'yarn-lock';
  if (lower === 'pipfile') return 'pipfile';
  if (lower === 'poetry.lock' || lower === 'uv.lock') return 'toml';
  if (REQUIREMENTS_RE.test(name)) return 'text';
  return EXTENSION_FORMATS[extensionOf(name)];
}

/** Names an executable format when the bytes start like one. */
export function sniffExecutable(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b.length >= 4 && b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46)
    return 'an ELF executable';
  if (b.length >= 2 && b[0] === 0x4d && b[1] === 0x5a) return 'a Windows (PE/MZ) executable';
  if (b.length >= 4) {
    const magic = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic))
      return 'a Mach-O executable';
    // Universal (fat) Mach-O binaries share 0xcafebabe with Java class files: both are refused.
    if (magic === 0xcafebabe) return 'a Mach-O universal binary or Java class file';
  }
  if (b.length >= 4 && b[0] === 0x00 && b[1] === 0x61 && b[2] === 0x73 && b[3] === 0x6d)
    return 'a WebAssembly module';
  return undefined;
}

const INTERPRETERS_BY_FORMAT: Partial<Record<TextFormat, RegExp>> = {
  python: /\b(?:python[\d.]*|pypy[\d.]*|uv|pipx)\b/,
  javascript: /\b(?:node|nodejs|deno|bun)\b/,
  typescript: /\b(?:node|deno|bun|tsx|ts-node)\b/,
};

/**
 * A `#!` line makes a file an executable script. Source files whose shebang names their own
 * language's interpreter (`#!/usr/bin/env python3` atop a server) are ordinary code and accepted;
 * any other shebang (a shell script renamed `.txt` or `.py`) is refused.
 */
function shebangProblem(text: string, format: TextFormat): string | undefined {
  if (!text.startsWith('#!')) return undefined;
  const firstLine = text.slice(0, Math.min(text.length, 200)).split('\n', 1)[0] ?? '';
  const own = INTERPRETERS_BY_FORMAT[format];
  if (own?.test(firstLine)) return undefined;
  return `is an executable script (${firstLine.slice(0, 60).trim()})`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    // A byte-order mark is dropped: JSON.parse and friends reject it.
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/**
 * Classifies one file. Names are checked first (cheap, and they pick the parser), then the bytes:
 * executables by magic number, binary content in a text type, foreign shebang scripts.
 */
export function classifyFile(path: string, bytes: Uint8Array): Classification {
  const name = baseName(path);
  const ext = extensionOf(name);
  if (EXECUTABLE_EXTENSIONS.has(ext)) {
    return { ok: false, reason: `${ext} files are executables and are not accepted` };
  }
  const executable = sniffExecutable(bytes);
  if (executable) return { ok: false, reason: `its content is ${executable}` };

  const archive = archiveFormatOf(name);
  if (archive) return { ok: true, kind: 'archive', format: archive };

  const format = formatByName(name);
  if (!format) {
    return {
      ok: false,
      reason: `unsupported file type${ext ? ` "${ext}"` : ''} (accepted: .json, .yaml, .yml, .toml, .txt, .py, .js, .ts, lockfiles, .zip, .tar.gz)`,
    };
  }
  const text = decodeText(bytes);
  if (text === undefined) return { ok: false, reason: 'is binary, not text' };
  const shebang = shebangProblem(text, format);
  if (shebang) return { ok: false, reason: shebang };

  const dependencyFile = dependencyFileKindOf(name);
  return dependencyFile
    ? { ok: true, kind: 'text', format, text, dependencyFile }
    : { ok: true, kind: 'text', format, text };
}
