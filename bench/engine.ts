// npm run bench: the engine benchmarks, each in its own process so one cannot warm or starve the other.
// Each prints its measured numbers with the ratio to its target and exits non-zero on a miss.
//
// They measure the code as it ships. `npm start` and bin/palisade.js run esbuild's bundle of the
// sources (dist/cli, no keepNames; the container image runs tsc's dist/src), so the benchmarks
// are compiled with tsc first (tsconfig.bench.json, into .tmp/bench-build) and run from there.
// Through tsx the same source runs differently: esbuild's transform keeps function names by
// wrapping every function expression in a helper call (`keepNames`), which a hot path creating
// closures pays on each one (a closure per node made one pass three times slower under tsx than
// compiled; without such a path the difference is within this machine's noise).
//
// The snapshot benchmark's target is "on one core": on Linux it runs pinned to one CPU with
// taskset, so V8's parallel GC helpers share that core instead of borrowing the other one (which
// would inflate CPU time and flatter wall time). The file benchmark is not pinned: its upload scan
// uses an analysis thread by design, and its code-analysis rate is CPU time over all threads.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const hasTaskset = process.platform === 'linux' && existsSync('/usr/bin/taskset');
const BUILD_DIR = '.tmp/bench-build';
const benches: { name: string; pinned: boolean }[] = [
  { name: 'snapshot', pinned: true },
  { name: 'files', pinned: false },
  { name: 'python-parse', pinned: true },
  // Whole `palisade` processes and `npm start` on the built tree (dist/), CPU from GNU time.
  { name: 'cli', pinned: false },
];

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
console.log(`building the benchmarks and src with tsc (tsconfig.bench.json → ${BUILD_DIR})`);
const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.bench.json'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('bench: the build failed');
  process.exit(1);
}
// tsc copies no data files: the learned classifier's model goes beside its reader.
copyFileSync(
  'src/engine/meaning/learned-model.plm',
  `${BUILD_DIR}/src/engine/meaning/learned-model.plm`,
);

let failed = 0;
for (const { name, pinned } of benches) {
  const file = `${BUILD_DIR}/bench/${name}.js`;
  if (!existsSync(file)) {
    console.log(`${file}: missing`);
    failed++;
    continue;
  }
  const node = [process.execPath, file];
  const [cmd, ...args] = pinned && hasTaskset ? ['/usr/bin/taskset', '-c', '0', ...node] : node;
  console.log(
    `== bench/${name}.ts, compiled${pinned && hasTaskset ? ' (pinned to one core: taskset -c 0)' : ''}`,
  );
  const r = spawnSync(cmd!, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
