import {
  bestUnit,
  isLearnedKind,
  scoreFeatures,
  shippedLearnedModel,
  type LearnedModel,
} from '../../meaning/learned.js';
import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { snippetAround, subjectsOf, type Subject } from './_tool-text.js';
import type { McpSnapshot } from '../../types.js';

/** A unit of an item that the model scores at or above its threshold. */
export interface PlantedUnit {
  subject: Subject;
  location: string;
  /** The field's text as written. */
  text: string;
  unit: string;
  score: number;
}

/**
 * The highest-scoring unit of each tool, prompt, resource or the instructions, where it reaches
 * the model's threshold. A field repeated across tools (a shared schema) is scored once.
 */
export function plantedUnits(snapshot: McpSnapshot, model: LearnedModel): PlantedUnit[] {
  const scoreByText = new Map<string, { unit: string; score: number }>();
  // learnedUnits shares one features array among the units of one sentence (or pair) in a scan:
  // boilerplate sentences recur across descriptions, and are scored once (ADR 0023).
  const scoreByFeatures = new Map<readonly number[], number>();
  const scoreOf = (features: readonly number[]): number => {
    let score = scoreByFeatures.get(features);
    if (score === undefined)
      scoreByFeatures.set(features, (score = scoreFeatures(model, features)));
    return score;
  };
  const best = (text: string, kind: Subject['fields'][number]['kind']) => {
    const key = `${kind}\u0000${text}`;
    let found = scoreByText.get(key);
    if (!found) {
      found = bestUnit({ kind, text }, model, scoreOf);
      scoreByText.set(key, found);
    }
    return found;
  };
  const out: PlantedUnit[] = [];
  for (const subject of subjectsOf(snapshot)) {
    let top: PlantedUnit | undefined;
    for (const field of subject.fields) {
      if (!isLearnedKind(field)) continue;
      const { unit, score } = best(field.text, field.kind);
      if (score >= model.threshold && score > (top?.score ?? 0))
        top = { subject, location: field.location, text: field.text, unit, score };
    }
    if (top) out.push(top);
  }
  return out;
}

export default defineRule({
  meta: {
    id: 'planted-instructions',
    idPrefix: 'PI',
    title: 'Text reads like instructions planted for the model',
    description:
      'A learned sentence classifier (docs/adr/0020-learned-sentence-classifier.md) scores every sentence, and every two adjacent sentences, of tool, prompt and resource text and server instructions, in any language. It was trained on plain-language attacks and on honest text written to resemble them, by writers who never saw the rules, and on the listings of real servers. It reports, at medium, the item whose text scores at or above its threshold: wording the phrase and frame rules do not know, but which reads like text written to steer the model rather than to document the tool.',
    target: 'snapshot',
    owasp: 'LLM01',
    owaspMcp: 'MCP06',
    severity: 'medium',
    confidence: 'low',
    cwe: 'CWE-1427',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.processingIntegrity],
    remediation:
      'Read the quoted sentence as the model would. If it tells the model what to do beyond using this tool (other tools, where data goes, what to tell the user), remove it; if it documents the tool honestly, allowlist the finding.',
    references: ['https://genai.owasp.org/llmrisk/llm01-prompt-injection/'],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const found of plantedUnits(snapshot, shippedLearnedModel())) {
      ctx.report({
        subject: found.subject.location,
        message: `${found.subject.label} has text that reads like an instruction planted for the model (learned classifier, score ${found.score.toFixed(2)}).`,
        location: found.location,
        // Quoted in its place, with the text around it (a name's unit is its words, not found
        // as such in the text: the name is quoted from its start).
        snippet: snippetAround(
          found.text,
          Math.max(0, found.text.indexOf(found.unit.slice(0, 40))),
          found.unit.length,
        ),
      });
    }
  },
});
