import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apiKeyHint,
  constantTimeEqual,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from './api-keys.js';

describe('api keys', () => {
  it('have the documented shape and pass their own checksum', () => {
    const key = generateApiKey();
    assert.match(key, /^pal_[0-9A-Za-z]{46}$/);
    assert.equal(isWellFormedApiKey(key), true);
  });

  it('are unique and use the whole base62 alphabet', () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateApiKey()));
    assert.equal(keys.size, 500);
    const chars = new Set([...keys].flatMap((k) => [...k.slice(4, 44)]));
    assert.equal(chars.size, 62);
  });

  it('reject any single-character change (checksum) and malformed input', () => {
    const key = generateApiKey();
    for (const index of [4, 20, 43, 44, 49]) {
      const original = key[index]!;
      const replacement = original === 'a' ? 'b' : 'a';
      const tampered = key.slice(0, index) + replacement + key.slice(index + 1);
      assert.equal(isWellFormedApiKey(tampered), false, `changed at ${index}`);
    }
    for (const bad of [
      '',
      'pal_',
      key.slice(0, -1),
      key + 'x',
      key.replace('pal_', 'pak_'),
      key.slice(0, 10) + '-' + key.slice(11),
      ` ${key}`,
    ]) {
      assert.equal(isWellFormedApiKey(bad), false, JSON.stringify(bad));
    }
  });

  it('hash to SHA-256 hex and shorten to a hint', () => {
    const key = 'pal_abcd' + '0'.repeat(32) + 'wxyz' + '000000';
    assert.match(hashApiKey(key), /^[0-9a-f]{64}$/);
    assert.equal(hashApiKey(key), hashApiKey(key));
    assert.notEqual(hashApiKey(key), hashApiKey(generateApiKey()));
    assert.equal(apiKeyHint(key), 'pal_abcd…0000');
    const real = generateApiKey();
    assert.equal(apiKeyHint(real), `pal_${real.slice(4, 8)}…${real.slice(-4)}`);
  });

  it('compare in constant time, including different lengths', () => {
    assert.equal(constantTimeEqual('abc', 'abc'), true);
    assert.equal(constantTimeEqual('abc', 'abd'), false);
    assert.equal(constantTimeEqual('abc', 'abcd'), false);
    assert.equal(constantTimeEqual('', ''), true);
  });
});
