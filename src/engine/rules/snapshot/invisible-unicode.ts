import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import {
  decodeTagCharacters,
  decodeVariationSelectors,
  findHiddenChars,
  type HiddenCharKind,
} from '../../text/unicode.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { injectionSignals, signalScore } from './_injection-signals.js';
import { subjectsOf, type NormalizedField } from './_tool-text.js';

/** Weight at which revealed text reads as an instruction (as tool-hidden-instructions reports). */
const REVEALED_SCORE_MIN = 3;

/** The field's text with invisible separators read as spaces, when that reads as an instruction. */
function revealedInstruction(field: NormalizedField): string | undefined {
  if (field.revealed === undefined) return undefined;
  const score = signalScore(injectionSignals(field.revealed));
  // Only what the separators add counts: an instruction visible anyway is another rule's finding.
  if (score < REVEALED_SCORE_MIN || score <= signalScore(injectionSignals(field.norm)))
    return undefined;
  return field.revealed.slice(0, 240);
}

const KIND_LABEL: Record<HiddenCharKind, string> = {
  'zero-width': 'zero-width characters',
  'bidi-control': 'bidirectional text controls',
  'tag-character': 'Unicode tag characters',
  'variation-selector': 'variation selectors',
  'ansi-escape': 'terminal escape sequences',
  control: 'control characters',
};

function codePoints(text: string, index: number, length: number): string {
  return Array.from(text.slice(index, index + Math.min(length, 24)))
    .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');
}

export default defineRule({
  meta: {
    id: 'invisible-unicode',
    idPrefix: 'IU',
    title: 'Invisible or text-reordering characters in metadata',
    description:
      'Finds characters that display as nothing or move text around in a client UI but are read by the model: Unicode tag characters (an invisible copy of ASCII), variation-selector byte smuggling, zero-width characters, bidirectional controls, terminal escape sequences and other control characters. Hidden text is decoded and shown in the evidence. Zero-width joiners inside emoji sequences and joiners or direction marks in scripts that need them are not reported.',
    target: 'snapshot',
    owasp: 'LLM01',
    owaspMcp: 'MCP06',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-1007',
    hipaa: [HIPAA.integrity, HIPAA.malware],
    soc2: [SOC2.malware, SOC2.processingIntegrity],
    remediation:
      'Strip invisible and control characters from tool metadata (allow ZWJ only inside emoji sequences and scripts that need it). Treat a definition that hides text as hostile: do not enable it.',
    references: [
      'https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/',
      'https://cwe.mitre.org/data/definitions/1007.html',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of subject.fields) {
        const runs = findHiddenChars(field.text);
        if (runs.length === 0) continue;
        const kinds = new Set(runs.map((r) => r.kind));
        const count = runs.reduce((n, r) => n + r.length, 0);
        const hidden = [decodeTagCharacters(field.text), decodeVariationSelectors(field.text)]
          .filter(Boolean)
          .join(' ');
        let severity: Severity = 'medium';
        if (hidden || kinds.has('bidi-control') || kinds.has('ansi-escape')) severity = 'high';
        if (field.kind === 'name' || field.kind === 'param-name') severity = 'high';
        if (hidden && signalScore(injectionSignals(hidden.toLowerCase())) >= 3)
          severity = 'critical';
        // Invisible characters used as word separators hide an instruction in plain sight:
        // "Adds numbers.\u200bIgnore\u200ball\u200bprior\u200brules" reads as one word to a
        // matcher that deletes them, and as a sentence to the model.
        const revealed = revealedInstruction(field);
        if (revealed) severity = 'critical';
        if (severity === 'medium' && kinds.size === 1 && kinds.has('control') && count <= 2)
          severity = 'low';
        const first = runs[0]!;
        ctx.report({
          subject: subject.location,
          severity,
          message: `${subject.label} contains ${[...kinds].map((k) => KIND_LABEL[k]).join(', ')} (${count} code units)${hidden ? ` hiding the text "${hidden.slice(0, 120)}"` : ''}${revealed ? ' separating the words of an instruction to the model' : ''}.`,
          location: field.location,
          snippet: hidden
            ? `hidden text: ${hidden}`
            : revealed
              ? `revealed text: ${revealed}`
              : `${codePoints(field.text, first.index, first.length)} near "${field.text.slice(Math.max(0, first.index - 40), first.index + 40).replace(/[^\x20-\x7e\u00a0-\u200a\u2010-\u2027\u3000-\uffef]/g, '')}"`,
        });
      }
    }
  },
});
