import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstSentence, parseInline, parseMarkdown } from './markdown.js';

describe('report markdown', () => {
  it('reads code spans, bold, emphasis and safe links', () => {
    assert.deepEqual(parseInline('Run `ls -la` **now**, *then* [docs](https://x.test/a).'), [
      { text: 'Run ', style: 'regular' },
      { text: 'ls -la', style: 'code' },
      { text: ' ', style: 'regular' },
      { text: 'now', style: 'bold' },
      { text: ', ', style: 'regular' },
      { text: 'then', style: 'italic' },
      { text: ' ', style: 'regular' },
      { text: 'docs', style: 'regular', link: 'https://x.test/a' },
      { text: ' (https://x.test/a).', style: 'regular' },
    ]);
  });

  it('keeps unsafe links, snake_case and lone markers literal', () => {
    assert.deepEqual(parseInline('[x](javascript:alert(1)) read_file_now 2 * 3 `open'), [
      { text: '[x](javascript:alert(1)) read_file_now 2 * 3 `open', style: 'regular' },
    ]);
  });

  it('splits paragraphs and list items', () => {
    const blocks = parseMarkdown('Intro line\ncontinues.\n\n- one\n  more\n* two\n3. three');
    assert.deepEqual(
      blocks.map((b) => [b.kind, b.marker, b.spans.map((s) => s.text).join('')]),
      [
        ['paragraph', undefined, 'Intro line continues.'],
        ['bullet', undefined, 'one more'],
        ['bullet', undefined, 'two'],
        ['numbered', '3', 'three'],
      ],
    );
  });

  it('takes the first sentence, with the list a colon introduces', () => {
    assert.equal(firstSentence('Reads `keys`. Then more.'), 'Reads keys.');
    assert.equal(firstSentence('It can:\n\n- read\n- write\n\nMore.'), 'It can: read; write.');
    assert.equal(firstSentence('读取私钥。然后发送。'), '读取私钥。');
  });
});
