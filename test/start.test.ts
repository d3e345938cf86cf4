// `npm start` builds only when a source changed since the last build (scripts/start.mjs and
// scripts/build.mjs): started twice on the same tree, the second start must not rebuild.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Runs `node scripts/start.mjs` until the service listens, stops it, returns what it printed. */
async function startOnce(dataDir: string): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', PALISADE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not start: ${stderr.slice(-2000)}`));
    }, 170_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('Palisade is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('close', () => {
      clearTimeout(timer);
      reject(new Error(`the service exited: ${stderr.slice(-2000)}`));
    });
  });
  child.kill('SIGTERM');
  await exited;
  return { stdout, stderr };
}

describe('npm start', () => {
  it('does not rebuild when nothing changed since the last build', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'palisade-start-'));
    try {
      await startOnce(dataDir); // builds if the tree was stale
      const second = await startOnce(dataDir);
      assert.doesNotMatch(second.stderr, /building/, second.stderr);
      assert.match(second.stdout, /Palisade is listening/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
