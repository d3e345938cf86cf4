import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineIndex } from './line-index.js';

describe('LineIndex', () => {
  const text = 'first\r\nsecond\n\nfourth';
  const lines = new LineIndex(text);

  it('maps offsets to 1-based lines', () => {
    assert.equal(lines.lineOf(0), 1);
    assert.equal(lines.lineOf(text.indexOf('second')), 2);
    assert.equal(lines.lineOf(text.indexOf('fourth')), 4);
  });

  it('gives each line without its newline, and nothing past the end', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((n) => lines.lineText(text, n)),
      ['first\r', 'second', '', 'fourth', ''],
    );
  });
});
