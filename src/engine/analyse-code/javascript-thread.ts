// Runs JS/TS analysis on one long-lived worker thread with a large stack (see
// javascript-worker.ts for why). Requests are answered in order; a request that takes longer than
// the budget terminates the worker (a fresh one starts for the next file) and the file comes back
// as not analysed.
import { Worker } from 'node:worker_threads';
import type { CodeLanguage } from '../inputs/types.js';
import { checkCode, type CheckOptions, type CodeOutcome } from './check-code.js';
import { emptyFacts } from '../inputs/code/facts.js';
import type { Analysis } from '../inputs/code/javascript.js';
import type { JsReady, JsReply, JsRequest, WireFailure, WireOutcome } from './javascript-worker.js';

/** Native stack of the worker thread: deep enough for the nesting the budget checks let through
 *  and for the deserialiser's spread of a 20 MB file's hundreds of thousands of statements. */
const WORKER_STACK_MB = 256;
/** Heap of the worker: a 10 MB file's AST, facts and findings take about 600 MB (measured). */
const WORKER_HEAP_MB = 1536;
/** A small file taking longer than this is abandoned (and its worker replaced). */
export const JS_ANALYSIS_TIME_MS_MAX = 10_000;
/** Time a file is allowed per MiB of source on top of JS_ANALYSIS_TIME_MS_MAX: a 10 MB file
 *  takes about 4 s to parse, walk and check on an idle core and 15–25 s on this project's shared
 *  2-core machine under load (measured), so it gets 70 s; the largest accepted file (20 MB) gets
 *  130 s. Wall time, not CPU time: a worker's CPU time cannot be read from outside it. */
export const JS_ANALYSIS_MS_PER_MIB = 6_000;

/** The time budget of one file of `chars` characters. */
export function jsAnalysisBudgetMs(chars: number): number {
  return JS_ANALYSIS_TIME_MS_MAX + Math.round((chars / (1024 * 1024)) * JS_ANALYSIS_MS_PER_MIB);
}

/** A reply, or why the file could not be analysed (`failure`). */
type Answer = Pick<JsReply, 'analysis' | 'outcome' | 'failure'>;

interface Pending {
  request: JsRequest;
  resolve: (answer: Answer) => void;
  /** Armed only while the request is the one the worker is on (the first pending): requests
   *  queued behind a slow file do not spend their budget waiting. */
  timer?: NodeJS.Timeout;
}

let worker: Worker | undefined;
/** The current worker has loaded (its start-up, slow on a loaded machine, is no file's time). */
let workerReady = false;
/** A worker that has not loaded after this long is given up (its requests fail). */
const WORKER_START_MS_MAX = 120_000;
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

function settle(id: number, answer: Answer): void {
  const entry = pending.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  pending.delete(id);
  if (pending.size === 0) worker?.unref();
  else armHead();
  entry.resolve(answer);
}

/** Starts the budget of the request the worker is now on (requests are answered in order). */
function armHead(): void {
  const [id, head] = pending.entries().next().value ?? [];
  if (id === undefined || !head || head.timer || !worker || !workerReady) return;
  const current = worker;
  head.timer = setTimeout(
    () => abandon(id, head, current),
    jsAnalysisBudgetMs(head.request.text.length),
  );
}

/** The worker overran its budget on `head`: it is replaced, and the requests queued behind the
 *  abandoned file go to the fresh worker. */
function abandon(id: number, head: Pending, current: Worker): void {
  pending.delete(id);
  if (worker === current) worker = undefined;
  void current.terminate();
  for (const entry of pending.values()) send(entry);
  if (pending.size === 0) worker?.unref();
  head.resolve({ failure: `took longer than ${jsAnalysisBudgetMs(head.request.text.length)} ms` });
}

function failAll(reason: string): void {
  for (const id of [...pending.keys()]) settle(id, { failure: reason });
}

function startWorker(): Worker {
  workerReady = false;
  const entry = workerEntry();
  const started = new Worker(entry.script, {
    eval: entry.eval,
    resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const startTimer = setTimeout(() => {
    if (worker !== started || workerReady) return;
    worker = undefined;
    void started.terminate();
    failAll(`the analysis worker did not start within ${WORKER_START_MS_MAX} ms`);
  }, WORKER_START_MS_MAX);
  startTimer.unref();
  started.on('message', (reply: JsReply | JsReady) => {
    // A replaced worker's late answers are ignored: its queue was handed on.
    if (worker !== started) return;
    if ('ready' in reply) {
      clearTimeout(startTimer);
      workerReady = true;
      armHead();
      return;
    }
    settle(reply.id, reply);
  });
  started.on('error', (error) => {
    if (worker !== started) return;
    worker = undefined;
    failAll(`the analysis failed (${error.message})`);
  });
  started.on('exit', () => {
    // A worker replaced after a timeout has already handed its queue on.
    if (worker !== started) return;
    worker = undefined;
    failAll('the analysis worker stopped');
  });
  started.unref();
  return started;
}

function send(entry: Pending): void {
  worker ??= startWorker();
  worker.ref();
  worker.postMessage(entry.request);
  armHead();
}

function ask(request: Omit<JsRequest, 'id'>): Promise<Answer> {
  const numbered: JsRequest = { id: nextId++, ...request };
  return new Promise((resolve) => {
    const entry: Pending = { request: numbered, resolve };
    pending.set(numbered.id, entry);
    send(entry);
  });
}

function notAnalysed(answer: Answer): string {
  return `not analysed: ${answer.failure ?? 'the analysis failed'}`;
}

/** Analyses one file on the worker thread and returns its facts; never rejects. Calls may
 *  overlap: the worker answers them in order, each within its own time budget. */
export async function analyseJavaScriptOnThread(
  path: string,
  text: string,
  language: CodeLanguage,
): Promise<Analysis> {
  const answer = await ask({ path, text, language, want: 'facts' });
  return answer.analysis ?? { facts: emptyFacts(), errors: [], skipped: notAnalysed(answer) };
}

function rebuildFailure(failure: WireFailure): CodeOutcome['failures'][number] {
  const error = new Error(failure.message);
  error.name = failure.name;
  if (failure.stack) error.stack = failure.stack;
  return { ruleId: failure.ruleId, error };
}

function fromWire(outcome: WireOutcome): CodeOutcome {
  return { ...outcome, failures: outcome.failures.map(rebuildFailure) };
}

/** Analyses one file and runs the code rules on the worker thread: only findings, tools, errors
 *  and rule failures come back, never the facts. Never rejects; calls may overlap as above. A
 *  file the thread could not analyse still goes through the rules here, with no facts (the rules
 *  that read the text alone, such as hard-coded secrets, still apply). */
export async function checkJavaScriptOnThread(
  path: string,
  text: string,
  language: CodeLanguage,
  options: CheckOptions = {},
): Promise<CodeOutcome> {
  const answer = await ask({ path, text, language, want: 'check', options });
  if (answer.outcome) return fromWire(answer.outcome);
  const skipped = notAnalysed(answer);
  const code = { path, language, text, ast: null, facts: emptyFacts(), errors: [], skipped };
  return checkCode(code, options);
}
