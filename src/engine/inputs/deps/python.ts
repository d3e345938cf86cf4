// Python dependency files: requirements*.txt, pyproject.toml (PEP 621 and Poetry), poetry.lock,
// Pipfile, Pipfile.lock and uv.lock. Names are PEP 503-normalised so `PyYAML`, `pyyaml` and
// `py_yaml` are one package.

import type { Dependency, DependencyInput } from '../types.js';
import {
  isRecord,
  parseJsonDocument,
  parseTomlDocument,
  type ParsedDocument,
} from '../documents.js';
import { INPUT_LIMITS } from '../limits.js';
import { normalisePypiName } from '../advisories/advisories.js';
import { exactPypiVersion } from './versions.js';

export interface Requirement {
  name: string;
  /** Version specifier without extras or markers (`>=1.0,<2`), or the direct URL. */
  specifier: string;
  url?: string;
}

// `name[extra1,extra2] (>=1.0, <2) ; python_version < "3.8"` or `name @ https://…`.
const REQUIREMENT_RE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,200})\s*(?:\[[^\]]{0,200}\])?\s*(.*)$/;

/** Parses one PEP 508 requirement string; undefined for options, paths and URLs alone. */
export function parseRequirement(line: string): Requirement | undefined {
  const withoutMarker = line.split(';', 1)[0]!.trim();
  const m = REQUIREMENT_RE.exec(withoutMarker);
  if (!m) return undefined;
  const rest = m[2]!.trim();
  if (rest.startsWith('@')) {
    const url = rest.slice(1).trim();
    return { name: normalisePypiName(m[1]!), specifier: '', url };
  }
  if (rest !== '' && !/^[<>=!~(]/.test(rest)) return undefined;
  const specifier = rest.replace(/^\(|\)$/g, '').replace(/\s+/g, '');
  return { name: normalisePypiName(m[1]!), specifier };
}

function dependencyFrom(req: Requirement, root: string, line?: number, dev = false): Dependency {
  const dep: Dependency = {
    name: req.name,
    direct: true,
    path: [root, req.name],
    range: req.specifier,
  };
  const version = exactPypiVersion(req.specifier);
  if (version) dep.version = version;
  if (req.url) dep.resolved = req.url;
  if (line !== undefined) dep.line = line;
  if (dev) dep.dev = true;
  return dep;
}

export function parseRequirementsTxt(path: string, text: string): DependencyInput {
  const packages: Dependency[] = [];
  const lines = text.split('\n');
  let pending = '';
  let pendingLine = 0;
  for (let i = 0; i < lines.length && packages.length < INPUT_LIMITS.maxDependenciesPerFile; i++) {
    const raw = lines[i]!.slice(0, INPUT_LIMITS.maxScannedLineChars);
    if (pending === '') pendingLine = i + 1;
    // Continuation lines (`\`) carry hashes; they join the requirement they belong to.
    if (raw.trimEnd().endsWith('\\')) {
      pending += `${raw.trimEnd().slice(0, -1)} `;
      continue;
    }
    const full = (pending + raw).replace(/(^|\s)#.*$/, '').trim();
    pending = '';
    // Options (`-r other.txt`, `--index-url …`, `-e .`) are not packages.
    if (full === '' || full.startsWith('-')) continue;
    const req = parseRequirement(full.replace(/\s--hash[=\s]\S+/g, ''));
    if (req) packages.push(dependencyFrom(req, 'requirements', pendingLine));
  }
  return { path, ecosystem: 'pypi', kind: 'manifest', packages, scripts: {}, text };
}

function findLine(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  if (index === -1) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Poetry's `^1.2` / `~1.2` / `1.2.3` (which means ==1.2.3 in Poetry) as a specifier. */
function poetrySpecifier(spec: unknown): { specifier: string; url?: string } | undefined {
  if (typeof spec === 'string') {
    const s = spec.trim();
    return { specifier: /^\d/.test(s) ? `==${s}` : s };
  }
  if (isRecord(spec)) {
    if (typeof spec.version === 'string') return poetrySpecifier(spec.version);
    const url = [spec.git, spec.url, spec.path].find((v): v is string => typeof v === 'string');
    if (url) return { specifier: '', url };
  }
  return undefined;
}

function addPoetryTable(
  table: unknown,
  root: string,
  text: string,
  dev: boolean,
  out: Dependency[],
): void {
  if (!isRecord(table)) return;
  for (const [rawName, spec] of Object.entries(table)) {
    if (rawName.toLowerCase() === 'python') continue;
    const parsed = poetrySpecifier(spec);
    if (!parsed) continue;
    const req: Requirement = { name: normalisePypiName(rawName), specifier: parsed.specifier };
    if (parsed.url) req.url = parsed.url;
    out.push(dependencyFrom(req, root, findLine(text, rawName), dev));
  }
}

export function parsePyproject(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value } = parsed ?? parseTomlDocument(text);
  const doc = isRecord(value) ? value : {};
  const project = isRecord(doc.project) ? doc.project : {};
  const root = typeof project.name === 'string' ? project.name : 'pyproject.toml';
  const packages: Dependency[] = [];
  const addList = (list: unknown, dev: boolean): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (typeof item !== 'string') continue;
      const req = parseRequirement(item);
      if (req) packages.push(dependencyFrom(req, root, findLine(text, item), dev));
    }
  };
  addList(project.dependencies, false);
  if (isRecord(project['optional-dependencies'])) {
    for (const list of Object.values(project['optional-dependencies'])) addList(list, false);
  }
  if (isRecord(doc['dependency-groups'])) {
    for (const list of Object.values(doc['dependency-groups'])) addList(list, true);
  }
  const tool = isRecord(doc.tool) ? doc.tool : {};
  const poetry = isRecord(tool.poetry) ? tool.poetry : {};
  const poetryRoot = typeof poetry.name === 'string' ? poetry.name : root;
  addPoetryTable(poetry.dependencies, poetryRoot, text, false, packages);
  addPoetryTable(poetry['dev-dependencies'], poetryRoot, text, true, packages);
  if (isRecord(poetry.group)) {
    for (const group of Object.values(poetry.group)) {
      if (isRecord(group)) addPoetryTable(group.dependencies, poetryRoot, text, true, packages);
    }
  }
  return { path, ecosystem: 'pypi', kind: 'manifest', packages, scripts: {}, text };
}

