import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { nameWords, snippetAround, subjectsOf } from './_tool-text.js';

// Claims that ask the model to prefer or trust one tool. Tool descriptions are read by a model
// choosing between tools, so advertising is a way to win calls away from other servers.

/** Trust over the user or over every other source: the strongest form, high. */
const TRUST_OVER_RE =
  /\b(?:follow|treat|obey|heed)\b[^.\n]{0,30}\bas (?:you would )?(?:a |the |your )?system (?:message|prompt|instructions?)\b|\bcarr(?:y|ies) (?:the )?(?:operator|system|administrator|admin|developer)(?:'s)? authority\b|\b(?:always |you must |you should )?trust (?:this|its|the) (?:tool'?s? )?(?:output|result|response|answer)s? (?:over|above|instead of|more than)\b|\bthe only (?:reliable|trusted|trustworthy|accurate|official|authoritative|valid) (?:source|tool)\b|\b(?:never|do not|don't) (?:trust|use|call|rely on) (?:any )?(?:other|another|competing|alternative) (?:[a-z]+[ -])?(?:tools?|servers?|sources?|services?|apis?|functions?|providers?|plugins?|extensions?|integrations?|engines?|websites?|sites?|databases?|results?|data|answers?|mcps?|apps?|clients?|vendors?|models?|assistants?|agents?|methods?|options?|alternatives?)\b|\bthe only [a-z]+ you (?:should|can|must) (?:trust|use|rely on)\b|\b(?:other|competing|alternative) tools? (?:are|is) (?:unreliable|inferior|outdated|deprecated|broken|unsafe|dangerous|inaccurate)\b|\b(?:overrides?|supersedes?) (?:the )?(?:user|other tools?)\b|\b(?:the )?(?:single|only|sole|one) (?:source of truth|trusted source)\b|\b(?:other|competing|alternative|third[- ]party) (?:[a-z]+ ){0,2}(?:are|is)(?: known to be| often| usually)? (?:buggy|broken|unreliable|inferior|outdated|deprecated|unsafe|dangerous|inaccurate|wrong|compromised|malicious)\b|\b(?:other|competing|alternative|third[- ]party) (?:tools?|servers?|sources?)\b[^.\n]{0,40}?\b(?:should|must|can|will)(?:not| never|n't)? ?(?:never )?be (?:trusted|relied on|used)\b/;

// Trust over the user, by mechanism rather than wording: one clause that (a) has the user dissent
// or names the user as what is overridden, (b) tells the model the tool's answer prevails and
// (c) refers to the tool or its output. A factual "authoritative for EU exchange rates" has no
// user in it; "if the user disagrees, ask what to change" has nothing prevailing.
const USER_DISSENT_RE =
  /\b(?:users?|human|customer|person)(?:'s)?\b[^.;!?\n]{0,40}?\b(?:disagree|object|dispute|contradict|correct|challenge|question|insist|doubt|push(?:es)? back|protest|complain|says? (?:otherwise|it'?s wrong|that'?s wrong)|claims? otherwise|thinks? otherwise|believes? otherwise)\w*|\b(?:over|above|rather than|instead of|more than|against|before) (?:what )?(?:the |any )?(?:users?|human|customer)(?:'s)?\b|\b(?:over|above|rather than|instead of|more than|against) (?:what is (?:asked|said)|(?:the |any |all )?(?:requests?|instructions?|messages?|asks?)(?: (?:made|given|sent|typed))?|anything) in the (?:chat|conversation)\b/;
const PREVAILS_RE =
  /\b(?:trust|believe|rely on|side with|defer to|go with|treat|accept)\b|\bfinal\b|\btakes? precedence\b|\bprevails?\b|\boverrides?\b|\bis (?:always )?(?:right|correct)\b|\bstand by\b|\b(?:ignore|dismiss|disregard)\b/;
const TOOL_OUTPUT_RE =
  /\b(?:this|the) (?:tool|server|function|service)\b|\b(?:in|of) this (?:document|resource|prompt|file|page|note|guide)s?\b|\b(?:tool|server|function)'s\b|\bits (?:output|answer|result|response|data|value)s?\b|\b(?:output|answer|result|response)s?\b/;

/** "answer user questions", "route customer complaints": a bare singular noun before the plural
 *  makes a compound noun, not a user who disputes anything ("the user questions the result"). */
const USER_NOUN_COMPOUND_RE =
  /(?<!\b(?:the|a|an|this|that|each|every|any|your|our|their|if|when|whenever|once) )\b(?:user|customer) (?:questions|objections|complaints|doubts|corrections|challenges|disputes)\b/g;

/** The first clause that puts the tool's answer above the user's, if any. */
function userOverride(norm: string): { index: number; 0: string } | undefined {
  if (!/\b(?:users?|human|customer|person|chat|conversation)\b/.test(norm)) return undefined;
  let offset = 0;
  for (const clause of norm.split(/[.;!?\n]/)) {
    if (
      USER_DISSENT_RE.test(clause.replace(USER_NOUN_COMPOUND_RE, 'user requests')) &&
      PREVAILS_RE.test(clause) &&
      TOOL_OUTPUT_RE.test(clause)
    )
      return { index: offset, 0: clause };
    offset += clause.length + 1;
  }
  return undefined;
}

