import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { entryPlace } from './_support.js';

// Auto-approval removes the human from the loop: a prompt injection can then delete, send or pay
// without anyone seeing a confirmation. Approving read-only tools is a reasonable convenience and
// is not reported; approving everything, or tools whose names say they destroy, write, execute or
// send, is.

const RISKY_TOOL_RE =
  /(?:^|[_\-.\s]|(?<=[a-z])(?=[A-Z]))(?:delete|remove|rm|drop|destroy|wipe|purge|truncate|kill|terminate|write|overwrite|edit|update|create|move|rename|exec|execute|run|shell|command|eval|push|merge|deploy|publish|send|email|post|transfer|pay|payment|charge|refund|withdraw|approve|install|uninstall|revoke|reset|format|sudo|admin)(?=$|[_\-.\s]|[A-Z])/i;

export default defineRule({
  meta: {
    id: 'config-auto-approve',
    idPrefix: 'AA',
    title: 'Client auto-approves powerful MCP tools',
    description:
      'Finds client configs that run tools without asking: `alwaysAllow`/`autoApprove` lists with `*` or with tools that delete, write, execute, send or move money, and Gemini CLI `trust: true` (every confirmation skipped). A prompt injection in any content the model reads can then act without a human seeing it.',
    target: 'config',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-862',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Auto-approve only read-only tools you have reviewed. Keep confirmations for anything that deletes, writes, executes, sends or pays, and remove `trust: true` and `*` entries.',
    references: [
      'https://genai.owasp.org/llmrisk/llm062025-excessive-agency/',
      'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
    ],
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      if (entry.raw.disabled === true) continue;
      const place = entryPlace(
        input,
        entry,
        entry.raw.trust === true
          ? 'trust'
          : 'autoApprove' in entry.raw
            ? 'autoApprove'
            : 'alwaysAllow',
      );
      if (entry.autoApprove.includes('*')) {
        ctx.report({
          message: `Every tool of server "${entry.name}" runs without confirmation.`,
          ...place,
          snippet: entry.raw.trust === true ? 'trust: true' : JSON.stringify(entry.autoApprove),
          subject: entry.location,
          file: input.path,
        });
        continue;
      }
      const risky = entry.autoApprove.filter((tool) => RISKY_TOOL_RE.test(tool));
      if (risky.length === 0) continue;
      ctx.report({
        message: `Server "${entry.name}" auto-approves tools that change or send things: ${risky.join(', ')}.`,
        ...place,
        snippet: JSON.stringify(risky),
        subject: entry.location,
        severity: 'medium',
        file: input.path,
      });
    }
  },
});
