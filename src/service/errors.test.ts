import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AppError, ERROR_CATALOGUE, ERROR_CODES } from './errors.js';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

/** Rows of the catalogue table: | `code` | status | retryable | when | */
function documentedCodes(): Map<string, { status: number; retryable: boolean }> {
  const rows = new Map<string, { status: number; retryable: boolean }>();
  for (const match of doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| (yes|no) \|/gm)) {
    rows.set(match[1]!, { status: Number(match[2]), retryable: match[3] === 'yes' });
  }
  return rows;
}

describe('error catalogue', () => {
  it('lists exactly the codes of docs/errors.md, with the same status and retryability', () => {
    const documented = documentedCodes();
    assert.deepEqual([...documented.keys()].sort(), [...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const spec = ERROR_CATALOGUE[code];
      assert.deepEqual(
        documented.get(code),
        { status: spec.status, retryable: spec.retryable },
        code,
      );
    }
  });

  it('uses snake_case codes and the catalogue status on AppError', () => {
    for (const code of ERROR_CODES) {
      assert.match(code, /^[a-z]+(_[a-z]+)*$/);
      const error = new AppError(code);
      assert.equal(error.status, ERROR_CATALOGUE[code].status);
      assert.equal(error.message, ERROR_CATALOGUE[code].message);
    }
  });

  it('keeps the cause out of the public message', () => {
    const error = new AppError('internal', { cause: new Error('secret database detail') });
    assert.equal(error.message, 'An internal error occurred.');
    assert.ok(error.cause instanceof Error);
  });
});
