// Whether the built tree is older than what builds it: a source under src/ (tests aside), the
// package manifest, the lock file, a tsconfig or the build scripts. Kept apart from build.mjs so
// that `npm start` on a built tree (scripts/start.mjs) loads only this: node:fs and node:path, one
// stat per file, and a stop at the first file newer than the last build's stamp.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP = join(ROOT, 'dist', '.build-stamp');
export const CLI_OUT = join(ROOT, 'dist', 'cli');

/** Files under `dir`, recursively (names joined with `sep`: path.join's normalising cost more
 *  than the stat calls here). */
export function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}${sep}${entry.name}`;
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function isBuildInput(file) {
  return !file.endsWith('.test.ts') && !file.includes(`${join('/', 'test-support', '/')}`);
}

/** What the build reads. */
export function buildInputs() {
  const files = walk(join(ROOT, 'src')).filter(isBuildInput);
  files.push(
    join(ROOT, 'package.json'),
    join(ROOT, 'package-lock.json'),
    join(ROOT, 'tsconfig.json'),
    join(ROOT, 'tsconfig.build.json'),
    join(ROOT, 'scripts', 'build.mjs'),
    fileURLToPath(import.meta.url),
  );
  return files;
}

export function isStale() {
  for (const output of [
    join(CLI_OUT, 'palisade.js'),
    join(CLI_OUT, 'main.js'),
    join(ROOT, 'dist', 'src', 'main.js'),
  ]) {
    if (!existsSync(output)) return true;
  }
  const stamp = statSync(STAMP, { throwIfNoEntry: false });
  if (!stamp) return true;
  for (const file of buildInputs()) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs > stamp.mtimeMs) return true;
  }
  return false;
}
