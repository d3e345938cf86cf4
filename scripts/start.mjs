#!/usr/bin/env node
// npm start: the service from the built tree (dist/cli/main.js, esbuild's bundle of src/main.ts),
// built first only when a source is newer than the last build (scripts/build.mjs). One process:
// the check, then the service.
import { isStale } from './stale.mjs';

if (isStale()) {
  console.error('palisade: sources changed since the last build; building');
  try {
    const { build } = await import('./build.mjs');
    await build();
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const { runMain } = await import('../dist/cli/main.js');
runMain(['serve', ...process.argv.slice(2)]);
