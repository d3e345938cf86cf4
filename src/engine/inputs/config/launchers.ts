// What a configured MCP server actually runs. `command` + `args` are read the way the launcher
// would read them, so rules can ask "which package does `npx -y …` install, at which version?" or
// "which flags does `docker run` get?" without each re-implementing argument parsing.

import semver from 'semver';
import { valid as validPep440 } from '@renovatebot/pep440';
import type { Ecosystem, McpServerConfigEntry } from '../types.js';

export interface LaunchedPackage {
  ecosystem: Ecosystem;
  /** The launcher that installs it: npx, bunx, pnpm dlx, uvx, pipx run, uv run --with, … */
  launcher: string;
  name: string;
  /** The exact version when pinned, else undefined. */
  version?: string;
  /** The tag or specifier when not exact (`latest`, `>=1`). */
  tag?: string;
  /** The argument as written. */
  spec: string;
  /** Installs without asking (`npx -y`, and every Python launcher). */
  autoInstall: boolean;
}

export interface ContainerRun {
  runtime: string;
  image: string;
  /** Options before the image, as [flag, value] pairs (`--privileged` has value ''). */
  options: [string, string][];
}

/** The command line as tokens: `command` split on spaces (configs write `uv run python`), then args. */
export function commandTokens(entry: McpServerConfigEntry): string[] {
  const head = (entry.command ?? '').trim().split(/\s+/).filter(Boolean);
  let tokens = [...head, ...entry.args];
  // Windows wrappers: `cmd /c npx -y pkg`.
  const first = programName(tokens[0] ?? '');
  if (first === 'cmd' && /^\/[ck]$/i.test(tokens[1] ?? '')) tokens = tokens.slice(2);
  return tokens;
}

/** `/usr/local/bin/npx.cmd` to `npx`. */
export function programName(token: string): string {
  const base = token.replace(/\\/g, '/').split('/').pop() ?? token;
  return base.replace(/\.(?:cmd|exe|bat|ps1)$/i, '').toLowerCase();
}

function isLocalSpec(spec: string): boolean {
  return (
    /^(?:\.{0,2}\/|~|[A-Za-z]:[\\/]|file:|link:|\$)/.test(spec) ||
    /\.(?:js|mjs|cjs|ts|py)$/.test(spec)
  );
}

/** `@scope/name@1.2.3` to name and version/tag. */
export function splitNpmSpec(spec: string): { name: string; version?: string; tag?: string } {
  const at = spec.indexOf('@', 1);
  if (at === -1) return { name: spec };
  const name = spec.slice(0, at);
  const rest = spec.slice(at + 1);
  const exact = semver.valid(rest);
  return exact ? { name, version: exact } : { name, tag: rest };
}

/** `pkg==1.0`, `pkg@1.0`, `pkg[extra]>=1` to name and version/specifier. */
export function splitPypiSpec(spec: string): { name: string; version?: string; tag?: string } {
  const m =
    /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*(?:(==|===|@)\s*([^\s,;]+)|([<>=!~].*))?$/.exec(
      spec,
    );
  if (!m) return { name: spec };
  const name = m[1]!;
  if (m[3] && validPep440(m[3]) && !m[3].includes('*')) return { name, version: m[3] };
  if (m[3]) return { name, tag: m[3] };
  if (m[4]) return { name, tag: m[4] };
  return { name };
}

function npmPackage(
  launcher: string,
  spec: string,
  autoInstall: boolean,
): LaunchedPackage | undefined {
  if (isLocalSpec(spec) || /^(?:git|github:|https?:)/.test(spec)) return undefined;
  const parts = splitNpmSpec(spec);
  const pkg: LaunchedPackage = { ecosystem: 'npm', launcher, name: parts.name, spec, autoInstall };
  if (parts.version) pkg.version = parts.version;
  if (parts.tag) pkg.tag = parts.tag;
  return pkg;
}

function pypiPackage(launcher: string, spec: string): LaunchedPackage | undefined {
  if (isLocalSpec(spec) || /^(?:git\+|https?:)/.test(spec)) return undefined;
  const parts = splitPypiSpec(spec);
  const pkg: LaunchedPackage = {
    ecosystem: 'pypi',
    launcher,
    name: parts.name,
    spec,
    autoInstall: true,
  };
  if (parts.version) pkg.version = parts.version;
  if (parts.tag) pkg.tag = parts.tag;
  return pkg;
}

const NPX_VALUE_OPTIONS = new Set([
  '-p',
  '--package',
  '-c',
  '--call',
  '--cache',
  '--registry',
  '--userconfig',
]);

