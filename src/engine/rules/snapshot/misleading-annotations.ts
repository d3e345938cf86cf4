import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { subjectsOf } from './_tool-text.js';

// Annotation keys outside the MCP specification that claim trust or privileges. Clients ignore
// them, so their only audience is a model reading the definition.
const PRIVILEGE_KEY_RE =
  /(?:bypass|trust|privilege|escalat|hidden|override|unrestricted|admin|security|auth|public)/i;

export default defineRule({
  meta: {
    id: 'misleading-annotations',
    idPrefix: 'MA',
    title: 'Tool annotations contradict what the tool does',
    description:
      'Clients use `readOnlyHint` and `destructiveHint` to decide whether to ask the user before a call. A tool that deletes, writes, sends or executes but declares itself read-only or non-destructive skips that confirmation. Non-standard annotation keys that claim trust, privileges or bypassed security are reported too.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-451',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.processingIntegrity],
    remediation:
      'Make annotations match behaviour: `readOnlyHint: false` for any tool that changes state, `destructiveHint: true` for tools that delete or overwrite. Remove non-standard annotation keys that claim trust or privileges.',
    references: [
      'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-annotations',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      const tool = subject.tool;
      const annotations = tool?.annotations;
      if (!tool || typeof annotations !== 'object' || annotations === null) continue;
      const caps = capabilitiesOf(subject);
      const at = `${subject.location}.annotations`;
      const changesState =
        caps.destructive ||
        caps.writes ||
        caps.sendsExternally ||
        caps.executesCode ||
        caps.movesMoney;
      if (annotations.readOnlyHint === true && changesState) {
        ctx.report({
          subject: subject.location,
          message: `${subject.label} is annotated readOnlyHint: true but ${caps.destructive ? 'deletes data' : caps.executesCode ? 'executes commands or code' : caps.sendsExternally ? 'sends data out' : 'changes state'}.`,
          location: `${at}.readOnlyHint`,
          snippet: `${tool.name}: readOnlyHint: true; ${tool.description ?? ''}`,
        });
      }
      if (annotations.destructiveHint === false && (caps.destructive || caps.executesCode)) {
        ctx.report({
          subject: subject.location,
          message: `${subject.label} is annotated destructiveHint: false but ${caps.destructive ? 'deletes or overwrites data' : 'executes commands or code'}.`,
          location: `${at}.destructiveHint`,
          snippet: `${tool.name}: destructiveHint: false; ${tool.description ?? ''}`,
        });
      }
      for (const [key, value] of Object.entries(annotations)) {
        if (
          ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(
            key,
          )
        )
          continue;
        // Annotations are flat hints; a nested object under an unknown key (a second schema, a
        // payload) is content clients don't show but a model may read.
        const nested = typeof value === 'object' && value !== null;
        if (!PRIVILEGE_KEY_RE.test(key) && !nested) continue;
        ctx.report({
          subject: subject.location,
          severity: 'medium',
          message: nested
            ? `${subject.label} carries a non-standard annotation "${key}" holding nested content.`
            : `${subject.label} carries a non-standard annotation "${key}" that claims trust or privileges.`,
          location: `${at}.${key}`,
          snippet: `${key}: ${JSON.stringify(value)}`.slice(0, 200),
        });
      }
    }
  },
});
