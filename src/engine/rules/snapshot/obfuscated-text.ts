import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { findEncodedPayloads } from '../../text/encoded.js';
import { CJK_LETTERS, hasMixedScriptWord, normalizeForMatching } from '../../text/unicode.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { injectionSignals, signalScore } from './_injection-signals.js';
import { subjectsOf } from './_tool-text.js';

const COMMAND_OR_URL_RE =
  /https?:\/\/|\b(?:curl|wget|bash|sh|powershell|rm|chmod|nc|python|eval|exec)\b/;

const CJK_LETTER_G = new RegExp(`[${CJK_LETTERS}]`, 'gu');

/**
 * Decoded text that reads as words: four words or more, or six letters of Chinese, Japanese or
 * Korean (which do not space their words), nearly all letters. IDs, hashes and images decode to
 * bytes; honest metadata has no reason to encode prose the reviewer cannot read.
 */
function isProse(decoded: string): boolean {
  const words = decoded.match(/\p{L}{2,}/gu) ?? [];
  const cjk = decoded.match(CJK_LETTER_G)?.length ?? 0;
  if (words.length < 4 && cjk < 6) return false;
  const letters = decoded.match(/[\p{L}\s'’.,;:!?*-]/gu)?.length ?? 0;
  return letters / decoded.length >= 0.85;
}

export default defineRule({
  meta: {
    id: 'obfuscated-text',
    idPrefix: 'OBF',
    title: 'Encoded payloads or look-alike letters in metadata',
    description:
      'Decodes base64 and hex runs found in tool metadata and re-scans the decoded text with the instruction detectors; reports words that mix Latin letters with look-alike letters from other scripts (a Cyrillic "а" inside an English tool name). Models decode such text readily; people reviewing the definition do not.',
    target: 'snapshot',
    owasp: 'LLM01',
    owaspMcp: 'MCP06',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity, HIPAA.malware],
    soc2: [SOC2.malware, SOC2.processingIntegrity],
    remediation:
      'Tool metadata should be plain, reviewable text. Remove encoded blobs and use one script per word; do not enable a server whose definitions hide content.',
    references: [
      'https://genai.owasp.org/llmrisk/llm01-prompt-injection/',
      'https://www.unicode.org/reports/tr39/',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      for (const field of subject.fields) {
        for (const payload of findEncodedPayloads(field.text)) {
          const decoded = normalizeForMatching(payload.decoded);
          const score = signalScore(injectionSignals(decoded));
          let severity: Severity = 'low';
          if (score >= 3) severity = 'high';
          else if (COMMAND_OR_URL_RE.test(decoded) || isProse(payload.decoded)) severity = 'medium';
          ctx.report({
            subject: subject.location,
            severity,
            message: `${subject.label} carries a ${payload.encoding} payload that decodes to text${score >= 3 ? ' containing instructions to the model' : ''}.`,
            location: field.location,
            snippet: `decoded: ${payload.decoded.slice(0, 200)}`,
          });
        }
        if (
          field.kind !== 'name' &&
          field.kind !== 'param-name' &&
          field.kind !== 'description' &&
          field.kind !== 'title'
        )
          continue;
        const word = hasMixedScriptWord(field.text);
        if (!word) continue;
        const isName = field.kind === 'name' || field.kind === 'param-name';
        ctx.report({
          subject: subject.location,
          severity: isName ? 'high' : 'medium',
          message: `${subject.label} has a word mixing Latin and look-alike letters from another script ("${word}").`,
          location: field.location,
          snippet: `${word} (${Array.from(word)
            .map((c) =>
              c.codePointAt(0)! > 0x7f ? `U+${c.codePointAt(0)!.toString(16).toUpperCase()}` : c,
            )
            .join('')})`,
        });
      }
    }
  },
});
