import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedMemo, duringScan, scanMemo } from './memo.js';

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

describe('scanMemo', () => {
  it('remembers answers within one scan only, and only computes outside a scan', () => {
    const calls: string[] = [];
    const upper = scanMemo((key: string) => {
      calls.push(key);
      return key.toUpperCase();
    });
    assert.equal(upper('a'), 'A');
    assert.equal(upper('a'), 'A');
    assert.deepEqual(calls, ['a', 'a']);
    calls.length = 0;
    duringScan(() => {
      assert.equal(upper('a'), 'A');
      assert.equal(upper('a'), 'A');
      // A nested scan shares the outer one's answers.
      duringScan(() => assert.equal(upper('a'), 'A'));
    });
    assert.deepEqual(calls, ['a']);
    duringScan(() => upper('a'));
    assert.deepEqual(calls, ['a', 'a']);
  });

  it('forgets the answers when a scan throws', () => {
    let calls = 0;
    const count = scanMemo((key: string) => (calls++, key.length));
    assert.throws(() =>
      duringScan(() => {
        count('ab');
        throw new Error('rule failed');
      }),
    );
    duringScan(() => count('ab'));
    assert.equal(calls, 2);
  });
});
