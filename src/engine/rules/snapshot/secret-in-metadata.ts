import { defineRule } from '../define-rule.js';
import { findAssignedSecrets, findSecrets, redactValue } from '../../secrets.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { subjectsOf } from './_tool-text.js';

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
        // One finding per kind of credential in a field, from the engine's one catalogue.
        const found = new Map<string, string>();
        for (const { kind, value } of findSecrets(field.text)) {
          if (!found.has(kind.label)) found.set(kind.label, value);
        }
        const [assigned] = findAssignedSecrets(field.text);
        if (assigned) found.set('credential assignment', assigned.value);
        for (const [name, value] of found) {
          ctx.report({
            subject: `${subject.location}:${name}`,
            message: `${subject.label} contains what looks like a ${name}.`,
            location: field.location,
            snippet: `${name}: ${redactValue(value)}`,
          });
        }
      }
    }
  },
});
