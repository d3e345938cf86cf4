import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';

// Two servers with the same name: JSON parsers keep one (usually the last) without a warning, so
// what the user reviewed may not be what runs. A second, later definition is also how a
// shadowing server slips into a shared config.

export default defineRule({
  meta: {
    id: 'config-duplicate-server',
    idPrefix: 'DS',
    title: 'MCP server name declared more than once',
    description:
      'Finds server names declared twice in one client config. Clients silently keep one of the definitions (usually the last), so the server that runs may not be the one that was reviewed; a duplicate is also a way to shadow a trusted server.',
    target: 'config',
    owasp: 'LLM03',
    owaspMcp: 'MCP09',
    severity: 'medium',
    confidence: 'high',
    cwe: 'CWE-694',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.changeManagement],
    remediation:
      'Keep one definition per server name; remove or rename the other after checking which one you meant to run.',
    references: ['https://cwe.mitre.org/data/definitions/694.html'],
  },
  check(input, ctx) {
    for (const name of input.duplicateNames) {
      const entries = input.servers.filter((s) => s.name === name);
      const lines = entries.map((e) => e.line).filter((l) => l !== undefined);
      ctx.report({
        message: `Server "${name}" is declared more than once; only one definition takes effect.`,
        location: entries[0]?.location ?? `servers.${name}`,
        snippet: lines.length ? `"${name}" at lines ${lines.join(', ')}` : `"${name}"`,
        subject: name,
        file: input.path,
      });
    }
  },
});
