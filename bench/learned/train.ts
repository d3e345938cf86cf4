// Trains the learned sentence classifier on every training source (bench/learned/data.ts) and
// writes the model Palisade ships, src/engine/meaning/learned-model.plm (docs/adr/0020).
// Training is deterministic: the same sources give the same file, which a test checks.
// Run: npm run model:train

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeLearnedModel, LEARNED_MODEL_FILE } from '../../src/engine/meaning/learned.js';
import { loadTrainingSources, trainWithout } from './data.js';

export const MODEL_PATH = join(import.meta.dirname, '../../src/engine/meaning', LEARNED_MODEL_FILE);

export function trainShippedModel(): Buffer {
  return encodeLearnedModel(trainWithout(loadTrainingSources()));
}

if (process.argv[1] === import.meta.filename) {
  const bytes = trainShippedModel();
  writeFileSync(MODEL_PATH, bytes);
  console.log(`wrote ${MODEL_PATH} (${bytes.length} bytes)`);
}
