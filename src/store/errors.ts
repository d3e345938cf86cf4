// Typed store failures the callers act on. Everything else is an unexpected database error.

/** A unique value (an account's email, say) already exists. */
export class StoreConflictError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/** True for a unique-constraint violation on either backend. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: SQLSTATE 23505; better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** PostgreSQL SQLSTATEs and Node socket codes of failures that a retry can get past. */
const TRANSIENT_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'SQLITE_BUSY',
]);

/**
 * True for a database failure that says nothing about the request: a cut connection, a restart,
 * a lock timeout. The API answers these with a retryable 503 rather than a 500.
 */
export function isTransientStoreError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
