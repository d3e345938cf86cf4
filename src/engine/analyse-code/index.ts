// Server-code inputs: language detection, parsing (oxc for JS/TS, tree-sitter for Python) into
// language-neutral facts, and MCP tool definitions found in code.
import type { CodeInput, CodeLanguage } from '../types.js';
import { checkCode, type CheckOptions, type CodeOutcome } from './check-code.js';
import { emptyFacts } from './facts.js';
import { analyseJavaScriptOnThread, checkJavaScriptOnThread } from './javascript-thread.js';
import { analysePython } from './python.js';
import { budgetProblem } from './budget.js';

export type * from './facts.js';
export type { CheckOptions, CodeOutcome, RuleFailure } from './check-code.js';
export { extractTools } from './check-code.js';

const EXTENSION_LANGUAGES: Readonly<Record<string, CodeLanguage>> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.py': 'python',
};

export function languageOf(path: string): CodeLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  // Type declarations hold no behaviour to analyse.
  if (/\.d\.[cm]?ts$/.test(name)) return undefined;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return EXTENSION_LANGUAGES[name.slice(dot)];
}

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
  const problem = budgetProblem(text);
  if (problem) return { ...base, facts: emptyFacts(), errors: [], skipped: problem };
  const analysed =
    language === 'python'
      ? await analysePython(text)
      : await analyseJavaScriptOnThread(path, text, language);
  const result: CodeInput = { ...base, facts: analysed.facts, errors: analysed.errors };
  if (analysed.skipped) result.skipped = analysed.skipped;
  return result;
}

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
  if (language !== 'python' && !budgetProblem(text)) {
    return checkJavaScriptOnThread(path, text, language, options);
  }
  const code = await parseCodeFile(path, text);
  return code && checkCode(code, options);
}