export function parsePipfile(path: string, text: string, parsed?: ParsedDocument): DependencyInput {
  const { value } = parsed ?? parseTomlDocument(text);
  const doc = isRecord(value) ? value : {};
  const packages: Dependency[] = [];
  const add = (table: unknown, dev: boolean): void => {
    if (!isRecord(table)) return;
    for (const [rawName, spec] of Object.entries(table)) {
      let specifier = '';
      let url: string | undefined;
      if (typeof spec === 'string') specifier = spec === '*' ? '*' : spec;
      else if (isRecord(spec)) {
        if (typeof spec.version === 'string') specifier = spec.version;
        url = [spec.git, spec.file, spec.path].find((v): v is string => typeof v === 'string');
      }
      const req: Requirement = { name: normalisePypiName(rawName), specifier };
      if (url) req.url = url;
      packages.push(dependencyFrom(req, 'Pipfile', findLine(text, rawName), dev));
    }
  };
  add(doc.packages, false);
  add(doc['dev-packages'], true);
  return { path, ecosystem: 'pypi', kind: 'manifest', packages, scripts: {}, text };
}

export function parsePipfileLock(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value } = parsed ?? parseJsonDocument(text);
  const doc = isRecord(value) ? value : {};
  const packages: Dependency[] = [];
  for (const [section, dev] of [
    ['default', false],
    ['develop', true],
  ] as const) {
    const table = doc[section];
    if (!isRecord(table)) continue;
    for (const [rawName, entry] of Object.entries(table)) {
      if (!isRecord(entry)) continue;
      const name = normalisePypiName(rawName);
      const dep: Dependency = { name, direct: false, path: ['Pipfile.lock', name] };
      const version =
        typeof entry.version === 'string' ? exactPypiVersion(entry.version) : undefined;
      if (version) dep.version = version;
      if (dev) dep.dev = true;
      packages.push(dep);
    }
  }
  return { path, ecosystem: 'pypi', kind: 'lockfile', packages, scripts: {}, text };
}

/** poetry.lock and uv.lock: `[[package]]` tables with name and version. */
export function parseTomlLock(
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  const { value } = parsed ?? parseTomlDocument(text);
  const doc = isRecord(value) ? value : {};
  const list = Array.isArray(doc.package) ? doc.package.filter(isRecord) : [];
  // uv.lock: the project itself is a package with an editable/virtual source; its
  // `dependencies` are the direct ones.
  const rootEntry = list.find(
    (p) => isRecord(p.source) && ('editable' in p.source || 'virtual' in p.source),
  );
  const direct = new Set<string>();
  if (rootEntry && Array.isArray(rootEntry.dependencies)) {
    for (const d of rootEntry.dependencies) {
      if (isRecord(d) && typeof d.name === 'string') direct.add(normalisePypiName(d.name));
    }
  }
  const packages: Dependency[] = [];
  for (const entry of list) {
    if (entry === rootEntry || typeof entry.name !== 'string') continue;
    const name = normalisePypiName(entry.name);
    const dep: Dependency = { name, direct: direct.has(name), path: [name] };
    if (typeof entry.version === 'string') dep.version = entry.version;
    if (isRecord(entry.source)) {
      const url = [entry.source.git, entry.source.url, entry.source.registry].find(
        (v): v is string => typeof v === 'string',
      );
      if (url && !/^https:\/\/pypi\.org\/simple\/?$/.test(url)) dep.resolved = url;
    }
    if (entry.category === 'dev') dep.dev = true;
    packages.push(dep);
    if (packages.length >= INPUT_LIMITS.maxDependenciesPerFile) break;
  }
  return { path, ecosystem: 'pypi', kind: 'lockfile', packages, scripts: {}, text };
}
