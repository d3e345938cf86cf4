import type { FunctionFacts } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import { factsOf, HIPAA, isOutboundCall, lineText, SOC2 } from './_helpers.js';

function describe(fn: FunctionFacts): string {
  return fn.name === '<module>'
    ? 'module code'
    : fn.name === '<anonymous>'
      ? `a ${fn.isToolHandler ? 'tool handler' : 'function'}`
      : `${fn.isToolHandler ? 'tool handler' : 'function'} \`${fn.name}\``;
}

export default defineRule({
  meta: {
    id: 'code-credential-exfiltration',
    idPrefix: 'EXFIL',
    title: 'Credentials collected and sent over the network',
    description:
      'Finds functions that read credential stores (`~/.ssh`, `~/.aws/credentials`, `.netrc`, `.npmrc`, `.docker/config.json`, `.kube/config`, cloud CLI configs) or take the whole environment (`JSON.stringify(process.env)`, `dict(os.environ)`) and make an outbound network request in the same function: the shape of credential theft hidden in an MCP server. Reading one named variable (an API key for the service the tool wraps) is normal and not reported. A tool handler that reads credential files without sending them is reported at medium: it hands them to the model.',
    target: 'code',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-200',
    hipaa: [HIPAA.transmission, HIPAA.accessControl],
    soc2: [SOC2.transmission, SOC2.logicalAccess],
    remediation:
      'Remove the code, or if it is intended, scope it: read only the named variables a tool needs, never credential files, and send data only to the service the tool is for. Treat a server that does this without saying so as compromised.',
    references: [
      'https://cwe.mitre.org/data/definitions/200.html',
      'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
    ],
    monitorCandidate: true,
  },
  check(code, ctx) {
    const facts = factsOf(code);
    const sendsOut = new Set(facts.calls.filter(isOutboundCall).map((c) => c.fn));
    facts.functions.forEach((fn, index) => {
      const broad = fn.sensitiveReads.filter((r) => r.kind !== 'env');
      if (broad.length === 0) return;
      const first = broad[0]!;
      const what = first.kind === 'env-all' ? 'the whole environment' : `\`${first.text}\``;
      const report = (message: string, severity?: 'medium') =>
        ctx.report({
          file: code.path,
          subject: `${code.path}:${fn.line}`,
          location: `${code.path}:${first.line}`,
          line: first.line,
          snippet: lineText(code, first.line),
          message,
          ...(severity ? { severity, confidence: 'low' as const } : {}),
        });
      if (sendsOut.has(index)) {
        report(`${describe(fn)} reads ${what} and makes an outbound request in the same function.`);
      } else if (fn.isToolHandler && first.kind === 'credential-file') {
        report(`${describe(fn)} reads ${what}, handing credentials to the model.`, 'medium');
      }
    });
  },
});
