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
