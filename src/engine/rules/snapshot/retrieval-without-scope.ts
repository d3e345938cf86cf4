import { defineRule } from '../define-rule.js';
import { toolParameters } from '../../text/fields.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { subjectsOf, toolSummary } from './_tool-text.js';

const RETRIEVAL_RE =
  /\b(?:search|query|retriev|similar|semantic|nearest|lookup|find)\w*\b[^.\n]{0,40}?\b(?:vector ?(?:store|db|database|index)|embeddings?|knowledge ?base|semantic index|rag|collection|corpus)\b/;
const SCOPE_PARAM_RE =
  /(?:tenant|user|org|organi[sz]ation|workspace|namespace|project|account|team|owner|collection|index|kb|knowledge_?base)(?:_?(?:id|name))?$/i;

export default defineRule({
  meta: {
    id: 'retrieval-without-scope',
    idPrefix: 'RWS',
    title: 'Retrieval over a shared index without a scope parameter',
    description:
      'Reports retrieval tools (vector stores, knowledge bases, embeddings) whose inputs carry no tenant, user, workspace or collection scope. Unless the server scopes results from the caller’s identity, one user’s query can return another’s documents, and poisoned documents reach every user.',
    target: 'snapshot',
    owasp: 'LLM08',
    owaspMcp: 'MCP10',
    severity: 'low',
    confidence: 'low',
    cwe: 'CWE-668',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Scope retrieval to the caller (tenant or user filters derived from authentication, not from model-supplied arguments) and keep per-tenant indexes or metadata filters.',
    references: ['https://genai.owasp.org/llmrisk/llm082025-vector-and-embedding-weaknesses/'],
    monitorCandidate: false,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      if (!subject.tool) continue;
      if (!RETRIEVAL_RE.test(toolSummary(subject))) continue;
      if (toolParameters(subject.tool).some((p) => SCOPE_PARAM_RE.test(p.name))) continue;
      ctx.report({
        subject: subject.location,
        message: `${subject.label} retrieves from a shared index with no tenant, user or collection parameter.`,
        location: `${subject.location}.inputSchema`,
        snippet: `${subject.tool.name}: ${subject.tool.description ?? ''}`,
      });
    }
  },
});
