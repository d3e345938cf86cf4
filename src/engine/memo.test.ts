import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedMemo } from './memo.js';

describe('boundedMemo', () => {
  it('computes each key once, undefined answers included, and stays within its size', () => {
    const calls: string[] = [];
    const lengthOrNothing = boundedMemo(2, (key: string) => {
      calls.push(key);
      return key.length > 1 ? key.length : undefined;
    });
    assert.equal(lengthOrNothing('ab'), 2);
    assert.equal(lengthOrNothing('a'), undefined);
    assert.equal(lengthOrNothing('ab'), 2);
    assert.equal(lengthOrNothing('a'), undefined);
    assert.deepEqual(calls, ['ab', 'a']);
    lengthOrNothing('abc'); // full: the cache starts again
    lengthOrNothing('ab');
    assert.deepEqual(calls, ['ab', 'a', 'abc', 'ab']);
  });
});
