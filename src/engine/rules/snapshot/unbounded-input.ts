import { defineRule } from '../define-rule.js';
import { toolParameters } from '../../text/fields.js';
import { SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { proseFields, snippetAround, subjectsOf } from './_tool-text.js';

/** What a re-call instruction calls: this tool, "me", "it", or the same tool again. */
const SELF = String.raw`(?:this (?:tool|function|endpoint|server|command)|the (?:same )?(?:tool|function)|me|it|yourself|again)`;
const CALL = String.raw`(?:call|invoke|run|repeat|retry|execute|use|trigger|query|hit)\w*`;
/** Counted repeats leave out "retry": a retry count is a policy that stops on success. */
const CALL_AGAIN = String.raw`(?:call|invoke|run|repeat|execute|use|trigger|query|hit)\w*`;

/** Text telling the model to call again and again: a cost and availability attack. */
const LOOP_RE = new RegExp(
  String.raw`\b${CALL} ${SELF}\b[^.\n]{0,50}?\b(?:repeatedly|again and again|over and over|indefinitely|forever|continuously|infinitely|endlessly|non-?stop|at least \d+ times|until (?:the user|it|you) (?:stops?|succeeds?|gets?))\b|\bkeep (?:on )?(?:calling|invoking|retrying|repeating|running)\b|\b(?:in an? )?(?:infinite|endless) loop\b|\brecursively (?:call|invoke)\b|\b(?:after|following|on) (?:every|each) (?:call|invocation|use|run|response|result|reply)\b[^.\n]{0,40}?\b${CALL} ${SELF}\b[^.\n]{0,20}?\bagain\b`,
);

/** "call it 50 more times", "run this tool a hundred times": a count, checked by repeatCount. */
const COUNTED_RE = new RegExp(
  String.raw`\b${CALL_AGAIN} ${SELF}\b([^.\n]{0,40}?)\b(\d+|a (?:few )?(?:dozen|hundred|thousand)|dozens|hundreds|thousands|twenty|thirty|forty|fifty|hundred|thousand) (?:more |additional |extra |further |separate |consecutive )?(?:times|calls|iterations|rounds)\b`,
  'g',
);
const WORD_COUNTS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  thousand: 1000,
};
const BOUND_BEFORE_RE =
  /\b(?:up to|at most|no more than|maximum(?: of)?|max|fewer than|less than)\s*$/;
/** At or above this many calls, a count is a loop rather than a retry policy ("retry 3 times"). */
const REPEAT_COUNT_MIN = 5;

function repeatCount(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  return WORD_COUNTS[word] ?? 12;
}

/** A re-call instruction, or undefined; bounded retries ("up to 3 times", "at most 5") pass. */
function loopInstruction(norm: string): RegExpExecArray | undefined {
  const loop = LOOP_RE.exec(norm);
  if (loop) return loop;
  COUNTED_RE.lastIndex = 0;
  for (const m of norm.matchAll(COUNTED_RE)) {
    const bounded = BOUND_BEFORE_RE.test(m[1]!);
    if (!bounded && repeatCount(m[2]!) >= REPEAT_COUNT_MIN) return m;
  }
  return undefined;
}

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
        const m = loopInstruction(field.norm);
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
