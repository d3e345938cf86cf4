// Starting a configured stdio MCP server to list what it offers (`--run-stdio` only: it runs the
// server's code). The process gets the environment its config gives it and nothing else of ours
// (PATH excepted, to find its interpreter), runs in a process group of its own, is bounded in time
// and in output, and its whole group is stopped after listing: SIGTERM, then SIGKILL for a server
// that ignores it. A command that is an inline shell pipeline is never started (ADR 0016).
//
// The SDK's StdioClientTransport cannot do that (it adds HOME, USER, SHELL… to the environment,
// and signals the child only, not its group), so the process is spawned here and the SDK Client
// talks to it through the small Transport below, with the SDK's own stdio framing.

import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  commandTokens,
  programName,
  readSession,
  type McpServerConfigEntry,
  type McpSnapshot,
} from '../../engine/index.js';

export interface StdioCaps {
  /** The whole run: start, initialize, every list call. */
  timeoutMs: number;
  /** Bytes read from the server's stdout and stderr together. */
  maxOutputBytes: number;
  /** After SIGTERM, how long the group has before SIGKILL. */
  killGraceMs: number;
}

export const DEFAULT_STDIO_CAPS: StdioCaps = {
  timeoutMs: 30_000,
  maxOutputBytes: 4 * 1024 * 1024,
  killGraceMs: 2_000,
};

/** A server that could not be listed; `message` is one sentence for the report. */
export class StdioServerError extends Error {
  constructor(
    readonly reason: 'refused' | 'not_found' | 'timeout' | 'output_cap' | 'exited' | 'protocol',
    message: string,
  ) {
    super(message);
    this.name = 'StdioServerError';
  }

  /** How its process group ended, once stopped. */
  stoppedWith?: StdioRun['stoppedWith'];
  pid?: number;
}

export interface StdioRun {
  snapshot: McpSnapshot;
  pid: number;
  /** How the group ended: `SIGTERM` when it obeyed, `SIGKILL` when it had to be killed. */
  stoppedWith: 'exited' | 'SIGTERM' | 'SIGKILL';
}