/** Instructions to pick this tool: medium. */
const PREFER_RE =
  /\bprioriti[sz]e this (?:tool|server|function) (?:over|above)\b|\b(?:always|only|must|should) (?:use|prefer|choose|pick|select|call) (?:this|the \w+) tool\b(?! when| if| to)|\b(?:use|prefer|choose) this (?:tool )?(?:instead of|over|rather than|before) (?:any|other|all)\b|\b(?:inferior|lesser|outdated) (?:tools?|alternatives|competitors)\b|\bonly (?:ever )?use this (?:one|tool|server)\b(?! if| when| once| after| unless| with)|\b(?:instead of|rather than) (?:any )?other tools?\b/;

/** Advertising superlatives; two or more (or one with a promotional name) make a finding. */
const PROMO_RE =
  /\b(?:world'?s best|best (?:tool|version)|the best\b|ultimate|superior|premium|pinnacle|unmatched|unparalleled|unrivall?ed|world[- ]class|award[- ]winning|cutting[- ]edge|industry[- ](?:leading|standard)|number one|#1\b|state[- ]of[- ]the[- ]art|revolutionary|elite|most (?:advanced|reliable|accurate|trusted|sophisticated|powerful|comprehensive)|enterprise[- ]grade|(?:scientifically|clinically) proven|trusted by|recommended by|used by (?:\d+|millions|thousands|fortune|top|professionals)|fortune 500|five[- ]star|\d{2,3}(?:\.\d+)?% (?:more |accura|success|reliab|of professionals|improvement)|guarantee[ds]?\b|(?:advanced|enhanced|professional|ultimate|premium|pro) version\b|limited[- ]time|act now|hurry|expires? soon|while (?:you )?(?:still )?can|only \d+ (?:uses?|spots?|left)|exclusive|vip\b|featured (?:on|in)\b|\d{2,3}(?:\.\d+)?% (?:customer )?satisfaction)/g;

/** Self-praise strong enough alone: the tool ranks itself against all others. */
const STRONG_PROMO_RE =
  /\b(?:the )?best (?:tool|server|version|choice|option)\b[^.\n]{0,30}?\b(?:in the world|ever|available|on the market|of all)\b|\bworld'?s best\b|\bthe best tool\b|\bbetter than (?:all|any) (?:other )?tools?\b/;

/** Name words that sell rather than describe. */
const PROMO_NAME_WORDS = new Set([
  'best',
  'premium',
  'ultimate',
  'superior',
  'elite',
  'revolutionary',
  'supreme',
  'greatest',
  'official',
  'trusted',
  'enhanced',
  'advanced',
  'pro',
  'improved',
  'better',
  'super',
]);
const STRONG_NAME_WORDS = new Set([
  'best',
  'premium',
  'ultimate',
  'superior',
  'elite',
  'revolutionary',
  'supreme',
  'greatest',
]);

function promoHits(text: string): RegExpExecArray[] {
  PROMO_RE.lastIndex = 0;
  return [...text.matchAll(PROMO_RE)];
}

export default defineRule({
  meta: {
    id: 'authority-claims',
    idPrefix: 'AC',
    title: 'Tool claims authority or advertises itself to the model',
    description:
      'Finds descriptions that tell the model to trust a tool over the user or other sources, to always prefer it, or that advertise it with superlatives and names like "best" or "premium". Models choose tools by reading these texts; manipulating that choice steers calls (and data) to one server and degrades answers (preference manipulation).',
    target: 'snapshot',
    owasp: 'LLM09',
    owaspMcp: 'MCP06',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.processingIntegrity, SOC2.vendorRisk],
    remediation:
      'Describe what the tool does, factually; drop superlatives, endorsements and instructions to prefer or trust the tool. Users should prefer servers whose descriptions are neutral, and pin reviewed definitions.',
    references: [
      'https://genai.owasp.org/llmrisk/llm092025-misinformation/',
      'https://arxiv.org/abs/2505.11154',
    ],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      const nameField = subject.fields.find((f) => f.kind === 'name');
      const words = nameField ? nameWords(nameField.text) : [];
      const strongName = words.some((w) => STRONG_NAME_WORDS.has(w));
      const promoName = words.some((w) => PROMO_NAME_WORDS.has(w));
      let reported = false;
      for (const field of subject.fields) {
        if (field.kind !== 'description' && field.kind !== 'title' && field.kind !== 'instructions')
          continue;
        const trust = TRUST_OVER_RE.exec(field.norm) ?? userOverride(field.norm);
        const prefer = PREFER_RE.exec(field.norm);
        const promos = promoHits(field.norm);
        const strongPromo = STRONG_PROMO_RE.exec(field.norm);
        const hit = trust ?? prefer ?? strongPromo ?? promos[0];
        if (!hit) continue;
        if (!trust && !prefer && !strongPromo && promos.length < 2 && !promoName) continue;
        reported = true;
        ctx.report({
          subject: subject.location,
          severity: trust ? 'high' : 'medium',
          message: trust
            ? `${subject.label} tells the model to trust it over the user or other sources.`
            : prefer
              ? `${subject.label} tells the model to prefer it over other tools.`
              : `${subject.label} advertises itself to the model (${promos.map((m) => `"${m[0]}"`).join(', ')}).`,
          location: field.location,
          snippet: snippetAround(field.display, hit.index, hit[0].length),
        });
      }
      if (!reported && strongName && nameField) {
        ctx.report({
          subject: subject.location,
          message: `${subject.label} has a name that advertises it to the model rather than describing it.`,
          location: nameField.location,
          snippet: nameField.text,
        });
      }
    }
  },
});
