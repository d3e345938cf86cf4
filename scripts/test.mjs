#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with Node's test runner (through tsx), then prints one
// summary line CI can read. A run that finds no tests, or in which no test ran, fails.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);

// Suites run the shipped command (bin/palisade.js runs the bundle in dist/cli) and the built
// service: build first when a source is newer than the last build (a fresh clone has none).
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (build.status !== 0) {
  console.error('the build failed; no test ran');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const filters = args.filter((a) => !a.startsWith('--'));

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

let files = [...walk(join(root, 'src'), []), ...walk(join(root, 'test'), [])].sort();
if (filters.length > 0) files = files.filter((f) => filters.some((p) => f.includes(p)));
if (files.length === 0) {
  console.error('no test files found');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const concurrency = process.env.PALISADE_TEST_CONCURRENCY ?? '3';
// Files under test/package/ pack and install the project from the npm registry, which takes
// minutes on a busy machine: they run after the rest, alone, with a longer timeout.
const SLOW = 'test/package/';
const groups = [
  { files: files.filter((f) => !f.startsWith(SLOW)), timeoutMs: 180_000 },
  { files: files.filter((f) => f.startsWith(SLOW)), timeoutMs: 25 * 60_000 },
].filter((g) => g.files.length > 0);

function runGroup({ files: groupFiles, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        `--test-concurrency=${concurrency}`,
        `--test-timeout=${timeoutMs}`,
        '--test-reporter=spec',
        ...groupFiles,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_ENV: 'test' },
      },
    );
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-1_000_000);
    });
    child.on('close', (code) => {
      const counts = { pass: 0, fail: 0, skipped: 0, cancelled: 0, todo: 0 };
      for (const key of Object.keys(counts)) {
        // The summary block comes before the list of failing tests: take the last match anywhere.
        const matches = [...tail.matchAll(new RegExp(`^\\S*\\s*${key} (\\d+)$`, 'gm'))];
        if (matches.length > 0) counts[key] = Number(matches.at(-1)[1]);
      }
      resolve({ code, counts });
    });
  });
}

const counts = { pass: 0, fail: 0, skipped: 0, cancelled: 0, todo: 0 };
let allExitedZero = true;
for (const group of groups) {
  const { code, counts: groupCounts } = await runGroup(group);
  if (code !== 0) allExitedZero = false;
  for (const key of Object.keys(counts)) counts[key] += groupCounts[key];
}
const failed = counts.fail + counts.cancelled;
const ran = counts.pass + failed;
console.log('');
console.log(`${counts.pass} passed, ${failed} failed, ${counts.skipped} skipped`);
if (ran === 0) process.exit(1);
process.exit(allExitedZero && failed === 0 ? 0 : 1);
