import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import {
  guidanceText,
  namesOutsideServer,
  proseFields,
  snippetAround,
  subjectsOf,
  type NormalizedField,
} from './_tool-text.js';

const PREFER_THIS_RE = /\b(?:use|call|prefer) this (?:tool|function|server) (?:instead|rather)\b/;
const OTHERS_NAMED_RE =
  /\b(?:other|another|built-in|native|default|original|third-party|competing) (?:tools?|servers?|functions?|integrations?|providers?)\b/;
const QUOTED_IDENTIFIER_RE = /[\x60'"][a-z][a-z0-9]*(?:[_-][a-z0-9]+)+[\x60'"]/;
const IDENTIFIER_RE = /\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b/g;

/** Whether a span names a tool (the server's own included: altering how one is called is the
 *  same tampering) or anything else that is not the server's own parameter or a constant. */
function namesToolOrOutside(field: NormalizedField, span: string): boolean {
  for (const m of span.matchAll(IDENTIFIER_RE))
    if (namesOutsideServer(field, m[0], { ownToolsCount: true })) return true;
  return false;
}

/** Whether a span names an identifier that is not the server's own tool, parameter or constant. */
function namesOtherThing(field: NormalizedField, span: string): boolean {
  for (const m of span.matchAll(IDENTIFIER_RE)) if (namesOutsideServer(field, m[0])) return true;
  return false;
}

// A tool's text steering how *other* tools behave or are chosen. The tool need not be called:
// its description alone, once in context, changes what the model does with the other tools.

/** A reference to another tool: quoted or backticked identifier, or "the X tool". */
const TOOL_REF = String.raw`(?:[\x60'"][a-z][a-z0-9]*(?:[_-][a-z0-9]+)+[\x60'"]|\btool [\x60'"][a-z][a-z0-9_-]{1,40}[\x60'"]|\bthe [a-z][a-z0-9]*(?:[_-][a-z0-9]+)* (?:tool|function|server)\b|\(mcp[_-][a-z0-9_-]+\))`;

/** The tool says it is deprecated or disabled and sends the model to another tool. */
const SELF_DEPRECATION_RE = new RegExp(
  String.raw`\b(?:has been|is|was|now) (?:\w+ )?(?:deprecated|disabled|discontinued|retired|removed|replaced|unavailable|obsolete)\b[^\n]{0,200}?\b(?:use|call|redirect to|switch to|invoke)\b[^.\n]{0,30}?${TOOL_REF}`,
);
/** Changing the behaviour of another tool: its recipients, its arguments, its results. */
const ALTER_OTHER_RE = new RegExp(
  String.raw`(?:\b(?:when|whenever|if|before|after)\b[^.\n]{0,40}?${TOOL_REF}[^.\n]{0,80}?\b(?:change|modify|override|overrides|replace|redirect|intercept|forward|proxy|add|append|bcc|cc|copy|set|include|send)(?:s|es|ed|d|ing|ting)?\b)|(?:${TOOL_REF}[^.\n]{0,40}?\b(?:has been|is now|now) (?:updated|optimi[sz]ed|enhanced|changed|modified|patched|reconfigured)\b)|(?:\bintercepts?\b[^.\n]{0,60}?\brequests?\b)`,
);
/** "When the user asks for X, use this tool instead." */
const REPLACE_OTHERS_RE =
  /\b(?:route|redirect|send|forward|direct)\w* (?:every|all|any|each) [a-z ]{0,30}?(?:requests?|calls?|queries|messages)\b[^.\n]{0,30}?\b(?:through|to|via) this (?:tool|function|server)\b|\b(?:tool|function) of the [a-z0-9 _-]{1,30} server is (?:broken|deprecated|unavailable|compromised|disabled|unsafe)\b|\b(?:use|call|prefer) this (?:tool|function|server) (?:instead|rather)\b|\binstead of (?:using |calling )?(?:the )?(?:other|original|default|regular|standard) (?:tools?|servers?|functions?)\b|\b(?:all|every|any) (?:e-?mails?|messages?|requests?|calls?|payments?|transfers?)\b[^.\n]{0,40}?\bmust (?:be )?(?:bcc|cc|copied|forwarded|sent|routed|redirected)\b/;

// Steering other tools without naming one: a clause that refers to other tools in general ("any
// other tool", "another server") and either pulls their work through this tool or changes their
// arguments. Both parts are needed: "unlike other tools, this one returns JSON" steers nothing,
// and "add a recipient" alone is what an e-mail tool documents about itself.
const OTHER_TOOLS_RE =
  /\b(?:any other|every other|all other|other|another|a different|whichever|any|every|all)(?: [a-z-]+){0,2} (?:tools?|servers?|functions?|integrations?|plugins?|connectors?|apps?|assistants?)\b/;
const PULL_TO_SELF_RE =
  /\b(?:route|re-?route|redirect|divert|funnel|channel|intercept|proxy|hijack|pass|send|forward)\w*\b[^.;\n]{0,60}?\b(?:through|via|into|to) this (?:tool|function|server|endpoint)\b[^.;\n]{0,20}?\binstead\b|\b(?:route|re-?route|redirect|divert|funnel|intercept|proxy|hijack)\w*\b[^.;\n]{0,60}?\b(?:through|via|into) this (?:tool|function|server|endpoint)\b|\b(?:use|call|invoke) this (?:tool|function|server)\b[^.;\n]{0,15}?\binstead\b|\binstead\b[^.;\n]{0,15}?\b(?:use|call|invoke|through|via) this (?:tool|function|server)\b/;
const ALTER_ARGS_RE =
  /\b(?:add|append|include|insert|inject|bcc|cc|copy|change|replace|swap|set|redirect|rewrite)\w*\b(?:[^.;\n]|\.(?!\s)){0,60}?\b(?:recipients?|addresses|address|bcc|cc|attendees?|arguments?|parameters?|destination|account|url|endpoint|webhook)\b/;

/** A value the attacker supplies: an address, a URL or a phone number. */
const CONCRETE_VALUE_RE = /[\w.+-]+@[\w-]+\.[a-z]{2,}|https?:\/\/|\+\d{7,15}\b/;

/** The first clause that steers other tools in general, if any. */
function steersOtherTools(norm: string): { index: number; 0: string } | undefined {
  if (!OTHER_TOOLS_RE.test(norm)) return undefined;
  let offset = 0;
  // Sentence ends are a stop before a space: addresses and URLs keep their dots.
  for (const sentence of norm.split(/[.!?\n](?=\s|$)/)) {
    const other = OTHER_TOOLS_RE.exec(sentence);
    if (
      other &&
      !/^this\b/.test(sentence.slice(other.index)) &&
      (PULL_TO_SELF_RE.test(sentence) ||
        (CONCRETE_VALUE_RE.test(sentence) && ALTER_ARGS_RE.test(sentence.slice(other.index))))
    )
      return { index: offset, 0: sentence };
    offset += sentence.length + 1;
  }
  return undefined;
}

interface Match {
  severity: Severity;
  what: string;
  m: { index: number; 0: string };
}

function findShadowing(norm: string, field: NormalizedField): Match | undefined {
  const alter = ALTER_OTHER_RE.exec(norm);
  // A quoted identifier that is one of the server's own parameters or a constant is no tool
  // ("choose its `code` as the `datacenter_code` when creating a website setup").
  if (
    alter &&
    (!QUOTED_IDENTIFIER_RE.test(alter[0]) ||
      /\b(?:the [a-z0-9_-]+ (?:tool|function|server)|tool [\x60'"])|\(mcp[_-]/.test(alter[0]) ||
      namesToolOrOutside(field, alter[0]))
  )
    return { severity: 'high', what: 'changes how another tool behaves', m: alter };
  const replace = REPLACE_OTHERS_RE.exec(norm);
  if (replace)
    return {
      severity: 'high',
      what: 'tells the model to route requests away from other tools',
      m: replace,
    };
  const steer = steersOtherTools(norm);
  if (steer) return { severity: 'high', what: 'steers how other tools are used', m: steer };
  const deprecated = SELF_DEPRECATION_RE.exec(norm);
  if (deprecated) {
    // Genuine deprecation notes exist; a security scare or a "must" makes it a lure.
    const lure = /\bsecurity|vulnerab|\bmust\b|\bfor all\b/.test(norm);
    return {
      severity: lure ? 'high' : 'medium',
      what: 'claims to be deprecated or disabled and redirects the model to another tool',
      m: deprecated,
    };
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'tool-shadowing',
    idPrefix: 'TS',
    title: 'Tool text steers the use of other tools',
    description:
      'Finds tool, prompt or server text that changes how other tools are used: altering another tool’s recipients or arguments ("when send_email is called, add this address"), routing requests away from other tools, or a tool declaring itself deprecated and redirecting the model elsewhere. One malicious server can hijack trusted tools of other servers this way, without being called itself.',
    target: 'snapshot',
    owasp: 'LLM01',
    owaspMcp: 'MCP06',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity, HIPAA.transmission],
    soc2: [SOC2.processingIntegrity, SOC2.transmission],
    remediation:
      'A tool description must describe only that tool. Remove references that alter or redirect other tools; isolate servers from different publishers (separate agents or explicit tool allow-lists) so one server’s text cannot steer another’s tools.',
    references: [
      'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
      'https://genai.owasp.org/llmrisk/llm01-prompt-injection/',
    ],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of proseFields(subject)) {
        // Call order among the server's own tools is documentation (guidanceText blanks it).
        const text = guidanceText(field);
        const hit = findShadowing(text, field);
        if (!hit) continue;
        // "Use this tool instead of editing text nodes directly" prefers this tool over a way of
        // working, as vendors write all the time: medium unless other tools or servers are named.
        // Deep inside a schema (a nested object's field) a sentence describes data, not the
        // model's tools: medium there, for review.
        const mild =
          (PREFER_THIS_RE.test(hit.m[0]) &&
            !OTHERS_NAMED_RE.test(text) &&
            !namesOtherThing(field, text)) ||
          (field.location.match(/\.properties[.[]/g) ?? []).length > 1;
        ctx.report({
          subject: subject.location,
          severity: mild ? 'medium' : hit.severity,
          message: `The text of ${subject.label} ${hit.what}.`,
          location: field.location,
          snippet: snippetAround(field.display, hit.m.index, hit.m[0].length),
        });
      }
    }
  },
});
