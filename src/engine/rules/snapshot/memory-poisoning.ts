import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { nameWords, proseFields, snippetAround, subjectsOf, toolSummary } from './_tool-text.js';

const STORE_VERBS = new Set([
  'add',
  'save',
  'store',
  'write',
  'insert',
  'upsert',
  'remember',
  'persist',
  'index',
  'ingest',
  'learn',
  'append',
  'record',
  'create',
  'update',
  'memorize',
  'put',
]);
const MEMORY_RE =
  /\b(?:memor(?:y|ies)|knowledge ?(?:base|graph)|vector ?(?:store|db|database)|embeddings?|long[- ]term|training (?:data|set)|fine[- ]?tun\w*|observations?|(?:graph|memory) entities)\b/;
/** Storing automatically, or storing content others wrote, is what turns memory into an attack surface. */
const AUTO_OR_UNTRUSTED_RE =
  /\b(?:every ?time|always|automatically|whenever|anytime|any time|without asking|all (?:user )?(?:messages|conversations|inputs))\b|\b(?:web ?pages?|search results|emails?|documents? from|urls?|scraped|fetched|tool outputs?)\b/;

export default defineRule({
  meta: {
    id: 'memory-poisoning',
    idPrefix: 'MP',
    title: 'Tool writes into persistent memory or a knowledge base',
    description:
      'Reports tools that write into long-term memory, knowledge graphs, vector stores or training data (low), and at medium when their text has the model store automatically or store content from untrusted sources. What enters memory is replayed into future sessions: an injection stored once keeps acting.',
    target: 'snapshot',
    owasp: 'LLM04',
    owaspMcp: 'MCP10',
    severity: 'low',
    confidence: 'medium',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.processingIntegrity],
    remediation:
      'Store only what the user asked to remember, show stored entries to the user, keep provenance with each entry and never store raw third-party content as instructions; give users a way to review and delete memory.',
    references: ['https://genai.owasp.org/llmrisk/llm042025-data-and-model-poisoning/'],
    monitorCandidate: false,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      if (!subject.tool) continue;
      // The tool's own verb decides that it writes; "search stored memories" only reads.
      if (!STORE_VERBS.has(nameWords(subject.tool.name ?? '')[0] ?? '')) continue;
      const summary = toolSummary(subject);
      const m = MEMORY_RE.exec(summary);
      if (!m) continue;
      const prose = proseFields(subject)
        .map((f) => f.norm)
        .join(' ');
      const risky = AUTO_OR_UNTRUSTED_RE.test(prose);
      ctx.report({
        subject: subject.location,
        severity: risky ? 'medium' : 'low',
        message: risky
          ? `${subject.label} writes into persistent memory automatically or from untrusted content.`
          : `${subject.label} writes into persistent memory or a knowledge base.`,
        location: `${subject.location}.description`,
        snippet: snippetAround(summary, m.index, m[0].length),
      });
    }
  },
});