// ---------------------------------------------------------------------------------------------
// What is never started.

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'cmd', 'powershell', 'pwsh']);
const INTERPRETER_EVAL: Record<string, RegExp> = {
  node: /^(?:-e|--eval|-p|--print)$/,
  deno: /^eval$/,
  python: /^-c$/,
  perl: /^-[eE]$/,
  ruby: /^-e$/,
  php: /^-r$/,
};
/** Shell syntax: pipes, command lists, substitutions, redirections into programs. */
const SHELL_SYNTAX = /[|;`]|&&|\$\(|>\s*\(|<\s*\(/;

/**
 * Why a configured command must not be started, or undefined when it may be. Shell pipelines and
 * inline code (`sh -c "curl … | bash"`, `python -c …`, `node -e …`, any `|`, `;`, `&&`, backtick
 * or `$(` in the command line) run code that no file on disk holds: it is reported, not run.
 */
export function refusalOf(entry: McpServerConfigEntry): string | undefined {
  const tokens = commandTokens(entry);
  if (tokens.length === 0) return 'it has no command';
  const syntax = tokens.find((t) => SHELL_SYNTAX.test(t));
  if (syntax !== undefined)
    return `its command line holds shell syntax (${JSON.stringify(syntax.slice(0, 60))}), an inline shell pipeline`;
  for (let i = 0; i < tokens.length; i++) {
    const program = programName(tokens[i]!);
    const next = tokens[i + 1] ?? '';
    if (
      SHELLS.has(program) &&
      /^(?:-[a-z]*c[a-z]*|\/[ck]|-command|-encodedcommand|-e|-enc)$/i.test(next)
    )
      return `it runs inline shell code (${program} ${next})`;
    const evalFlag = INTERPRETER_EVAL[program.replace(/[\d.]+$/, '')];
    if (evalFlag && tokens.slice(i + 1).some((t) => evalFlag.test(t)))
      return `it runs inline code (${program} ${tokens.slice(i + 1).find((t) => evalFlag.test(t))})`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Finding the program and building its environment.

/** The program as an absolute path, found on the scanner's PATH as a client would find it. */
function resolveProgram(command: string, path: string, platform: NodeJS.Platform): string {
  if (isAbsolute(command) || command.includes('/') || command.includes('\\')) return command;
  const extensions = platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const dir of path.split(delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      const candidate = join(dir, command + ext);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  throw new StdioServerError('not_found', `${command} was not found on PATH.`);
}

/** The config's `env`, plus PATH (the config's own when it sets one) and nothing else. */
export function serverEnvironment(
  entry: McpServerConfigEntry,
  scannerEnv: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = { ...entry.env };
  if (env.PATH === undefined && scannerEnv.PATH !== undefined) env.PATH = scannerEnv.PATH;
  return env;
}

// ---------------------------------------------------------------------------------------------
// The transport: newline-delimited JSON-RPC over the child's stdin/stdout (the SDK's framing).

class ChildTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly child: ChildProcess,
    private readonly onOutput: (bytes: number) => boolean,
  ) {}

  start(): Promise<void> {
    this.child.stdout!.on('data', (chunk: Buffer) => {
      if (!this.onOutput(chunk.length)) return;
      try {
        this.buffer.append(chunk);
      } catch (error) {
        // One line longer than the SDK's buffer: reported, the output cap ends the run.
        this.onerror?.(error as Error);
        return;
      }
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    this.child.on('close', () => this.onclose?.());
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      const stdin = this.child.stdin;
      if (!stdin || stdin.destroyed) return resolve();
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.buffer.clear();
    this.child.stdin?.end();
    return Promise.resolve();
  }
}

// ---------------------------------------------------------------------------------------------
// Stopping the whole process group.

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/** SIGTERM to the group, SIGKILL after the grace period; resolves once the group is gone. */
async function stopGroup(child: ChildProcess, graceMs: number): Promise<StdioRun['stoppedWith']> {
  const pid = child.pid!;
  if (process.platform === 'win32') {
    // No process groups: taskkill ends the tree.
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    await waitUntil(() => child.exitCode !== null || child.signalCode !== null, graceMs);
    return 'SIGKILL';
  }
  if (!groupAlive(pid)) return 'exited';
  signalGroup(pid, 'SIGTERM');
  if (await waitUntil(() => !groupAlive(pid), graceMs)) return 'SIGTERM';
  signalGroup(pid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pid), 5_000);
  return 'SIGKILL';
}

// ---------------------------------------------------------------------------------------------

export interface ListStdioOptions {
  caps?: Partial<StdioCaps>;
  /** The scanner's environment: only its PATH is used (to find the program, and for the server). */
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  onProgress?: (message: string) => void;
  /** Told the pid as soon as the process runs. */
  onStart?: (pid: number) => void;
}

/** Starts one stdio server, lists what it offers, and stops its process group. */
export async function listStdioServer(
  entry: McpServerConfigEntry,
  options: ListStdioOptions,
): Promise<StdioRun> {
  const caps = { ...DEFAULT_STDIO_CAPS, ...options.caps };
  const refusal = refusalOf(entry);
  if (refusal) throw new StdioServerError('refused', `Not started: ${refusal}.`);
  const tokens = commandTokens(entry);
  const env = serverEnvironment(entry, options.env);
  const program = resolveProgram(tokens[0]!, options.env.PATH ?? '', process.platform);
  const cwdOf = typeof entry.raw.cwd === 'string' ? entry.raw.cwd : options.cwd;

  const child = spawn(program, tokens.slice(1), {
    env,
    cwd: cwdOf,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
  });
  const abort = new AbortController();
  const fail = (error: StdioServerError) => {
    if (!abort.signal.aborted) abort.abort(error);
  };
  let outputBytes = 0;
  const countOutput = (bytes: number): boolean => {
    outputBytes += bytes;
    if (outputBytes <= caps.maxOutputBytes) return true;
    fail(
      new StdioServerError(
        'output_cap',
        `Stopped: it wrote more than ${Math.round(caps.maxOutputBytes / 1024)} KiB of output.`,
      ),
    );
    return false;
  };
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (countOutput(chunk.length)) stderrTail = (stderrTail + chunk.toString('utf8')).slice(-500);
  });
  const started = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new StdioServerError(
          error.code === 'ENOENT' ? 'not_found' : 'exited',
          `Could not start ${tokens[0]}: ${error.message}.`,
        ),
      ),
    );
  });
  child.once('exit', (code, signal) => {
    const last = stderrTail.trim().split('\n').pop()?.slice(0, 200);
    fail(
      new StdioServerError(
        'exited',
        `It exited (${signal ?? `code ${code}`}) before its tools were listed${last ? `: ${last}` : ''}.`,
      ),
    );
  });
  const timer = setTimeout(
    () =>
      fail(
        new StdioServerError(
          'timeout',
          `Stopped: it did not finish listing within ${caps.timeoutMs / 1000} s.`,
        ),
      ),
    caps.timeoutMs,
  );
  child.on('error', () => undefined);
  // Piped streams must never throw into the process (a server that closed its stdin early).
  child.stdin.on('error', () => undefined);

  let out: StdioRun | undefined;
  let failure: StdioServerError | undefined;
  try {
    await started;
    options.onStart?.(child.pid!);
    const transport = new ChildTransport(child, countOutput);
    const client = new Client({ name: 'palisade-scanner', version: '0.1.0' }, { capabilities: {} });
    const requestOptions = { signal: abort.signal, timeout: caps.timeoutMs + 1000 };
    const run = async (): Promise<McpSnapshot> => {
      await client.connect(transport, requestOptions);
      return readSession(
        { client, transport: 'stdio', protocolVersion: undefined },
        { onProgress: options.onProgress },
        requestOptions,
      );
    };
    const aborted = new Promise<never>((_, reject) => {
      if (abort.signal.aborted) reject(abort.signal.reason as Error);
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), {
        once: true,
      });
    });
    const snapshot = await Promise.race([run(), aborted]);
    await client.close().catch(() => undefined);
    out = { snapshot, pid: child.pid!, stoppedWith: 'exited' };
  } catch (error) {
    const reason: unknown = abort.signal.aborted ? abort.signal.reason : error;
    failure =
      reason instanceof StdioServerError
        ? reason
        : new StdioServerError(
            'protocol',
            `It did not answer as an MCP server: ${reason instanceof Error ? reason.message : String(reason)}`,
          );
  }
  clearTimeout(timer);
  const stoppedWith = child.pid !== undefined ? await stopGroup(child, caps.killGraceMs) : 'exited';
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.stdin?.destroy();
  if (out) return { ...out, stoppedWith };
  failure!.stoppedWith = stoppedWith;
  if (child.pid !== undefined) failure!.pid = child.pid;
  throw failure!;
}
