// npm run bench:scale — does a second worker process help? A burst of 200 MCP scans of a
// loopback server with 50 tools, submitted at once to one API process, run by 1 and then by 2
// `palisade worker` processes (PostgreSQL + pg-boss, Redis rate limits). For each: scans per
// second (first submission to last completion) and submit-to-complete p50/p99, then the ratio.
// Results go to docs/benchmarks.md (section between the scale markers).
//
// Needs PostgreSQL and Redis: PALISADE_TEST_DATABASE_URL / PALISADE_TEST_REDIS_URL, defaulting to
// the local services that .ci/run starts. Each run uses its own schemas and key prefix, dropped
// afterwards.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { startCluster, postJson, type Cluster } from '../test/scale/cluster.js';
import { startMcpServer } from '../test/support/mcp-servers.js';

const SCANS = 200;
const TOOLS = 50;
const WORKER_CONCURRENCY = 4;
const COMPLETE_TIMEOUT_MS = 600_000;
const DATABASE_URL =
  process.env.PALISADE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.PALISADE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BENCH_FILE = 'docs/benchmarks.md';
const BEGIN = '<!-- bench:scale:begin -->';
const END = '<!-- bench:scale:end -->';

interface RunResult {
  workers: number;
  scansPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  wallMs: number;
  failed: number;
  /** 1-minute load average when the burst started: other work on the machine skews the numbers. */
  loadAtStart: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function submitBurst(cluster: Cluster, apiKey: string, url: string) {
  const baseUrl = cluster.apis[0]!.baseUrl!;
  return Promise.all(
    Array.from({ length: SCANS }, async () => {
      const submittedAtMs = Date.now();
      const response = await postJson(baseUrl, '/v1/scan/mcp', apiKey, { url });
      if (response.status !== 202) {
        throw new Error(`submission refused: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return { scanId: response.body.scan_id as string, submittedAtMs };
    }),
  );
}

async function runWith(workers: number, targetUrl: string): Promise<RunResult> {
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    apis: 1,
    workers,
    // The production default; the test harness also waits for the worker's `info` start line.
    logLevel: 'info',
    env: {
      PALISADE_RATE_LIMIT_PER_MINUTE: '1000000',
      PALISADE_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    },
  });
  try {
    const { apiKey } = await cluster.createAccount('enterprise');
    const loadAtStart = loadavg()[0] ?? NaN;
    const submitted = await submitBurst(cluster, apiKey, targetUrl);
    console.log(`   ${SCANS} accepted in ${Date.now() - submitted[0]!.submittedAtMs} ms; waiting`);
    const scans = await cluster.waitForScansToEnd(
      submitted.map((s) => s.scanId),
      COMPLETE_TIMEOUT_MS,
    );
    const byId = new Map(scans.map((s) => [s.id, s]));
    const latencies: number[] = [];
    let failed = 0;
    let lastFinishedMs = 0;
    for (const { scanId, submittedAtMs } of submitted) {
      const scan = byId.get(scanId);
      if (scan?.status !== 'complete' || !scan.finishedAt) {
        failed += 1;
        continue;
      }
      const finishedMs = scan.finishedAt.getTime();
      lastFinishedMs = Math.max(lastFinishedMs, finishedMs);
      latencies.push(finishedMs - submittedAtMs);
    }
    if (failed > 0) throw new Error(`${failed} of ${SCANS} scans did not complete`);
    latencies.sort((a, b) => a - b);
    const firstSubmitMs = Math.min(...submitted.map((s) => s.submittedAtMs));
    const wallMs = lastFinishedMs - firstSubmitMs;
    return {
      workers,
      scansPerSecond: SCANS / (wallMs / 1000),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      wallMs,
      failed,
      loadAtStart,
    };
  } finally {
    await cluster.stop();
  }
}

function table(results: readonly RunResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.workers} | ${r.scansPerSecond.toFixed(1)} | ${(r.p50Ms / 1000).toFixed(2)} | ` +
      `${(r.p99Ms / 1000).toFixed(2)} | ${(r.wallMs / 1000).toFixed(1)} | ${r.loadAtStart.toFixed(1)} |`,
  );
  return [
    '| worker processes | scans/s | p50 submit→complete (s) | p99 submit→complete (s) | burst wall time (s) | load avg at start |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function writeResults(markdown: string): void {
  const section = `${BEGIN}\n${markdown}\n${END}`;
  const current = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(BENCH_FILE, next);
}

async function main(): Promise<void> {
  const target = await startMcpServer({ transport: 'streamable-http', toolCount: TOOLS });
  const results: RunResult[] = [];
  try {
    for (const workers of [1, 2]) {
      console.log(
        `== ${SCANS} scans, ${workers} worker process(es) × concurrency ${WORKER_CONCURRENCY}`,
      );
      const result = await runWith(workers, target.url);
      console.log(
        `   ${result.scansPerSecond.toFixed(1)} scans/s, p50 ${result.p50Ms} ms, ` +
          `p99 ${result.p99Ms} ms, wall ${result.wallMs} ms`,
      );
      results.push(result);
    }
  } finally {
    await target.close();
  }
  const [one, two] = results as [RunResult, RunResult];
  const ratio = two.scansPerSecond / one.scansPerSecond;
  console.log(`\n${table(results)}\n`);
  console.log(`throughput ratio, 2 workers / 1 worker: ${ratio.toFixed(2)}×`);

  const measuredOn = `${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  writeResults(
    [
      '## Scale-out: worker processes (`npm run bench:scale`)',
      '',
      `A burst of ${SCANS} MCP scans of a loopback server with ${TOOLS} tools, all submitted at once to`,
      `one API process (PostgreSQL + pg-boss, Redis rate limits); each worker process runs`,
      `${WORKER_CONCURRENCY} scans at once. Scans/s counts from the first submission to the last`,
      'completion; latency is submit → `finished_at`. Measured on this machine ' +
        `(${measuredOn}); the API, workers, PostgreSQL, Redis and the target share its CPUs.`,
      '',
      table(results),
      '',
      `Throughput ratio, 2 workers / 1 worker: **${ratio.toFixed(2)}×**.`,
      '',
      'Reading it: a second worker process adds scan capacity only when a core is free for it.',
      `Here the API, the workers, PostgreSQL, Redis, the target and the load generator share ${availableParallelism()}`,
      'CPUs; when the load average at the start of a burst is above that, the burst is CPU-bound and',
      'the ratio says little about the gain on a machine with spare cores. Measure on the hardware',
      'you deploy to.',
    ].join('\n'),
  );
  console.log(`results written to ${BENCH_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
