import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type CliContext } from './index.js';

function context(env: Record<string, string>): CliContext & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    env,
    cwd: process.cwd(),
    exitCode: 0,
  };
}

// The running worker (PostgreSQL, pg-boss, SIGTERM) is exercised by test/scale with real
// processes; these are the refusals that need no database.
describe('palisade worker', () => {
  it('refuses to start on the embedded SQLite database, saying what to do instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palisade-worker-'));
    try {
      const ctx = context({ PALISADE_DATA_DIR: dataDir, PALISADE_LOG_LEVEL: 'silent' });
      assert.equal(await run(['worker'], ctx), 1);
      assert.match(ctx.err.join(''), /needs PALISADE_DATABASE_URL=postgres:\/\/.*palisade serve/s);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the variable of an invalid setting', async () => {
    const ctx = context({ PALISADE_WORKER_CONCURRENCY: 'many' });
    assert.equal(await run(['worker'], ctx), 1);
    assert.match(ctx.err.join(''), /invalid setting PALISADE_WORKER_CONCURRENCY/);
  });
});
