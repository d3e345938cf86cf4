import type { CodeInput } from '../../inputs/types.js';
import {
  findSecrets,
  isPlaceholder,
  isSecretLikeKey,
  looksRandom,
  redactSecrets,
  redactValue,
} from '../../secrets.js';
import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2, lineQuote, positionOf } from './_helpers.js';

/** `= "…"` / `: '…'`: a quoted value after an assignment or a key. The key is read backwards
 *  from the match (scanning forward for `key = "value"` would try every identifier in the file).
 *  Bounded quantifiers only: the text is attacker-supplied. */
const ASSIGNED_VALUE = /[:=][ \t]{0,3}["'`]([^"'`\s]{16,300})["'`]/g;
const KEY_CHAR = /[\w$]/;

/** The identifier or quoted key just before `index` (`API_KEY ` / `"apiKey"`), or ''. */
function keyBefore(text: string, index: number): string {
  let end = index;
  while (end > 0 && end > index - 4 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (text[end - 1] === '"' || text[end - 1] === "'") end--;
  let start = end;
  while (start > 0 && end - start < 60 && KEY_CHAR.test(text[start - 1]!)) start--;
  return text.slice(start, end);
}

/** Test and example code carries fake credentials on purpose: still worth a look, not an alarm. */
const NON_PRODUCTION_PATH =
  /(?:^|\/)(?:tests?|__tests__|spec|fixtures?|examples?|samples?|docs?)\/|\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)test_[^/]*\.py$|_test\.py$/i;

interface Hit {
  index: number;
  label: string;
  value: string;
}

function hitsIn(text: string): Hit[] {
  const hits: Hit[] = findSecrets(text).map((m) => ({
    index: m.index,
    label: m.kind.label,
    value: m.value,
  }));
  for (const m of text.matchAll(ASSIGNED_VALUE)) {
    const value = m[1] ?? '';
    const key = keyBefore(text, m.index);
    if (!isSecretLikeKey(key) || isPlaceholder(value) || !looksRandom(value)) continue;
    const index = m.index + m[0].lastIndexOf(value);
    if (hits.some((h) => index < h.index + h.value.length && h.index < index + value.length)) {
      continue;
    }
    hits.push({ index, label: `value of \`${key}\``, value });
  }
  return hits.sort((a, b) => a.index - b.index);
}

function lineAt(code: CodeInput, index: number): { line: number; column: number; text: string } {
  const { line, column } = positionOf(code, index);
  return { line, column, text: lineQuote(code, line, column) };
}

export default defineRule({
  meta: {
    id: 'code-hardcoded-secret',
    idPrefix: 'HCSEC',
    title: 'Credential hard-coded in source',
    description:
      'Finds credentials written into server source: known token formats (cloud, AI provider, GitHub, Slack, Stripe, private keys, JWTs, passwords in URLs) and long random values assigned to secret-named variables or keys. Anyone who can read the code (a published package, a repository, an upload) holds the credential, and it cannot be rotated without a release.',
    target: 'code',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-798',
    hipaa: [HIPAA.authentication, HIPAA.accessControl],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Revoke the credential now, remove it from the code and its history, and read it at run time from the environment or a secret manager (`process.env.API_KEY`, `os.environ["API_KEY"]`).',
    references: [
      'https://cwe.mitre.org/data/definitions/798.html',
      'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
    ],
  },
  check(code, ctx) {
    const isNonProduction = NON_PRODUCTION_PATH.test(code.path);
    for (const hit of hitsIn(code.text)) {
      const { line, column, text } = lineAt(code, hit.index);
      ctx.report({
        file: code.path,
        location: `${code.path}:${line}`,
        line,
        column,
        snippet: redactSecrets(text).replace(hit.value, redactValue(hit.value)),
        message: `A ${hit.label} (${redactValue(hit.value)}) is written into the source${isNonProduction ? ' of a test or example file' : ''}.`,
        ...(isNonProduction ? { severity: 'medium' as const, confidence: 'low' as const } : {}),
      });
    }
  },
});
