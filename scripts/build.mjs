#!/usr/bin/env node
// npm run build: tsc, then esbuild.
//  - tsc (tsconfig.build.json) type-checks and writes dist/src/ (the per-file tree; the end-to-end
//    suite compiles its own copy the same way).
//  - esbuild bundles the `palisade` command into dist/cli/ (what bin/palisade.js runs and what the
//    npm package ships): one file for the entry, and a chunk per part loaded on first use (the
//    service, the file scanner, the MCP client, SARIF...), so `palisade --version` resolves and
//    compiles one module instead of a tree of them. The service's entry (src/main.ts) is a second
//    entry, dist/cli/main.js, which `npm start` runs: with Fastify, ajv, undici, zod and the rest
//    bundled it reads a few files instead of about a thousand. Packages that read files beside
//    their own code (swagger-ui's assets, @fastify/swagger's and ioredis's package.json, pdfkit's
//    fonts, the parsers' wasm and native bindings, pino's transports, wink's model files) stay
//    external and load from node_modules as usual.
//
// `node scripts/build.mjs --if-stale` builds only when a source, the package manifest or a tsconfig
// is newer than the last successful build (scripts/stale.mjs); `npm start` (scripts/start.mjs)
// makes the same check.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKED_WINK_MODEL, packWinkModel, winkModelSource } from './pack-wink-model.mjs';
import { CLI_OUT, ROOT, STAMP, isBuildInput, isStale, walk } from './stale.mjs';

/** Names shared with src/cli/snapshot-engine.ts, which reads the script and its cache. */
const SNAPSHOT_ENGINE_SCRIPT = 'snapshot-engine.cjs';
const WRITE_CACHE_ENV = 'PALISADE_WRITE_ENGINE_CACHE';

export { isStale };

/** Dependencies that stay outside dist/cli: each reads files beside its own code (assets, its
 *  package.json, fonts, wasm, native bindings, JSON models) or is a native module. Every other
 *  dependency is pure JavaScript and is bundled. Bundled, `__dirname` does not exist: the few
 *  bundled uses are in code Palisade does not run (pino's transports and thread-stream's worker:
 *  the service logs to stdout without a transport) or guarded (@fastify/swagger reads its own
 *  package.json in a try, for defaults of `info` that the service sets itself). */
const EXTERNAL_PACKAGES = new Set([
  '@fastify/swagger-ui', // serves the files of its static/ folder
  'better-sqlite3', // native binding
  'ioredis', // reads its package.json through __dirname (loads only with Redis)
  'oxc-parser', // native binding
  'pdfkit', // reads its fonts (loads with the first report)
  'tree-sitter-python', // wasm
  'web-tree-sitter', // wasm
  'wink-eng-lite-web-model', // JSON model files
  'wink-nlp',
]);
/** Optional requires inside bundled packages that are not installed (pg's native driver). */
const OPTIONAL_MISSING = ['pg-native'];

function runTsc() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`tsc failed (exit ${r.status})`);
}

/** Worker-thread entries (`*-worker.ts`): each its own bundle next to the chunks, where
 *  `new URL('./x-worker.js', import.meta.url)` in the chunk that starts it finds it. */
function workerEntries() {
  const entries = {};
  for (const file of walk(join(ROOT, 'src'))) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (name.endsWith('-worker.ts') && isBuildInput(file)) entries[name.slice(0, -3)] = file;
  }
  return entries;
}

/** commander requires node:child_process (and with it node:net and node:dgram) when it loads,
 *  for executable subcommands, which `palisade` does not use: the require is made lazy, so
 *  `palisade --version` does not compile those modules. The build fails if commander's source
 *  no longer has that line. */
const lazyChildProcessInCommander = {
  name: 'lazy-child-process-in-commander',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error(`${args.path}: no "${eager}" to make lazy`);
      const lazy =
        "const childProcess = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

function externalPackages() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return [
    ...Object.keys(pkg.dependencies ?? {}).filter((d) => EXTERNAL_PACKAGES.has(d)),
    ...OPTIONAL_MISSING,
  ];
}

