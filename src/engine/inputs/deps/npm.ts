// npm-ecosystem dependency files: package.json, package-lock.json / npm-shrinkwrap.json (v1, v2,
// v3), yarn.lock (classic text and berry YAML) and pnpm-lock.yaml (v5 to v9).

import type { Dependency, DependencyInput } from '../types.js';
import {
  isRecord,
  parseJsonDocument,
  parseYamlDocument,
  type ParsedDocument,
} from '../documents.js';
import { INPUT_LIMITS } from '../limits.js';
import { exactNpmVersion } from './versions.js';

const MANIFEST_SECTIONS = [
  ['dependencies', false],
  ['optionalDependencies', false],
  ['peerDependencies', false],
  ['devDependencies', true],
] as const;

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rootName(doc: Record<string, unknown>, fallback: string): string {
  return stringOf(doc.name) ?? fallback;
}

export function parsePackageJson(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value, keyLines } = parsed ?? parseJsonDocument(text);
  const doc = isRecord(value) ? value : {};
  const root = rootName(doc, 'package.json');
  const packages: Dependency[] = [];
  for (const [section, dev] of MANIFEST_SECTIONS) {
    const deps = doc[section];
    if (!isRecord(deps)) continue;
    for (const [name, spec] of Object.entries(deps)) {
      const range = stringOf(spec) ?? '';
      const dep: Dependency = { name, range, direct: true, path: [root, name] };
      const version = exactNpmVersion(range);
      if (version) dep.version = version;
      if (dev) dep.dev = true;
      const line = keyLines.get(`${section}.${name}`);
      if (line !== undefined) dep.line = line;
      packages.push(dep);
    }
  }
  const scripts: Record<string, string> = {};
  if (isRecord(doc.scripts)) {
    for (const [name, script] of Object.entries(doc.scripts)) {
      if (typeof script === 'string') scripts[name] = script;
    }
  }
  return { path, ecosystem: 'npm', kind: 'manifest', packages, scripts, text };
}

/** `node_modules/a/node_modules/@s/b` to `['a', '@s/b']`. */
function lockKeyChain(key: string): string[] {
  return key.split(/(?:^|\/)node_modules\//).filter((part) => part.length > 0);
}

function rootDependencyNames(root: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  for (const [section] of MANIFEST_SECTIONS) {
    const deps = root[section];
    if (isRecord(deps)) for (const name of Object.keys(deps)) names.add(name);
  }
  return names;
}

export function parsePackageLock(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value } = parsed ?? parseJsonDocument(text);
  const doc = isRecord(value) ? value : {};
  const root = rootName(doc, 'package-lock.json');
  const packages: Dependency[] = [];
  const lockPackages = doc.packages;
  if (isRecord(lockPackages)) {
    // v2/v3: a flat map keyed by install path.
    const rootEntry = isRecord(lockPackages['']) ? lockPackages[''] : {};
    const directNames = rootDependencyNames(rootEntry);
    for (const [key, entry] of Object.entries(lockPackages)) {
      if (key === '' || !isRecord(entry) || entry.link === true) continue;
      if (!key.includes('node_modules/')) continue; // workspace folders
      const chain = lockKeyChain(key);
      const installedAs = chain[chain.length - 1];
      if (!installedAs) continue;
      const name = stringOf(entry.name) ?? installedAs;
      const dep: Dependency = {
        name,
        direct: chain.length === 1 && directNames.has(installedAs),
        path: [root, ...chain],
      };
      const version = stringOf(entry.version);
      if (version) dep.version = version;
      const resolved = stringOf(entry.resolved);
      if (resolved) dep.resolved = resolved;
      if (entry.dev === true) dep.dev = true;
      packages.push(dep);
      if (packages.length >= INPUT_LIMITS.maxDependenciesPerFile) break;
    }
  } else if (isRecord(doc.dependencies)) {
    walkLockV1(doc.dependencies, root, packages);
  }
  return { path, ecosystem: 'npm', kind: 'lockfile', packages, scripts: {}, text };
}

/** v1 lockfiles nest `dependencies`; walked with an explicit stack (the nesting is the input's). */
function walkLockV1(top: Record<string, unknown>, root: string, out: Dependency[]): void {
  const stack: [Record<string, unknown>, string[]][] = [[top, [root]]];
  while (stack.length > 0 && out.length < INPUT_LIMITS.maxDependenciesPerFile) {
    const [deps, parentPath] = stack.pop()!;
    for (const [name, entry] of Object.entries(deps)) {
      if (!isRecord(entry)) continue;
      const dep: Dependency = {
        name,
        direct: parentPath.length === 1,
        path: [...parentPath, name],
      };
      const version = stringOf(entry.version);
      if (version && !version.includes(':')) dep.version = version;
      else if (version) dep.resolved = version; // `file:`, `git+…` in place of a version
      const resolved = stringOf(entry.resolved);
      if (resolved) dep.resolved = resolved;
      if (entry.dev === true) dep.dev = true;
      out.push(dep);
      if (isRecord(entry.dependencies) && dep.path.length < INPUT_LIMITS.maxDocumentDepth) {
        stack.push([entry.dependencies, dep.path]);
      }
    }
  }
}

