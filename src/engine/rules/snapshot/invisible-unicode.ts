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
import { subjectsOf } from './_tool-text.js';

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
        if (severity === 'medium' && kinds.size === 1 && kinds.has('control') && count <= 2)
          severity = 'low';
        const first = runs[0]!;
        ctx.report({
          subject: subject.location,
          severity,
          message: `${subject.label} contains ${[...kinds].map((k) => KIND_LABEL[k]).join(', ')} (${count} code units)${hidden ? ` hiding the text "${hidden.slice(0, 120)}"` : ''}.`,
          location: field.location,
          snippet: hidden
            ? `hidden text: ${hidden}`
            : `${codePoints(field.text, first.index, first.length)} near "${field.text.slice(Math.max(0, first.index - 40), first.index + 40).replace(/[^\x20-\x7e\u00a0-\u200a\u2010-\u2027\u3000-\uffef]/g, '')}"`,
        });
      }
    }
  },
});
