import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyError } from 'fastify';
import { toAppError } from './error-handler.js';

function dbError(fields: Record<string, unknown>): FastifyError {
  return Object.assign(
    new Error(String(fields.message ?? 'db')),
    fields,
  ) as unknown as FastifyError;
}

describe('toAppError: database failures', () => {
  it('answers a cut or restarting database connection with a retryable 503', () => {
    for (const error of [
      dbError({ code: '57P01', message: 'terminating connection due to administrator command' }),
      dbError({ code: '08006', message: 'connection failure' }),
      dbError({ message: 'Connection terminated unexpectedly' }),
      dbError({ message: 'wrapped', cause: { code: 'ECONNRESET' } }),
      dbError({ code: 'SQLITE_BUSY', message: 'database is locked' }),
    ]) {
      const mapped = toAppError(error);
      assert.equal(mapped.status, 503, error.message);
      assert.equal(mapped.code, 'unavailable');
      assert.equal(mapped.headers?.['retry-after'], '1');
      assert.ok(!mapped.message.includes(error.message), 'no driver text in the public message');
    }
  });

  it('keeps other unexpected errors a generic 500', () => {
    const mapped = toAppError(dbError({ code: '42P01', message: 'relation "x" does not exist' }));
    assert.equal(mapped.status, 500);
    assert.equal(mapped.code, 'internal');
  });
});
