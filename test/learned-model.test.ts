// The shipped model (src/engine/meaning/learned-model.plm) is what `npm run model:train` makes
// from the training sources in this repository: training is deterministic, so a change to the
// features, the trainer or the data that was not followed by retraining fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { MODEL_PATH, trainShippedModel } from '../bench/learned/train.js';

it('the committed learned model is the one the training sources give', () => {
  const committed = readFileSync(MODEL_PATH);
  const trained = trainShippedModel();
  assert.ok(
    committed.equals(trained),
    'src/engine/meaning/learned-model.plm is stale: run `npm run model:train` and commit it',
  );
});
