// The snapshot engine for `palisade scan`, from V8's code cache where the build made one (ADR 0021).
//
// A short-lived scan spends a good part of its CPU compiling the engine's functions, lazily, the
// first time each runs. Node 20 has no compile cache for ES modules, but a classic script compiled
// with `vm.Script` takes V8 `cachedData`, and data made after a scan holds every function that
// scan compiled. So the build bundles src/engine/scan-snapshot.ts a second time, as one classic
// script (dist/cli/snapshot-engine.cjs: a CommonJS bundle wrapped in a function expression), runs
// a warm-up scan through this loader and writes the cache beside it (snapshot-engine.cjs.cache).
//
// V8 refuses a cache made by another V8 version or under other V8 flags (`--no-regexp-tier-up`,
// which bin/palisade.js sets for `scan`, is among them, set alike in the warm-up): then the
// script compiles as usual, no slower than the ES module. Without the bundle (the sources under
// tsx, tsc's dist/src) the engine is imported as usual.

import type * as SnapshotEngineModule from '../engine/scan-snapshot.js';

export type SnapshotEngine = Pick<typeof SnapshotEngineModule, 'scanSnapshot'>;

/** File name of the classic-script bundle beside the CLI's chunks (scripts/build.mjs). */
export const SNAPSHOT_ENGINE_SCRIPT = 'snapshot-engine.cjs';
/** Set by the build's warm-up: after the scan, write the code cache for the script. */
export const WRITE_CACHE_ENV = 'PALISADE_WRITE_ENGINE_CACHE';

let loaded: Promise<SnapshotEngine> | undefined;

/** The engine's scanSnapshot, loaded once per process. */
export function loadSnapshotEngine(): Promise<SnapshotEngine> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<SnapshotEngine> {
  const script = new URL(`./${SNAPSHOT_ENGINE_SCRIPT}`, import.meta.url);
  const fs = await import('node:fs');
  let source: string;
  try {
    source = fs.readFileSync(script, 'utf8');
  } catch {
    return import('../engine/scan-snapshot.js');
  }
  const [{ Script }, { createRequire }, { dirname }, { fileURLToPath }] = await Promise.all([
    import('node:vm'),
    import('node:module'),
    import('node:path'),
    import('node:url'),
  ]);
  const filename = fileURLToPath(script);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(`${filename}.cache`);
  } catch {
    cachedData = undefined;
  }
  const compiled = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  const wrapper = compiled.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
    __filename: string,
    __dirname: string,
    importMeta: { url: string },
  ) => void;
  const module = { exports: {} };
  wrapper(module.exports, createRequire(filename), module, filename, dirname(filename), {
    url: script.href,
  });
  if (process.env[WRITE_CACHE_ENV] === '1') {
    // After the scan, when the functions it ran are compiled.
    process.once('beforeExit', () => {
      fs.writeFileSync(`${filename}.cache`, compiled.createCachedData());
    });
  }
  return module.exports as SnapshotEngine;
}
