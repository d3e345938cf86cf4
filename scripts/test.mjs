#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with Node's test runner (through tsx), then prints one
// summary line CI can read. A run that finds no tests, or in which no test ran, fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * Suites skipped whole (`describe(..., { skip })`, e.g. PostgreSQL or Redis unreachable): Node's
 * summary counts skipped tests only, so they are read from a TAP copy of the run, where a skipped
 * suite is an `ok … # SKIP reason` line whose YAML block says `type: 'suite'`.
 */
function skippedSuites(tapFile) {
  let tap = '';
  try {
    tap = readFileSync(tapFile, 'utf8');
  } catch {
    return [];
  }
  const out = [];
  const re = /^\s*ok \d+ - (.*?) # SKIP ?(.*)\n\s*---\n(?:\s+\w+: .*\n)*?\s*type: 'suite'/gm;
  for (const m of tap.matchAll(re)) out.push(m[2] ? `${m[1]} (${m[2]})` : m[1]);
  return out;
}

function runGroup({ files: groupFiles, timeoutMs }) {
  const tapDir = mkdtempSync(join(tmpdir(), 'palisade-test-'));
  const tapFile = join(tapDir, 'run.tap');
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
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tapFile}`,
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
      const suites = skippedSuites(tapFile);
      rmSync(tapDir, { recursive: true, force: true });
      resolve({ code, counts, suites });
    });
  });
}

const counts = { pass: 0, fail: 0, skipped: 0, cancelled: 0, todo: 0 };
const suitesSkipped = [];
let allExitedZero = true;
for (const group of groups) {
  const { code, counts: groupCounts, suites } = await runGroup(group);
  if (code !== 0) allExitedZero = false;
  for (const key of Object.keys(counts)) counts[key] += groupCounts[key];
  suitesSkipped.push(...suites);
}
const failed = counts.fail + counts.cancelled;
const ran = counts.pass + failed;
console.log('');
if (suitesSkipped.length > 0) {
  console.log(`skipped suites (${suitesSkipped.length}):`);
  for (const name of suitesSkipped) console.log(`  ${name}`);
}
// The last line is the one CI reads: skipped counts skipped tests and whole skipped suites.
console.log(
  `${counts.pass} passed, ${failed} failed, ${counts.skipped + suitesSkipped.length} skipped`,
);
if (ran === 0) process.exit(1);
process.exit(allExitedZero && failed === 0 ? 0 : 1);
