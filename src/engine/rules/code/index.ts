import type { Rule } from '../define-rule.js';
import codeCommandInjection from './code-command-injection.js';
import codeCorsWildcard from './code-cors-wildcard.js';
import codeCredentialExfiltration from './code-credential-exfiltration.js';
import codeDynamicEval from './code-dynamic-eval.js';
import codeHardcodedSecret from './code-hardcoded-secret.js';
import codeHttpNoAuth from './code-http-no-auth.js';
import codePathTraversal from './code-path-traversal.js';
import codeSqlInjection from './code-sql-injection.js';
import codeSsrf from './code-ssrf.js';
import codeUnsafeDeserialization from './code-unsafe-deserialization.js';

/** The code rules, sorted by id. */
export const CODE_RULES: readonly Rule<'code'>[] = [
  codeCommandInjection,
  codeCorsWildcard,
  codeCredentialExfiltration,
  codeDynamicEval,
  codeHardcodedSecret,
  codeHttpNoAuth,
  codePathTraversal,
  codeSqlInjection,
  codeSsrf,
  codeUnsafeDeserialization,
];
