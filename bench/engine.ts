// npm run bench: the engine benchmarks, each in its own process so one cannot warm or starve the other.
// Each prints its measured numbers with the ratio to its target and exits non-zero on a miss.
//
// The snapshot benchmark's target is "on one core": on Linux it runs pinned to one CPU with
// taskset, so V8's parallel GC helpers share that core instead of borrowing the other one (which
// would inflate CPU time and flatter wall time). The file benchmark is not pinned: its upload scan
// uses an analysis thread by design, and its code-analysis rate is CPU time over all threads.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const hasTaskset = process.platform === 'linux' && existsSync('/usr/bin/taskset');
const benches: { file: string; pinned: boolean }[] = [
  { file: 'bench/snapshot.ts', pinned: true },
  { file: 'bench/files.ts', pinned: false },
];

let failed = 0;
for (const { file, pinned } of benches) {
  if (!existsSync(file)) {
    console.log(`${file}: missing`);
    failed++;
    continue;
  }
  const node = [process.execPath, '--import', 'tsx', file];
  const [cmd, ...args] = pinned && hasTaskset ? ['/usr/bin/taskset', '-c', '0', ...node] : node;
  console.log(`== ${file}${pinned && hasTaskset ? ' (pinned to one core: taskset -c 0)' : ''}`);
  const r = spawnSync(cmd!, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
