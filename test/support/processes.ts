// Real palisade processes for the scale and end-to-end suites: started from the TypeScript source
// through tsx (no build step to go stale), on 127.0.0.1, with their own environment; stopped with
// SIGTERM (graceful) or SIGKILL (a crash). Every child is also killed when the test process exits,
// so a failing suite never leaves servers behind.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
// PALISADE_TEST_CLI_ENTRY points the suites at another entry point (a compiled dist/ build, say).
const CLI = process.env.PALISADE_TEST_CLI_ENTRY ?? join(ROOT, 'src', 'cli', 'index.ts');
const LOG_TAIL_LINES = 200;

const live = new Set<ChildProcess>();
function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
}
process.once('exit', killAll);
// The test runner stops a file that timed out with a signal, which skips 'exit': kill the
// children first, then die of the same signal.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    killAll();
    process.kill(process.pid, signal);
  });
}

export interface PalisadeProcess {
  readonly name: string;
  readonly pid: number;
  /** For `serve`: http://127.0.0.1:<port> */
  readonly baseUrl: string | undefined;
  /** The last lines the process printed (stdout and stderr). */
  readonly logs: string[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** Resolves when a line matching `pattern` has been printed (bounded by `timeoutMs`). */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGTERM, then wait for the exit (SIGKILL after `timeoutMs`). Returns the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** SIGKILL: the process dies mid-work, as in a crash or an OOM kill. */
  kill9(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Environment on top of a minimal base (PATH, HOME, NODE_ENV=test). */
  env: Record<string, string>;
  /** For `serve`: wait until GET /readyz answers 200. */
  http?: boolean;
  /** For other commands: wait for a log line. */
  readyLog?: RegExp;
  timeoutMs?: number;
}

/** A free TCP port on loopback (the OS picks; the tiny race to reuse it is harmless in tests). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment a child gets: nothing inherited beyond what node and tsx need. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = { NODE_ENV: 'test', PALISADE_LOG_LEVEL: 'info' };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TSX_TSCONFIG_PATH']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** Starts `palisade <args…>` and waits until it is ready. */
export async function startPalisade(
  args: string[],
  options: StartOptions,
): Promise<PalisadeProcess> {
  // Generous: on a loaded 2-core machine, several processes loading the service take a while.
  const timeoutMs = options.timeoutMs ?? 120_000;
  const env = { ...baseEnv(), ...options.env };
  let baseUrl: string | undefined;
  if (options.http) {
    env.PORT ??= String(await freePort());
    env.HOST = '127.0.0.1';
    baseUrl = `http://127.0.0.1:${env.PORT}`;
    env.PALISADE_BASE_URL ??= baseUrl;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const proc = wrap(options.name, child, baseUrl);
  try {
    if (options.http) await waitForReady(proc, timeoutMs);
    if (options.readyLog) await proc.waitForLog(options.readyLog, timeoutMs);
  } catch (error) {
    await proc.stop(2000);
    throw error;
  }
  return proc;
}

function wrap(name: string, child: ChildProcess, baseUrl: string | undefined): PalisadeProcess {
  const logs: string[] = [];
  const watchers = new Set<(line: string) => void>();
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      if (logs.length > LOG_TAIL_LINES) logs.shift();
      for (const watch of watchers) watch(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      live.delete(child);
      resolve({ code, signal });
    });
  });

  return {
    name,
    pid: child.pid ?? -1,
    baseUrl,
    logs,
    exited,
    isRunning: () => running,
    async waitForLog(pattern, timeoutMs) {
      const seen = logs.find((line) => pattern.test(line));
      if (seen !== undefined) return seen;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(
            new Error(
              `${name}: no log line matching ${pattern} within ${timeoutMs} ms\n${tail(logs)}`,
            ),
          );
        }, timeoutMs);
        const watch = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(line);
        };
        watchers.add(watch);
        void exited.then(({ code, signal }) => {
          if (!watchers.has(watch)) return;
          clearTimeout(timer);
          watchers.delete(watch);
          reject(new Error(`${name} exited (${code ?? signal}) before ${pattern}\n${tail(logs)}`));
        });
      });
    },
    async stop(timeoutMs = 15_000) {
      if (!running) return (await exited).code;
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(timeoutMs, undefined)]);
      if (result === undefined) {
        child.kill('SIGKILL');
        await exited;
        return null;
      }
      return result.code;
    },
    async kill9() {
      if (!running) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitForReady(proc: PalisadeProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.isRunning()) {
      const { code, signal } = await proc.exited;
      throw new Error(
        `${proc.name} exited (${code ?? signal}) before it was ready\n${tail(proc.logs)}`,
      );
    }
    try {
      const response = await fetch(`${proc.baseUrl}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name} not ready within ${timeoutMs} ms\n${tail(proc.logs)}`);
}

export function tail(logs: readonly string[], lines = 40): string {
  return logs.slice(-lines).join('\n');
}

/** Stops every process given (gracefully, then by force); never throws. */
export async function stopAll(procs: readonly (PalisadeProcess | undefined)[]): Promise<void> {
  await Promise.allSettled(procs.map((p) => (p ? p.stop(10_000) : Promise.resolve(null))));
}

/** Runs `palisade <args…>` to completion (admin commands); returns stdout, throws on failure. */
export async function runPalisade(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  live.delete(child);
  if (code !== 0) {
    throw new Error(`palisade ${args.join(' ')} exited ${code}\n${stderr.slice(-4000)}`);
  }
  return stdout;
}