async function runEsbuild() {
  const { build } = await import('esbuild');
  const external = externalPackages();
  rmSync(CLI_OUT, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      palisade: join(ROOT, 'src', 'cli', 'index.ts'),
      main: join(ROOT, 'src', 'main.ts'),
      ...workerEntries(),
    },
    outdir: CLI_OUT,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    // Bundled CommonJS packages (commander) call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __palisadeCreateRequire } from 'node:module'; const require = __palisadeCreateRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [lazyChildProcessInCommander],
  });
  // Every `new URL('./x.js', import.meta.url)` in the output must name a file that exists.
  for (const out of Object.keys(result.metafile.outputs)) {
    const text = readFileSync(join(ROOT, out), 'utf8');
    for (const m of text.matchAll(
      /new URL\(\s*["'](\.\/[^"']+\.js)["'],\s*import\.meta\.url\s*\)/g,
    )) {
      if (!existsSync(join(ROOT, dirname(out), m[1]))) {
        throw new Error(`${out} refers to ${m[1]}, which the bundle does not contain`);
      }
    }
  }
  return Object.keys(result.metafile.outputs).length;
}

/** In the snapshot engine's script, wink-nlp (pure JavaScript, some 30 CommonJS files that read
 *  nothing beside them) is bundled instead of required from node_modules, so V8's code cache holds
 *  its functions too (ADR 0023): `nlp.ts` requires it through `createRequire`, which esbuild
 *  cannot follow, and this makes that one require a plain one. The build fails if the line is
 *  gone. The ES chunks keep requiring it from node_modules. */
const bundledWinkNlp = {
  name: 'bundled-wink-nlp',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]engine[\\/]meaning[\\/]nlp\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const dynamic =
        "const require = createRequire(import.meta.url);\n  const winkNLP = require('wink-nlp')";
      if (!source.includes(dynamic)) throw new Error(`${args.path}: no "${dynamic}" to bundle`);
      return {
        contents: source.replace(dynamic, "const winkNLP = require('wink-nlp')"),
        loader: 'ts',
      };
    });
  },
};

/** Likewise the parts of wink's English model that every reading loads (the sentence, part of
 *  speech and negation machines with their JSON, the feature function): `meaning/wink-model.ts`
 *  requires them by a computed path, which this makes a table of plain requires for that build
 *  only (lazily: each on first use, as before). The addons (lemmatizer, stemmer) stay outside:
 *  the lemmatizer's exception lists are put into `require.cache` for it (ADR 0018). */
const MODEL_PARTS = [
  'load-sbd-model.js',
  'load-pos-model.js',
  'load-negation-model.js',
  'feature.js',
];
const bundledWinkModelParts = {
  name: 'bundled-wink-model-parts',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]engine[\\/]meaning[\\/]wink-model\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const computed =
        'const dist = (file: string) => require(`${PACKAGE}/dist/${file}`) as unknown;';
      if (!source.includes(computed)) throw new Error(`${args.path}: no "${computed}" to bundle`);
      const table = MODEL_PARTS.map(
        (file) =>
          `  ${JSON.stringify(file)}: () => require(${JSON.stringify(`wink-eng-lite-web-model/dist/${file}`)}),`,
      ).join('\n');
      return {
        contents:
          source.replace(
            computed,
            'const dist = (file: string) => (BUNDLED_MODEL_PARTS[file] ?? (() => require(`${PACKAGE}/dist/${file}`)))() as unknown;',
          ) + `\nconst BUNDLED_MODEL_PARTS: Record<string, () => unknown> = {\n${table}\n};\n`,
        loader: 'ts',
      };
    });
  },
};

/** The snapshot engine a second time, as one classic script for `vm.Script` and V8's code cache
 *  (src/cli/snapshot-engine.ts, ADR 0021): CommonJS, wrapped in a function expression that the
 *  loader calls with `require`, `module` and `import.meta`'s stand-in. Whitespace is minified
 *  (fewer bytes to read and keep; names stay). Dynamic imports become `require` (a classic script
 *  compiled by vm has no dynamic-import host). */
