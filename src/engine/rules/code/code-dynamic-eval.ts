import type { CallFact, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  factsOf,
  functionLabel,
  HIPAA,
  reportCall,
  SOC2,
  worstExposure,
} from './_helpers.js';

/** Callees that compile or run their argument as code, and which arguments hold the code. */
function codeArguments(call: CallFact, isPython: boolean): ValueFact[] | undefined {
  const { callee, args } = call;
  if (isPython) {
    if (
      callee === 'eval' ||
      callee === 'exec' ||
      callee === 'compile' ||
      callee === 'builtins.eval'
    ) {
      return args.slice(0, 1);
    }
    return undefined;
  }
  if (callee === 'eval' || callee === 'globalThis.eval' || callee === 'window.eval') {
    return args.slice(0, 1);
  }
  // new Function('a', 'b', body): every argument becomes source text.
  if (callee === 'Function' || callee === 'globalThis.Function') return args;
  if (
    /^vm\.(?:runInNewContext|runInThisContext|runInContext|compileFunction|Script)$/.test(callee)
  ) {
    return args.slice(0, 1);
  }
  // setTimeout('code', ms) evaluates a string; a function argument is the normal, safe form.
  if ((callee === 'setTimeout' || callee === 'setInterval') && isStringy(args[0])) {
    return args.slice(0, 1);
  }
  return undefined;
}

function isStringy(value: ValueFact | undefined): boolean {
  return value?.shape === 'template' || value?.shape === 'concat';
}

export default defineRule({
  meta: {
    id: 'code-dynamic-eval',
    idPrefix: 'EVAL',
    title: 'Code evaluated from input',
    description:
      'Finds `eval`, `new Function`, `vm.runInNewContext`/`vm.Script` and Python `eval`/`exec`/`compile` applied to values that are not constants. An MCP server that evaluates text derived from tool arguments hands the model (and anyone who can inject into its context) arbitrary code execution; `vm` is not a security boundary.',
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'critical',
    confidence: 'high',
    cwe: 'CWE-95',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.vulnerabilities, SOC2.processingIntegrity],
    remediation:
      'Do not evaluate model-supplied text. Parse data with `JSON.parse` / `ast.literal_eval`, evaluate arithmetic with a dedicated expression parser, and run untrusted code only in a real sandbox (a separate process or container without credentials or network).',
    references: [
      'https://cwe.mitre.org/data/definitions/95.html',
      'https://nodejs.org/api/vm.html#vm-executing-javascript',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    const isPython = code.language === 'python';
    for (const call of facts.calls) {
      const sources = codeArguments(call, isPython);
      if (!sources) continue;
      const level = levelOf(facts, call, worstExposure(sources));
      if (!level) continue;
      const origin = originOf(level, functionLabel(facts, call));
      reportCall(ctx, code, call, {
        message: `\`${call.callee}\` evaluates code built from ${origin}.`,
        ...ratingOf(level, 'critical'),
      });
    }
  },
});
