// Worker-thread entry for JS/TS analysis. oxc's parser is recursive native code: deeply nested
// input (thousands of `(`, `if (a)` or `!` in a row) overflows a normal thread stack and kills the
// process with SIGSEGV, which no try/catch can stop. Here it runs on a thread whose stack is large
// enough for anything the size caps let through.
//
// A `check` request also runs the code rules here and sends back only findings, tools, errors and
// rule failures: the facts never cross the thread (see check-code.ts for why). A `facts` request
// returns the facts themselves, for callers that read them (tests, the rule fixtures).
import { parentPort } from 'node:worker_threads';
import type { CodeLanguage } from '../inputs/types.js';
import { checkCode, type CheckOptions, type CodeOutcome } from './check-code.js';
import { analyseJavaScript, type Analysis } from '../inputs/code/javascript.js';

export interface JsRequest {
  id: number;
  path: string;
  text: string;
  language: CodeLanguage;
  want: 'facts' | 'check';
  /** With `check`: the CheckOptions. */
  options?: CheckOptions;
}

/** A rule failure as it crosses the thread: a thrown value need not be cloneable. */
export interface WireFailure {
  ruleId: string;
  name: string;
  message: string;
  stack?: string;
}

export type WireOutcome = Omit<CodeOutcome, 'failures'> & { failures: WireFailure[] };

/** Sent once, when the worker has loaded and listens: budgets start from then. */
export interface JsReady {
  ready: true;
}

export interface JsReply {
  id: number;
  analysis?: Analysis;
  outcome?: WireOutcome;
  failure?: string;
}

function check(request: JsRequest, analysis: Analysis): WireOutcome {
  const { path, text, language } = request;
  const outcome = checkCode({ path, language, text, ast: null, ...analysis }, request.options);
  const failures = outcome.failures.map(({ ruleId, error }): WireFailure => {
    if (!(error instanceof Error)) return { ruleId, name: 'Error', message: String(error) };
    const failure: WireFailure = { ruleId, name: error.name, message: error.message };
    if (error.stack) failure.stack = error.stack;
    return failure;
  });
  return { ...outcome, failures };
}

async function answer(request: JsRequest): Promise<JsReply> {
  // Large Python files come here too (analyse-code/index.ts): off the main thread, under the
  // same time budget as JS/TS.
  // The Python parser loads only when a Python file comes: JS/TS-only scans start the worker
  // without it.
  const analysis =
    request.language === 'python'
      ? await (await import('../inputs/code/python.js')).analysePython(request.text)
      : analyseJavaScript(request.path, request.text, request.language);
  if (request.want === 'facts') return { id: request.id, analysis };
  return { id: request.id, outcome: check(request, analysis) };
}

async function reply(request: JsRequest): Promise<void> {
  try {
    parentPort?.postMessage(await answer(request));
  } catch (error) {
    const failure = error instanceof RangeError ? 'nested too deeply to analyse' : String(error);
    parentPort?.postMessage({ id: request.id, failure } satisfies JsReply);
  }
}

// Requests are answered one after another, in the order they came (javascript-thread.ts arms
// the time budget of the first one pending).
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: JsRequest) => {
  queue = queue.then(() => reply(request));
});
parentPort?.postMessage({ ready: true } satisfies JsReady);
