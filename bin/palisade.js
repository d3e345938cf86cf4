#!/usr/bin/env node
// The `palisade` command: runs the bundled CLI (dist/cli, made by `npm run build`, shipped in the
// npm package). In a checkout that has not been built, `npm run palisade -- …` runs the sources.
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// A scan runs each of the rules' regular expressions a few times, once per process. V8 first
// compiles a regular expression to bytecode and compiles it again to machine code once it runs
// again (tier-up); straight to machine code costs a short-lived scan about a fifth less CPU
// (docs/benchmarks.md). Read when a regular expression is compiled, so setting it here is in time.
setFlagsFromString('--no-regexp-tier-up');

try {
  await import('../dist/cli/palisade.js');
} catch (error) {
  const missing =
    error?.code === 'ERR_MODULE_NOT_FOUND' &&
    String(error.message).includes(
      fileURLToPath(new URL('../dist/cli/palisade.js', import.meta.url)),
    );
  if (!missing) throw error;
  process.stderr.write(
    'palisade: the CLI is not built (dist/cli/palisade.js is missing). Run `npm run build`, ' +
      'or `npm run palisade -- <args>` to run the sources.\n',
  );
  process.exitCode = 2;
}
