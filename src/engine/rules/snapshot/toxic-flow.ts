import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { subjectsOf } from './_tool-text.js';

// The "lethal trifecta": content an attacker can write, data the user would not share, and a way
// out. Any one tool is fine; together an injected instruction in the content can make the model
// read the private data and send it away. Legitimate servers have this shape too (a GitHub
// server), so the finding is medium at most: it describes a risk to contain, not an attack.

export default defineRule({
  meta: {
    id: 'toxic-flow',
    idPrefix: 'TF',
    title: 'Server combines untrusted input, private data and an outbound channel',
    description:
      'Classifies each tool by capability and reports a server that holds all three legs of a toxic flow: a tool that brings in content third parties write (web pages, e-mail, issues, messages), a tool that reads private data (files, databases, mail, secrets), and a tool that sends data out or destroys it. A prompt injection arriving through the first can drive the other two.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP10',
    severity: 'medium',
    confidence: 'low',
    cwe: 'CWE-441',
    hipaa: [HIPAA.accessControl, HIPAA.transmission, HIPAA.riskAnalysis],
    soc2: [SOC2.transmission, SOC2.boundaries],
    remediation:
      'Split capabilities across agents or sessions so no single context holds untrusted input, private data and an outbound channel; require user confirmation for outbound and destructive calls; restrict the sinks (allow-listed recipients and hosts).',
    references: [
      'https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/',
      'https://invariantlabs.ai/blog/toxic-flow-analysis',
    ],
    monitorCandidate: false,
  },
  check(snapshot, ctx) {
    const sources: string[] = [];
    const readers: string[] = [];
    const sinks: string[] = [];
    for (const subject of subjectsOf(snapshot)) {
      if (!subject.tool) continue;
      const caps = capabilitiesOf(subject);
      const name = subject.tool.name;
      if (caps.readsUntrustedContent) sources.push(name);
      if (caps.readsPrivateData) readers.push(name);
      if (caps.sendsExternally || caps.destructive || caps.movesMoney || caps.executesCode)
        sinks.push(name);
    }
    if (sources.length === 0 || readers.length === 0 || sinks.length === 0) return;
    const list = (names: string[]): string =>
      names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
    ctx.report({
      subject: 'server',
      message: `The server combines untrusted input (${list(sources)}), private data (${list(readers)}) and outbound or destructive actions (${list(sinks)}).`,
      location: 'tools',
      snippet: `sources: ${list(sources)}; private data: ${list(readers)}; sinks: ${list(sinks)}`,
    });
  },
});