function parseNpx(launcher: string, args: string[]): LaunchedPackage[] {
  const packages: LaunchedPackage[] = [];
  let autoInstall = false;
  let explicit = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      const spec = args[i + 1];
      if (!explicit && spec)
        packages.push(...[npmPackage(launcher, spec, autoInstall)].filter(isDefined));
      break;
    }
    if (a === '-y' || a === '--yes') autoInstall = true;
    else if (a === '-p' || a === '--package') {
      const spec = args[++i];
      if (spec) packages.push(...[npmPackage(launcher, spec, autoInstall)].filter(isDefined));
      explicit = true;
    } else if (a.startsWith('--package=')) {
      packages.push(...[npmPackage(launcher, a.slice(10), autoInstall)].filter(isDefined));
      explicit = true;
    } else if (NPX_VALUE_OPTIONS.has(a)) i++;
    else if (a.startsWith('-')) continue;
    else {
      // The first positional is the package, unless -p named it and this is the binary.
      if (!explicit) packages.push(...[npmPackage(launcher, a, autoInstall)].filter(isDefined));
      break;
    }
  }
  // bunx, pnpm dlx and yarn dlx install without asking; npx does unless -y/--yes... or the
  // client has no terminal to ask on, which is every MCP client. Record what was written.
  return packages.map((p) => ({ ...p, autoInstall: p.autoInstall || launcher !== 'npx' }));
}

const UV_VALUE_OPTIONS = new Set([
  '--python',
  '-p',
  '--index',
  '--index-url',
  '--extra-index-url',
  '--default-index',
  '--directory',
  '--project',
  '--env-file',
]);

function parseUvx(launcher: string, args: string[]): LaunchedPackage[] {
  const packages: LaunchedPackage[] = [];
  let from: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--from') from = args[++i];
    else if (a.startsWith('--from=')) from = a.slice(7);
    else if (a === '--with') {
      const spec = args[++i];
      if (spec) packages.push(...[pypiPackage(`${launcher} --with`, spec)].filter(isDefined));
    } else if (UV_VALUE_OPTIONS.has(a)) i++;
    else if (a.startsWith('-')) continue;
    else {
      const spec = from ?? a;
      packages.unshift(...[pypiPackage(launcher, spec)].filter(isDefined));
      break;
    }
  }
  return packages;
}

/** `uv run --with pkg …`: packages added to the run environment. `uv tool run` is uvx. */
function parseUv(args: string[]): LaunchedPackage[] {
  const runAt = args.indexOf('run');
  if (args[0] === 'tool' && args[1] === 'run') return parseUvx('uv tool run', args.slice(2));
  if (runAt === -1) return [];
  const packages: LaunchedPackage[] = [];
  for (let i = runAt + 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--with') {
      const spec = args[++i];
      if (spec) packages.push(...[pypiPackage('uv run --with', spec)].filter(isDefined));
    } else if (UV_VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith('-')) break;
  }
  return packages;
}

function parsePipx(args: string[]): LaunchedPackage[] {
  if (args[0] !== 'run') return [];
  let spec: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--spec') spec = args[++i];
    else if (a.startsWith('-')) continue;
    else {
      spec ??= a;
      break;
    }
  }
  return spec ? [pypiPackage('pipx run', spec)].filter(isDefined) : [];
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** Registry packages the server's command installs and runs. */
export function launchedPackages(entry: McpServerConfigEntry): LaunchedPackage[] {
  const tokens = commandTokens(entry);
  const program = programName(tokens[0] ?? '');
  const args = tokens.slice(1);
  switch (program) {
    case 'npx':
    case 'bunx':
      return parseNpx(program, args);
    case 'npm':
      return args[0] === 'exec' || args[0] === 'x' ? parseNpx('npm exec', args.slice(1)) : [];
    case 'pnpm':
    case 'yarn':
      return args[0] === 'dlx' ? parseNpx(`${program} dlx`, args.slice(1)) : [];
    case 'bun':
      return args[0] === 'x' ? parseNpx('bunx', args.slice(1)) : [];
    case 'uvx':
      return parseUvx('uvx', args);
    case 'uv':
      return parseUv(args);
    case 'pipx':
      return parsePipx(args);
    default:
      return [];
  }
}

const DOCKER_VALUE_OPTIONS = new Set([
  '-e',
  '--env',
  '-v',
  '--volume',
  '--name',
  '--network',
  '--net',
  '-p',
  '--publish',
  '--mount',
  '--env-file',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '--entrypoint',
  '--cap-add',
  '--cap-drop',
  '--security-opt',
  '--pid',
  '--ipc',
  '--uts',
  '--userns',
  '--add-host',
  '-l',
  '--label',
  '--platform',
  '--memory',
  '-m',
  '--cpus',
  '--device',
  '--hostname',
  '-h',
  '--restart',
  '--runtime',
  '--tmpfs',
  '--ulimit',
  '--log-driver',
  '--dns',
  '--group-add',
  '--gpus',
]);

/** `docker run …` / `podman run …`: the image and the options before it. */
export function containerRun(entry: McpServerConfigEntry): ContainerRun | undefined {
  const tokens = commandTokens(entry);
  const runtime = programName(tokens[0] ?? '');
  if (runtime !== 'docker' && runtime !== 'podman' && runtime !== 'nerdctl') return undefined;
  const runAt = tokens.findIndex((t, i) => i > 0 && (t === 'run' || t === 'create'));
  if (runAt === -1) return undefined;
  const options: [string, string][] = [];
  for (let i = runAt + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.startsWith('-')) return { runtime, image: t, options };
    const eq = t.indexOf('=');
    if (t.startsWith('--') && eq !== -1) options.push([t.slice(0, eq), t.slice(eq + 1)]);
    else if (DOCKER_VALUE_OPTIONS.has(t)) options.push([t, tokens[++i] ?? '']);
    else options.push([t, '']);
  }
  return undefined;
}
