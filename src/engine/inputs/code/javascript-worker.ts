// Worker-thread entry for JS/TS analysis. oxc's parser is recursive native code: deeply nested
// input (thousands of `(`, `if (a)` or `!` in a row) overflows a normal thread stack and kills the
// process with SIGSEGV, which no try/catch can stop. Here it runs on a thread whose stack is large
// enough for anything the size caps let through.
import { parentPort } from 'node:worker_threads';
import type { CodeLanguage } from '../types.js';
import { analyseJavaScript } from './javascript.js';

export interface JsRequest {
  id: number;
  path: string;
  text: string;
  language: CodeLanguage;
}

parentPort?.on('message', (request: JsRequest) => {
  try {
    const analysis = analyseJavaScript(request.path, request.text, request.language);
    parentPort?.postMessage({ id: request.id, analysis });
  } catch (error) {
    parentPort?.postMessage({
      id: request.id,
      failure: error instanceof RangeError ? 'nested too deeply to analyse' : String(error),
    });
  }
});
