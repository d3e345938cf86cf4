// A Runtime for job tests: a temp data dir with its own SQLite store, the loopback allowlist,
// fast webhook retries, and log lines captured as parsed JSON (to assert on, and to check that
// no secret is ever written).

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import type { ScanEngine } from '../../src/jobs/deps.js';
import { createRuntime, REDACT_PATHS, type Runtime, type RuntimeRole } from '../../src/runtime.js';

export interface TestRuntime {
  runtime: Runtime;
  dataDir: string;
  /** Every log line so far, parsed. */
  logs(): Record<string, unknown>[];
  /** Every log line so far, raw (for secret checks). */
  rawLogs(): string;
  cleanup(): Promise<void>;
}

export async function makeTestRuntime(
  options: { env?: Record<string, string>; engine?: ScanEngine; role?: RuntimeRole } = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palisade-jobs-'));
  const config = loadConfig({
    PALISADE_DATA_DIR: dataDir,
    PALISADE_TARGET_ALLOWLIST: '127.0.0.1/32',
    PALISADE_MASTER_KEY: randomBytes(32).toString('base64'),
    PALISADE_WEBHOOK_RETRY_BASE_MS: '20',
    PALISADE_LOG_LEVEL: 'info',
    ...options.env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(
    { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    sink,
  );
  const runtime = await createRuntime(config, {
    role: options.role ?? 'all',
    logger,
    engine: options.engine,
  });
  await runtime.store.migrate();
  return {
    runtime,
    dataDir,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    rawLogs: () => lines.join('\n'),
    async cleanup() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
