// Trains the sentence classifier of learned.ts (docs/adr/0020-learned-sentence-classifier.md):
// logistic regression over hashed features, fitted by AdaGrad with a seeded shuffle, so the same
// examples always give the same weights. Used by bench/learned/train.ts (which writes the shipped
// model) and by `npm run eval` (leave-one-source-out figures); never loaded by a scan.
import { LEARNED_BITS, type LearnedModel } from './learned.js';

export interface TrainingExample {
  features: readonly number[];
  /** 1: planted to steer the model; 0: honest text. */
  label: 0 | 1;
  /** How much the example counts (hard honest cases count more than ordinary honest text). */
  weight: number;
}

export interface TrainingOptions {
  epochs?: number;
  /** Base step of AdaGrad. */
  rate?: number;
  /** L2 penalty on each weight touched. */
  l2?: number;
  threshold: number;
  seed?: number;
}

export function trainLearnedModel(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
): LearnedModel {
  const epochs = options.epochs ?? 8;
  const rate = options.rate ?? 0.2;
  const l2 = options.l2 ?? 1e-6;
  const dim = 1 << LEARNED_BITS;
  // Doubles while training; the model keeps float32.
  const w = new Float64Array(dim);
  const g2 = new Float64Array(dim);
  let bias = 0;
  let biasG2 = 0;
  let seed = options.seed ?? 1;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const x = examples[i]!;
      const scale = 1 / Math.sqrt(x.features.length || 1);
      let z = bias;
      for (const k of x.features) z += w[k]! * scale;
      const g = (1 / (1 + Math.exp(-z)) - x.label) * x.weight;
      for (const k of x.features) {
        const gk = g * scale + l2 * w[k]!;
        g2[k]! += gk * gk;
        w[k]! -= (rate / Math.sqrt(g2[k]! + 1e-8)) * gk;
      }
      biasG2 += g * g;
      bias -= (rate / Math.sqrt(biasG2 + 1e-8)) * g;
    }
  }
  return {
    weights: Float32Array.from(w),
    scale: 1,
    bias: Math.fround(bias),
    threshold: options.threshold,
  };
}