async function runEsbuildSnapshotEngine(external) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      [SNAPSHOT_ENGINE_SCRIPT.replace(/\.cjs$/, '')]: join(
        ROOT,
        'src',
        'engine',
        'scan-snapshot.ts',
      ),
    },
    outdir: CLI_OUT,
    entryNames: '[name]',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: external.filter((name) => name !== 'wink-nlp' && name !== 'wink-eng-lite-web-model'),
    define: { 'import.meta': '__palisadeImportMeta' },
    supported: { 'dynamic-import': false },
    banner: {
      js: '(function (exports, require, module, __filename, __dirname, __palisadeImportMeta) {',
    },
    footer: { js: '})' },
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [bundledWinkNlp, bundledWinkModelParts],
  });
}

/** Snapshots the warm-up scan reads: the wild corpus (real servers' definitions, committed). */
function warmUpSnapshots() {
  const dir = join(ROOT, 'bench', 'wild', 'snapshots');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** Runs `palisade scan` from the new bundle over the warm-up snapshots with the loader told to
 *  write V8's code cache after the scan (so it holds the functions the scan compiled, made under
 *  the flags a scan runs with). A failed warm-up fails the build; no snapshots, no cache. */
function writeSnapshotEngineCache() {
  const files = warmUpSnapshots();
  if (files.length === 0) return;
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'palisade.js'), 'scan', ...files, '--format', 'json', '--quiet'],
    {
      cwd: ROOT,
      env: { ...process.env, [WRITE_CACHE_ENV]: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // 0: no findings, 1: findings at or above --fail-on; both are a completed scan.
  if (r.status !== 0 && r.status !== 1) throw new Error(`warm-up scan failed (exit ${r.status})`);
  if (!existsSync(join(CLI_OUT, `${SNAPSHOT_ENGINE_SCRIPT}.cache`))) {
    throw new Error('the warm-up scan wrote no code cache');
  }
}

/** wink's English core model, packed for a fast start (scripts/pack-wink-model.mjs), beside the
 *  module that reads it in both builds: the bundled chunks and tsc's per-file tree. */
function writePackedWinkModel() {
  const { path, version } = winkModelSource();
  const packed = packWinkModel(path, version);
  for (const dir of [CLI_OUT, join(ROOT, 'dist', 'src', 'engine', 'meaning')]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, PACKED_WINK_MODEL), packed);
  }
}

/** The learned classifier's model (src/engine/meaning/learned-model.plm, trained by
 *  `npm run model:train`), copied beside the module that reads it in both builds. */
export const LEARNED_MODEL = join('src', 'engine', 'meaning', 'learned-model.plm');

function copyLearnedModel() {
  for (const dir of [CLI_OUT, join(ROOT, 'dist', 'src', 'engine', 'meaning')]) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(ROOT, LEARNED_MODEL), join(dir, 'learned-model.plm'));
  }
}

/** Builds dist/src and dist/cli; throws when either step fails. */
export async function build() {
  // The stamp carries the time the build started: a source saved during the build is newer.
  const started = new Date();
  runTsc();
  const files = await runEsbuild();
  writePackedWinkModel();
  copyLearnedModel();
  // After the model files: the cache is written after a warm-up scan that reads them.
  await runEsbuildSnapshotEngine(externalPackages());
  writeSnapshotEngineCache();
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${started.toISOString()}\n`);
  utimesSync(STAMP, started, started);
  return files;
}

async function main() {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !isStale()) return;
  try {
    if (ifStale) console.error('palisade: sources changed since the last build; building');
    const files = await build();
    if (!ifStale) console.log(`built dist/src (tsc) and dist/cli (${files} files, esbuild)`);
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`(in ${relative(process.cwd(), ROOT) || '.'})`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
