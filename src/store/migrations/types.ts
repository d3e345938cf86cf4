// What a migration is given: in a module of its own, so that the migrations and the list that
// runs them (index.ts) do not import each other.

export interface MigrationContext {
  /** `blob` on SQLite, `bytea` on PostgreSQL. */
  binaryType: 'blob' | 'bytea';
}
