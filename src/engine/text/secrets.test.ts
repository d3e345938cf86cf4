import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactSecrets } from './secrets.js';

describe('redactSecrets', () => {
  it('keeps four characters at each end of every credential', () => {
    assert.equal(
      redactSecrets('key AKIAABCDEFGHIJKLMNOP and sk-abcdefghijklmnopqrstuvwxyz12'),
      'key AKIA…MNOP and sk-a…yz12',
    );
  });
  it('leaves ordinary text alone', () => {
    const text = 'Pass token: your personal access token from the settings page.';
    assert.equal(redactSecrets(text), text);
  });
});
