// Runs JS/TS analysis on one long-lived worker thread with a large stack (see
// javascript-worker.ts for why). Requests are answered in order; a request that takes longer than
// the budget terminates the worker (a fresh one starts for the next file) and the file comes back
// as not analysed.
import { Worker } from 'node:worker_threads';
import type { CodeLanguage } from '../types.js';
import { emptyFacts } from './facts.js';
import type { Analysis } from './javascript.js';

/** Native stack of the worker thread: deep enough for the nesting a 2 MB file can hold. */
const WORKER_STACK_MB = 256;
/** Heap of the worker: one 2 MB file's AST and facts fit many times over. */
const WORKER_HEAP_MB = 1024;
/** A file taking longer than this is abandoned (and its worker replaced). */
export const JS_ANALYSIS_TIME_MS_MAX = 10_000;

interface Pending {
  resolve: (analysis: Analysis) => void;
  timer: NodeJS.Timeout;
}

interface Reply {
  id: number;
  analysis?: Analysis;
  failure?: string;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The worker's entry. Built, this module is .js and so is the worker. Under tsx (tests, the CLI in
 *  development) both are .ts, and a worker thread does not inherit tsx's loader: a small bootstrap
 *  registers it before importing the entry. */
function workerEntry(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./javascript-worker.js', import.meta.url), eval: false };
  }
  const entry = new URL('./javascript-worker.ts', import.meta.url).href;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const script = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return { script, eval: true };
}

function skipped(reason: string): Analysis {
  return { facts: emptyFacts(), errors: [], skipped: `not analysed: ${reason}` };
}

function settle(id: number, analysis: Analysis): void {
  const entry = pending.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  pending.delete(id);
  if (pending.size === 0) worker?.unref();
  entry.resolve(analysis);
}

function failAll(reason: string): void {
  for (const id of [...pending.keys()]) settle(id, skipped(reason));
}

function startWorker(): Worker {
  const entry = workerEntry();
  const started = new Worker(entry.script, {
    eval: entry.eval,
    resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  started.on('message', (reply: Reply) => {
    settle(reply.id, reply.analysis ?? skipped(reply.failure ?? 'the analysis failed'));
  });
  started.on('error', (error) => {
    if (worker === started) worker = undefined;
    failAll(`the analysis failed (${error.message})`);
  });
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    failAll('the analysis worker stopped');
  });
  started.unref();
  return started;
}

/** Analyses one file on the worker thread; never rejects. */
export function analyseJavaScriptOnThread(
  path: string,
  text: string,
  language: CodeLanguage,
): Promise<Analysis> {
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      settle(id, skipped(`took longer than ${JS_ANALYSIS_TIME_MS_MAX} ms`));
      if (worker === current) worker = undefined;
      void current.terminate();
    }, JS_ANALYSIS_TIME_MS_MAX);
    pending.set(id, { resolve, timer });
    current.ref();
    current.postMessage({ id, path, text, language });
  });
}
