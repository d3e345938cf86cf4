#!/usr/bin/env node
// The `palisade` command: runs the bundled CLI (dist/cli, made by `npm run build`, shipped in the
// npm package). In a checkout that has not been built, `npm run palisade -- …` runs the sources.
import { fileURLToPath } from 'node:url';

// A scan runs each of the rules' regular expressions a few times, once per process. V8 first
// compiles a regular expression to bytecode and again to machine code once it runs again
// (tier-up); straight to machine code costs a short-lived scan about a fifth less CPU
// (docs/benchmarks.md). Set here, before anything compiles one, and never later: Node documents
// a flag changed after start as undefined behaviour, and setting it in `runScan` changed it inside
// test processes that run the CLI in-process with expressions compiled already. The snapshot
// engine's code cache is made under the same flags (ADR 0021). Only for `scan`, so that
// `--version` and the other commands do not load node:v8 and the stream modules it brings.
if (process.argv.slice(2).find((arg) => !arg.startsWith('-')) === 'scan') {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--no-regexp-tier-up');
}

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
