import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { guidanceText, proseFields, snippetAround, subjectsOf } from './_tool-text.js';

const EXTRACTION_RE =
  /\b(?:output|reveal|print|show|include|pass|send|return|repeat|share|provide|disclose|leak|dump|write out|recite|copy|tell me|give|forward|upload|post|transmit|log)\b[^.\n]{0,40}?\b(?:(?:your|the|full|entire|complete|original|initial|hidden) (?:system (?:prompt|message|instructions)|developer (?:message|prompt))|(?:your|full|entire|complete|original|initial|hidden) (?:instructions|prompt)|system prompt|system message|conversation history|chat history|previous messages|prior messages|full conversation|(?:your|the|full|entire|whole|current) context window|(?:the )?user'?s? (?:previous|prior|earlier|past|other) (?:questions|messages|prompts|requests))\b/;
const QUESTION_RE =
  /\bwhat (?:is|are) your (?:system prompt|instructions|rules)\b|\b(?:your |the )?(?:system prompt|system message|hidden instructions|initial instructions|conversation history|chat history)\b[^.\n]{0,30}?\b(?:must|should|will|is to|needs to) be (?:echoed|included|sent|passed|returned|copied|placed|put|repeated|output|attached)/;

const DEFENDER_RE =
  /\b(?:jailbreaks?|prompt injections?|guardrails?|classif\w+|detect\w*|moderat\w+|red[- ]team\w*)\b/;

export default defineRule({
  meta: {
    id: 'system-prompt-extraction',
    idPrefix: 'SPE',
    title: 'Text asks the model to disclose its system prompt or conversation',
    description:
      'Finds tool, prompt and server text that asks the model to output, pass or repeat its system prompt, its instructions or the conversation. System prompts carry business logic, guardrails and sometimes credentials; the conversation carries the user’s data.',
    target: 'snapshot',
    owasp: 'LLM07',
    owaspMcp: 'MCP10',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-200',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.transmission],
    remediation:
      'Remove the request. Keep secrets out of system prompts, and do not use a server whose metadata asks for the prompt or the conversation.',
    references: ['https://genai.owasp.org/llmrisk/llm072025-system-prompt-leakage/'],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of proseFields(subject)) {
        // Safeguards ("never reveal your system prompt") are blanked out first.
        const text = guidanceText(field);
        const m = EXTRACTION_RE.exec(text) ?? QUESTION_RE.exec(text);
        if (!m) continue;
        ctx.report({
          subject: subject.location,
          // A guardrail or classifier quotes attacks as examples of what it catches.
          ...(DEFENDER_RE.test(text) ? { severity: 'medium' as const } : {}),
          message: `The text of ${subject.label} asks the model to disclose its prompt or conversation.`,
          location: field.location,
          snippet: snippetAround(field.display, m.index, m[0].length),
        });
      }
    }
  },
});
