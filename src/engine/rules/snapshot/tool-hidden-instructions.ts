import { compareSeverity, defineRule } from '../define-rule.js';
import { readFrames } from '../../meaning/frames.js';
import { harmfulObjects } from './_reading.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import {
  hasKind,
  injectionSignals,
  signalScore,
  type Signal,
  type SignalKind,
} from './_injection-signals.js';
import {
  fieldSignals,
  proseFields,
  snippetAround,
  subjectsOf,
  type NormalizedField,
} from './_tool-text.js';

/** The item's own texts (not its schema's): name, title, description, annotations, arguments. */
const TOP_LEVEL_RE =
  /^(?:(?:tools|prompts|resources|resourceTemplates)\[\d+\]\.(?:name|title|description|uri|uriTemplate|annotations(?:\.\w+)?)|instructions)$/;

/** Below this summed weight a subject's text reads as documentation. */
const REPORT_SCORE_MIN = 3;
const HIGH_SCORE_MIN = 4;
const CRITICAL_SCORE_MIN = 7;

/** Kinds that address the model by themselves. */
const ANCHOR_KINDS: ReadonlySet<SignalKind> = new Set([
  'instruction-tag',
  'concealment',
  'override',
  'role-hijack',
  'forced-call-order',
  'parameter-tampering',
]);
/** Kinds that make an instruction harmful but also occur in honest descriptions. */
const SUPPORTING_KINDS: ReadonlySet<SignalKind> = new Set([
  'sensitive-action',
  'coercion',
  'scripted-output',
  'model-imperative',
  'pretext',
]);

function severityFor(
  signals: readonly Signal[],
  total: number,
  confirmed: boolean,
): Severity | undefined {
  if (total < REPORT_SCORE_MIN) return undefined;
  // A tool may legitimately describe a sensitive action it performs ("list secrets in a vault",
  // "execute a terminal command"): such signals only count next to a cue that addresses the
  // model, or when two different supporting kinds meet.
  const supporting = new Set(
    signals.filter((s) => SUPPORTING_KINDS.has(s.kind)).map((s) => s.kind),
  );
  // A weak anchor ("you must first call `build`") needs a supporting cue beyond a bare imperative.
  const anchored =
    signals.some((s) => ANCHOR_KINDS.has(s.kind) && s.weight >= 3) ||
    (signals.some((s) => ANCHOR_KINDS.has(s.kind)) &&
      [...supporting].some((k) => k !== 'model-imperative'));
  if (!anchored && supporting.size < 2) return undefined;
  if (
    total >= CRITICAL_SCORE_MIN &&
    hasKind(signals, 'concealment', 'override') &&
    hasKind(signals, 'sensitive-action', 'parameter-tampering', 'forced-call-order')
  )
    return 'critical';
  // High needs a concrete harmful frame: privileged markup, an override of earlier
  // instructions, a role change, a side task on secrets, tampering with the user's arguments, or
  // concealment next to another cue. Call-order demands, imperatives, pretexts and emphasis alone
  // are also how vendors write documentation: medium.
  const harmful =
    hasKind(signals, 'instruction-tag', 'override', 'role-hijack') ||
    (hasKind(signals, 'sensitive-action') && confirmed) ||
    signals.some((s) => s.kind === 'parameter-tampering' && s.weight >= 3) ||
    (hasKind(signals, 'concealment') && new Set(signals.map((s) => s.kind)).size >= 2);
  if (total >= HIGH_SCORE_MIN && harmful) return 'high';
  return 'medium';
}

/**
 * Signals of the reading that scores higher: the normalised text, or, when invisible characters
 * separate words, the text with them read as spaces (then the evidence quotes that revealed text).
 */
function strongestReading(field: NormalizedField): { signals: Signal[]; text: string } {
  const plain = { signals: fieldSignals(field), text: field.display };
  if (field.revealed === undefined) return plain;
  const revealed = { signals: injectionSignals(field.revealed), text: field.revealed };
  return signalScore(revealed.signals) > signalScore(plain.signals) ? revealed : plain;
}

export default defineRule({
  meta: {
    id: 'tool-hidden-instructions',
    idPrefix: 'THI',
    title: 'Instructions to the model hidden in tool metadata',
    description:
      'Finds text in tool, prompt and resource definitions or server instructions that addresses the model rather than documenting the tool: privileged-looking tags, requests to hide actions from the user, overrides of earlier instructions, role changes, forced calls of other tools and side tasks such as reading secrets. Clients pass this text to the model verbatim, so it acts as a prompt injection the user never sees.',
    target: 'snapshot',
    owasp: 'LLM01',
    owaspMcp: 'MCP06',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity, HIPAA.malware],
    soc2: [SOC2.malware, SOC2.processingIntegrity],
    remediation:
      'Remove every instruction aimed at the model from descriptions and schemas; describe only what the tool does and what its parameters mean. Do not install a server whose metadata tries to direct the model; pin and review tool definitions before enabling them.',
    references: [
      'https://genai.owasp.org/llmrisk/llm01-prompt-injection/',
      'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks',
    ],
    readsProse: true,
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      const perField: { field: NormalizedField; signals: Signal[]; text: string }[] = [];
      for (const field of proseFields(subject)) {
        const read = strongestReading(field);
        if (read.signals.length > 0) perField.push({ field, ...read });
      }
      // Signals add up within one text the model reads as a whole: the item's own name,
      // title, description and annotations together, and each schema field on its own. Two
      // hundred documentation sentences scattered over a deep schema are no one instruction.
      const groups = new Map<string, typeof perField>();
      for (const p of perField) {
        const key = TOP_LEVEL_RE.test(p.field.location) ? 'top' : p.field.location;
        groups.set(key, [...(groups.get(key) ?? []), p]);
      }
      let severity: Severity | undefined;
      const reported: typeof perField = [];
      for (const group of groups.values()) {
        const signals = group.flatMap((p) => p.signals);
        // A phrase about secrets or commands is harmful when the sentence reader confirms it in
        // the same text: a directive that moves, reads or runs something on a sensitive object,
        // or an outside destination ("posts include score … without credentials" is no such
        // sentence).
        const confirmed = group.some(({ field }) =>
          readFrames(field.text).some(
            (f) =>
              f.directive &&
              (harmfulObjects(f).length > 0 || f.sinks.some((x) => x.kind !== 'param')) &&
              f.actions.length > 0,
          ),
        );
        const groupSeverity = severityFor(signals, signalScore(signals), confirmed);
        if (!groupSeverity) continue;
        reported.push(...group);
        if (!severity || compareSeverity(groupSeverity, severity) < 0) severity = groupSeverity;
      }
      if (!severity) continue;
      const kinds = [
        ...new Set(
          reported
            .flatMap((p) => p.signals)
            .filter((s) => s.kind !== 'soft-emphasis')
            .map((s) => s.kind),
        ),
      ];
      for (const { field, signals, text } of reported) {
        const strongest = [...signals].sort((a, b) => b.weight - a.weight)[0]!;
        ctx.report({
          subject: subject.location,
          severity,
          message: `The text of ${subject.label} gives the model instructions (${kinds.map((k) => k.replace(/-/g, ' ')).join(', ')}).`,
          location: field.location,
          snippet: snippetAround(text, strongest.index, strongest.length),
        });
      }
    }
  },
});
