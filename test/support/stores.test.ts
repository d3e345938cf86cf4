// The backend helper must never turn a missing database into a green CI run.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = new URL('../..', import.meta.url).pathname;

async function runContractSuite(
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      join(ROOT, 'src/store/store.contract.test.ts'),
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

describe('forEachBackend', () => {
  it('fails, not skips, the PostgreSQL suite in CI when the database is unreachable', async () => {
    const { code, out } = await runContractSuite({
      CI: 'true',
      PALISADE_TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unreachable',
    });
    assert.notEqual(code, 0);
    assert.match(out, /✖ reaches PostgreSQL/);
    assert.match(out, /unreachable/);
    assert.match(out, /✔ store contract \[sqlite\]/, 'SQLite still ran');
  });
});
