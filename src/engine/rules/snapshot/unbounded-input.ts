import { defineRule } from '../define-rule.js';
import { toolParameters } from '../../text/fields.js';
import { SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { proseFields, snippetAround, subjectsOf } from './_tool-text.js';

/** Text telling the model to call again and again: a cost and availability attack. */
const LOOP_RE =
  /\b(?:call|invoke|run|repeat|retry|execute|use)\w* (?:this tool|this function|it|the tool|again)\b[^.\n]{0,50}?\b(?:repeatedly|again and again|indefinitely|forever|continuously|infinitely|endlessly|\d{2,} times|at least \d+ times|until (?:the user|it|you) (?:stops?|succeeds?|gets?))\b|\bkeep (?:calling|invoking|retrying|repeating)\b|\b(?:in an? )?(?:infinite|endless) loop\b|\brecursively (?:call|invoke)\b/;

export default defineRule({
  meta: {
    id: 'unbounded-input',
    idPrefix: 'UI',
    title: 'Unbounded consumption: call loops or unbounded inputs',
    description:
      'Reports text that tells the model to call a tool repeatedly or in a loop (medium), and array inputs without `maxItems` on tools that send, fetch or execute for each element (low): both let one request turn into unbounded work and cost.',
    target: 'snapshot',
    owasp: 'LLM10',
    owaspMcp: 'MCP02',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-770',
    hipaa: [],
    soc2: [SOC2.capacity],
    remediation:
      'Remove instructions to re-call tools; bound inputs in the schema (`maxItems`, `maxLength`, `maximum`) and enforce the same limits and rate limits on the server.',
    references: ['https://genai.owasp.org/llmrisk/llm102025-unbounded-consumption/'],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of proseFields(subject)) {
        const m = LOOP_RE.exec(field.norm);
        if (!m) continue;
        ctx.report({
          subject: subject.location,
          message: `The text of ${subject.label} tells the model to call tools repeatedly.`,
          location: field.location,
          snippet: snippetAround(field.display, m.index, m[0].length),
        });
      }
      if (!subject.tool) continue;
      const caps = capabilitiesOf(subject);
      if (!caps.sendsExternally && !caps.fetchesUrls && !caps.executesCode) continue;
      for (const { name, schema } of toolParameters(subject.tool)) {
        if (schema.type !== 'array' || typeof schema.maxItems === 'number') continue;
        ctx.report({
          subject: `${subject.location}.unbounded`,
          severity: 'low',
          message: `Parameter "${name}" of ${subject.label} is an array without maxItems on a tool that acts per element.`,
          location: `${subject.location}.inputSchema.properties.${name}`,
          snippet: `${name}: ${JSON.stringify(schema).slice(0, 160)}`,
        });
      }
    }
  },
});
