// Compiles the service once for the end-to-end suite, the way `npm start` does (tsc with
// tsconfig.build.json), into a private folder so concurrent builds elsewhere cannot interfere.
// The suite then runs the compiled `palisade` entry point, as a user would.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface Build {
  cliEntry: string;
  mainEntry: string;
  remove(): void;
}

export function buildService(): Build {
  const outDir = join(ROOT, '.tmp', `e2e-dist-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outDir],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const mainEntry = join(outDir, 'src', 'main.js');
  if (result.status !== 0 || !existsSync(mainEntry)) {
    throw new Error(`the build failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  // tsc copies no data files: the learned classifier's model goes beside its reader, as the
  // build puts it (scripts/build.mjs).
  copyFileSync(
    join(ROOT, 'src', 'engine', 'meaning', 'learned-model.plm'),
    join(outDir, 'src', 'engine', 'meaning', 'learned-model.plm'),
  );
  return {
    cliEntry: join(outDir, 'src', 'cli', 'index.js'),
    mainEntry,
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