/** `"@scope/name@^1.0.0"` or `lodash@npm:^4.17.21` to the package name. */
export function nameFromDescriptor(descriptor: string): string | undefined {
  const d = descriptor.trim().replace(/^"|"$/g, '');
  const at = d.indexOf('@', 1);
  return at === -1 ? undefined : d.slice(0, at);
}

export function parseYarnLock(path: string, text: string): DependencyInput {
  if (/^__metadata:/m.test(text)) return parseYarnBerry(path, text);
  const packages: Dependency[] = [];
  const lines = text.split('\n');
  let current: Dependency | undefined;
  for (let i = 0; i < lines.length && packages.length < INPUT_LIMITS.maxDependenciesPerFile; i++) {
    const line = lines[i]!;
    if (line.length === 0 || line.startsWith('#')) continue;
    if (!line.startsWith(' ') && line.trimEnd().endsWith(':')) {
      const first = line.slice(0, -1).split(',')[0] ?? '';
      const name = nameFromDescriptor(first);
      current = undefined;
      if (!name) continue;
      current = { name, direct: false, path: [name], line: i + 1 };
      packages.push(current);
      continue;
    }
    if (!current) continue;
    const field = /^\s+(version|resolved)\s+"?([^"\s]+)"?/.exec(line);
    if (field?.[1] === 'version') current.version = field[2]!;
    else if (field?.[1] === 'resolved') current.resolved = field[2]!;
  }
  return { path, ecosystem: 'npm', kind: 'lockfile', packages, scripts: {}, text };
}

function parseYarnBerry(path: string, text: string): DependencyInput {
  const { value } = parseYamlDocument(text);
  const packages: Dependency[] = [];
  if (isRecord(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '__metadata' || !isRecord(entry)) continue;
      const name = nameFromDescriptor(key.split(',')[0] ?? '');
      if (!name) continue;
      // The workspace itself appears as `name@workspace:.`; it is not a dependency.
      if (String(entry.resolution ?? '').includes('@workspace:')) continue;
      const dep: Dependency = { name, direct: false, path: [name] };
      const version =
        stringOf(entry.version) ??
        (typeof entry.version === 'number' ? String(entry.version) : undefined);
      if (version) dep.version = version;
      const resolution = stringOf(entry.resolution);
      if (resolution && !resolution.includes('@npm:')) dep.resolved = resolution;
      packages.push(dep);
      if (packages.length >= INPUT_LIMITS.maxDependenciesPerFile) break;
    }
  }
  return { path, ecosystem: 'npm', kind: 'lockfile', packages, scripts: {}, text };
}

/** pnpm package keys: `/name/1.0.0` (v5), `/name@1.0.0(peer@2)` (v6), `name@1.0.0` (v9). */
export function parsePnpmKey(key: string): { name: string; version: string } | undefined {
  // v5: `/name/1.0.0` or `/@scope/name/1.0.0_peer@2.0.0` (the peer suffix may hold `@`).
  const v5 = /^\/((?:@[^/]+\/)?[^/@]+)\/(\d[^/_(]*)(?:[_(].*)?$/.exec(key);
  if (v5) return { name: v5[1]!, version: v5[2]! };
  // v6: `/name@1.0.0(peer@2)`; v9: `name@1.0.0(peer@2)`.
  const k = key.replace(/^\//, '').replace(/\(.*$/, '');
  const at = k.indexOf('@', 1);
  if (at === -1) return undefined;
  return { name: k.slice(0, at), version: k.slice(at + 1) };
}

function pnpmDirectNames(doc: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const sections: unknown[] = [doc.dependencies, doc.devDependencies, doc.optionalDependencies];
  const importers = doc.importers;
  if (isRecord(importers) && isRecord(importers['.'])) {
    const root = importers['.'];
    sections.push(root.dependencies, root.devDependencies, root.optionalDependencies);
  }
  for (const section of sections)
    if (isRecord(section)) for (const n of Object.keys(section)) names.add(n);
  return names;
}

export function parsePnpmLock(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value } = parsed ?? parseYamlDocument(text);
  const doc = isRecord(value) ? value : {};
  const direct = pnpmDirectNames(doc);
  const packages: Dependency[] = [];
  const entries = isRecord(doc.packages) ? doc.packages : {};
  for (const [key, entry] of Object.entries(entries)) {
    const parsedKey = parsePnpmKey(key);
    if (!parsedKey) continue;
    const dep: Dependency = {
      name: parsedKey.name,
      direct: direct.has(parsedKey.name),
      path: [parsedKey.name],
    };
    if (/^\d/.test(parsedKey.version)) dep.version = parsedKey.version;
    if (isRecord(entry)) {
      const resolution = entry.resolution;
      if (isRecord(resolution) && typeof resolution.tarball === 'string')
        dep.resolved = resolution.tarball;
      if (entry.dev === true) dep.dev = true;
    }
    packages.push(dep);
    if (packages.length >= INPUT_LIMITS.maxDependenciesPerFile) break;
  }
  return { path, ecosystem: 'npm', kind: 'lockfile', packages, scripts: {}, text };
}
