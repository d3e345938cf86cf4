import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { subjectsOf } from './_tool-text.js';

// Credential formats with a recognisable shape. A generic "key: value" only counts when the
// value looks random (mixed letters and digits, long).
const SECRET_PATTERNS: readonly { name: string; re: RegExp }[] = [
  { name: 'AWS access key id', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'OpenAI-style API key', re: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/ },
  { name: 'GitHub token', re: /\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bgithub_pat_[A-Za-z0-9_]{30,}\b/ },
  { name: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Stripe key', re: /\b[rs]k_live_[0-9A-Za-z]{16,}\b/ },
  { name: 'private key', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY-----/ },
  {
    name: 'JSON web token',
    re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  },
  {
    name: 'credential assignment',
    re: /\b(?:password|passwd|secret|api[ _-]?key|access[ _-]?key|auth[ _-]?token|token)\s*[:=]\s*["']?(?=[^\s"']{12,})(?=[^\s"']*[0-9])(?=[^\s"']*[A-Za-z])[^\s"'|,;]{12,}/i,
  },
];

/** Keeps the first and last four characters: enough to identify the key, not to use it. */
function redact(secret: string): string {
  return secret.length <= 12 ? '****' : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export default defineRule({
  meta: {
    id: 'secret-in-metadata',
    idPrefix: 'SEC',
    title: 'Credential embedded in tool metadata',
    description:
      'Finds API keys, tokens, private keys and credential assignments in tool, prompt and resource text or schema defaults. Metadata is sent to every client and model that connects; a credential there is disclosed to all of them.',
    target: 'snapshot',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-798',
    hipaa: [HIPAA.accessControl, HIPAA.authentication],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Revoke the exposed credential, remove it from the definition, and load secrets from the server’s environment or a secret manager at call time.',
    references: [
      'https://cwe.mitre.org/data/definitions/798.html',
      'https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of subject.fields) {
        if (field.kind === 'name' || field.kind === 'param-name') continue;
        for (const { name, re } of SECRET_PATTERNS) {
          const m = re.exec(field.text);
          if (!m) continue;
          ctx.report({
            subject: `${subject.location}:${name}`,
            message: `${subject.label} contains what looks like a ${name}.`,
            location: field.location,
            snippet: `${name}: ${redact(m[0])}`,
          });
        }
      }
    }
  },
});
