// The `palisade` command and `npm start` as a user meets them: whole processes, from exec to exit
// (or to the first 200 on /healthz), on the built tree (`scripts/build.mjs --if-stale` first).
//
// CPU time and peak RSS are the child's own, from GNU time (/usr/bin/time -f), not wall clock:
// this machine is shared, so wall time also counts the time other processes held the cores.
// Each figure is the median of its runs (peak RSS: the largest), printed with its ratio to the
// target and to bare `node -e 0` measured the same way. Exits 1 when a target is missed.
// Run: node --import tsx bench/cli.ts [--runs N]

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue } from './_support.js';
import { buildSnapshot } from './snapshot.js';

/** The checkout: the nearest folder above this file with a package.json (run from bench/ through
 *  tsx, or compiled into .tmp/bench-build/bench/). */
function repoRoot(): string {
  let dir = fileURLToPath(new URL('.', import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no package.json above bench/cli');
    dir = parent;
  }
  return dir;
}

const REPO = repoRoot();
const BIN = join(REPO, 'bin', 'palisade.js');
const GNU_TIME = '/usr/bin/time';

const TARGETS = {
  versionCpu: 0.15,
  scanSmallCpu: 0.3,
  scanSmallRssMiB: 80,
  scanLargeWall: 1,
  healthz: 2,
};

interface Run {
  cpu: number;
  wall: number;
  rssMiB: number;
  status: number | null;
  stdout: string;
}

/** One whole process under GNU time: user+sys CPU seconds, wall seconds, peak RSS. */
function timed(args: readonly string[], cwd: string): Run {
  const r = spawnSync(GNU_TIME, ['-f', '@@time %U %S %e %M', process.execPath, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = /@@time (\S+) (\S+) (\S+) (\d+)/.exec(r.stderr);
  if (!line) throw new Error(`no timing from ${args.join(' ')}:\n${r.stderr}`);
  const [, user, sys, wall, rssKb] = line;
  return {
    cpu: Number(user) + Number(sys),
    wall: Number(wall),
    rssMiB: Number(rssKb) / 1024,
    status: r.status,
    stdout: r.stdout,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function repeat(runs: number, args: readonly string[], cwd: string): Run[] {
  return Array.from({ length: runs }, () => timed(args, cwd));
}

let missed = 0;
function report(label: string, value: number, unit: string, target: number, bare?: number): void {
  const ratio = value / target;
  const vsBare = bare === undefined ? '' : `, ${(value / bare).toFixed(1)}× bare node`;
  const verdict = value <= target ? 'ok' : 'MISSED';
  console.log(
    `${label}: ${value.toFixed(2)} ${unit} (target ≤ ${target} ${unit}, ratio ${ratio.toFixed(2)}${vsBare}) ${verdict}`,
  );
  if (value > target) missed++;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

/** CPU seconds used so far by a process group (every live process in it, and the children they
 *  have waited for), from /proc; undefined where there is no /proc. */
function groupCpuSeconds(pgid: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    // utime, stime, cutime, cstime are fields 14–17, so 11–14 here.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / CLOCK_TICKS;
}

/** `npm start` in the repository with a data dir of its own: seconds until /healthz says 200. */
async function timeNpmStart(
  dataDir: string,
): Promise<{ seconds: number; cpu: number | undefined; output: string }> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), PALISADE_DATA_DIR: dataDir },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start exited:\n${output}`);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (seconds > 60) throw new Error(`no 200 on /healthz after 60 s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { seconds, cpu: groupCpuSeconds(child.pid!), output };
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!exited && child.pid !== undefined) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await gone;
    }
  }
}

async function main(): Promise<void> {
  const runs = argValue('--runs', 5);
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} (GNU time) is needed to measure CPU`);
  const build = spawnSync(process.execPath, [join(REPO, 'scripts', 'build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');

  const work = mkdtempSync(join(tmpdir(), 'palisade-bench-cli-'));
  try {
    const small = join(work, 'snapshot-26.json');
    const large = join(work, 'snapshot-2000.json');
    writeFileSync(small, JSON.stringify(buildSnapshot(26)));
    writeFileSync(large, JSON.stringify(buildSnapshot(2000)));
    const [load1] = loadavg();
    console.log(
      `cli: ${runs} runs each, medians; node ${process.version}, load average ${load1?.toFixed(1)}`,
    );

    const bare = repeat(runs, ['-e', '0'], work);
    const bareCpu = median(bare.map((r) => r.cpu));
    console.log(
      `bare node -e 0: ${bareCpu.toFixed(2)} s CPU, ${median(bare.map((r) => r.rssMiB)).toFixed(0)} MiB peak`,
    );

    const version = repeat(runs, [BIN, '--version'], work);
    if (version.some((r) => r.status !== 0 || !/^\d+\.\d+\.\d+/.test(r.stdout))) {
      throw new Error(`palisade --version failed: ${version[0]?.stdout}`);
    }
    report(
      'palisade --version',
      median(version.map((r) => r.cpu)),
      's CPU',
      TARGETS.versionCpu,
      bareCpu,
    );

    const scanArgs = (file: string) => [BIN, 'scan', file, '--format', 'json', '--quiet'];
    const scans = repeat(runs, scanArgs(small), work);
    for (const r of scans) {
      // 1: findings at or above --fail-on (the generated snapshot has poisoned tools); 0: none.
      if (r.status !== 0 && r.status !== 1) throw new Error(`scan exited ${r.status}`);
      const result = JSON.parse(r.stdout) as { stats: { tools: number } };
      if (result.stats.tools !== 26) throw new Error('the scan did not see 26 tools');
    }
    const smallCpu = median(scans.map((r) => r.cpu));
    report('palisade scan, 26 tools', smallCpu, 's CPU', TARGETS.scanSmallCpu, bareCpu);
    const peak = Math.max(...scans.map((r) => r.rssMiB));
    const barePeak = median(bare.map((r) => r.rssMiB));
    report(
      'palisade scan, 26 tools, peak RSS (largest run)',
      peak,
      'MiB',
      TARGETS.scanSmallRssMiB,
      barePeak,
    );

    const larges = repeat(Math.max(3, Math.ceil(runs / 2)), scanArgs(large), work);
    const largeWall = median(larges.map((r) => r.wall));
    console.log(
      `palisade scan, 2000 tools: ${median(larges.map((r) => r.cpu)).toFixed(2)} s CPU, ` +
        `${Math.max(...larges.map((r) => r.rssMiB)).toFixed(0)} MiB peak`,
    );
    report('palisade scan, 2000 tools, whole process', largeWall, 's wall', TARGETS.scanLargeWall);

    const dataDir = join(work, 'data');
    const first = await timeNpmStart(dataDir);
    if (!/API key \(shown once/.test(first.output)) {
      throw new Error(`the first start printed no admin key:\n${first.output}`);
    }
    const cpuNote = (cpu: number | undefined) =>
      cpu === undefined ? '' : ` (${cpu.toFixed(2)} s CPU over npm and its children)`;
    report(
      `npm start, first (creates the database)${cpuNote(first.cpu)}: /healthz 200 after`,
      first.seconds,
      's',
      TARGETS.healthz,
    );
    const again = await timeNpmStart(dataDir);
    report(
      `npm start, built tree${cpuNote(again.cpu)}: /healthz 200 after`,
      again.seconds,
      's',
      TARGETS.healthz,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (missed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.log(`cli bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
