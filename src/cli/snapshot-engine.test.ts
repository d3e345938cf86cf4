import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSnapshotEngine } from './snapshot-engine.js';

describe('loadSnapshotEngine', () => {
  it('without the built script, is the engine module, loaded once', async () => {
    const first = loadSnapshotEngine();
    assert.equal(loadSnapshotEngine(), first);
    const engine = await first;
    const direct = await import('../engine/scan-snapshot.js');
    assert.equal(engine.scanSnapshot, direct.scanSnapshot);
    const result = engine.scanSnapshot({ tools: [{ name: 'echo', description: 'Echoes text.' }] });
    assert.equal(result.stats.tools, 1);
  });
});
