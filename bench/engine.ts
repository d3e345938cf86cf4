// npm run bench: the engine benchmarks, each in its own process so one cannot warm or starve the other.
// Each prints its measured numbers with the ratio to its target and exits non-zero on a miss.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = ['bench/snapshot.ts', 'bench/files.ts'];
let failed = 0;
for (const file of benches) {
  if (!existsSync(file)) {
    console.log(`${file}: missing`);
    failed++;
    continue;
  }
  console.log(`== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
