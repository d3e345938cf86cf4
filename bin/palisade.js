#!/usr/bin/env node
// The `palisade` command: runs the bundled CLI (dist/cli, made by `npm run build`, shipped in the
// npm package). In a checkout that has not been built, `npm run palisade -- …` runs the sources.
// (`palisade scan` sets V8's --no-regexp-tier-up itself before the rules load: src/cli/scan.ts.)
import { fileURLToPath } from 'node:url';

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
