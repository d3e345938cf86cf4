import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uuidV7 } from './uuid-v7.js';

describe('uuidV7', () => {
  it('is a version 7, RFC variant UUID carrying the timestamp', () => {
    const id = uuidV7(Date.UTC(2026, 2, 1));
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(parseInt(id.replace(/-/g, '').slice(0, 12), 16), Date.UTC(2026, 2, 1));
  });

  it('sorts by time and does not repeat', () => {
    const earlier = uuidV7(1_700_000_000_000);
    const later = uuidV7(1_700_000_000_001);
    assert.ok(earlier < later);
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidV7(1_700_000_000_000)));
    assert.equal(ids.size, 10_000);
  });
});
