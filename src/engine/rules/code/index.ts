import type { Rule } from '../define-rule.js';
import codeCommandInjection from './code-command-injection.js';
import codeDynamicEval from './code-dynamic-eval.js';
import codePathTraversal from './code-path-traversal.js';
import codeUnsafeDeserialization from './code-unsafe-deserialization.js';

/** The code rules, sorted by id. */
export const CODE_RULES: readonly Rule<'code'>[] = [
  codeCommandInjection,
  codeDynamicEval,
  codePathTraversal,
  codeUnsafeDeserialization,
];
