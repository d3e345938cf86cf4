// Code analysis: one source file through its parser (src/engine/inputs/code/: oxc for JS/TS on
// the analysis thread, python-parse.ts or tree-sitter for Python) into facts, then through the
// code rules (and, in a scan, the tool-definition rules on the tools it defines). This room sits
// above inputs/: the parsers turn bytes into trees and facts, and know nothing of the rules.
import type { CodeInput } from '../inputs/types.js';
import { budgetProblem } from '../inputs/code/budget.js';
import { emptyFacts } from '../inputs/code/facts.js';
import { languageOf } from '../inputs/code/language.js';
import { analysePython } from '../inputs/code/python.js';
import { checkCode, type CheckOptions, type CodeOutcome } from './check-code.js';
import { analyseJavaScriptOnThread, checkJavaScriptOnThread } from './javascript-thread.js';

export type { CheckOptions, CodeOutcome, RuleFailure } from './check-code.js';
export { extractTools } from './check-code.js';
export { languageOf } from '../inputs/code/language.js';

/**
 * Parses one source file into a CodeInput whose `facts` the code rules read. Returns undefined
 * (never throws) when the path is not code. Syntax errors still yield a CodeInput, with the facts
 * of what could be parsed and the errors listed; files over the size budget are returned with
 * `skipped` set and empty facts.
 */
export async function parseCodeFile(path: string, text: string): Promise<CodeInput | undefined> {
  const language = languageOf(path);
  if (!language) return undefined;
  const base: CodeInput = { path, language, text, ast: null };
  const problem = budgetProblem(text, language === 'python');
  if (problem) return { ...base, facts: emptyFacts(), errors: [], skipped: problem };
  const analysed =
    language === 'python'
      ? await analysePython(text)
      : await analyseJavaScriptOnThread(path, text, language);
  const result: CodeInput = { ...base, facts: analysed.facts, errors: analysed.errors };
  if (analysed.skipped) result.skipped = analysed.skipped;
  return result;
}

/** Python files larger than this are analysed on the analysis thread, under its size-scaled time
 *  budget: the parse and walk of a 10 MB file take seconds that the main thread (which serves
 *  the API in the embedded deployment) must not spend. Smaller ones run here, beside the JS/TS
 *  files the thread works on. */
export const PYTHON_ON_THREAD_CHARS = 512 * 1024;

/**
 * Analyses one source file all the way to findings: parse, code rules, MCP tools (and, with
 * `toolRules`, the tool-definition rules on those tools). Returns
 * undefined (never throws) when the path is not code. JS/TS runs entirely on the analysis thread,
 * so the facts (several times the source's size) are never copied back; Python runs here.
 */
export async function analyseCodeFile(
  path: string,
  text: string,
  options: CheckOptions = {},
): Promise<CodeOutcome | undefined> {
  const language = languageOf(path);
  if (!language) return undefined;
  const onThread = language !== 'python' || text.length > PYTHON_ON_THREAD_CHARS;
  if (onThread && !budgetProblem(text, language === 'python')) {
    return checkJavaScriptOnThread(path, text, language, options);
  }
  const code = await parseCodeFile(path, text);
  return code && checkCode(code, options);
}
