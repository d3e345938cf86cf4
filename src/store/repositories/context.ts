// What every repository is built from: the Kysely instance, the way a write transaction starts
// (which differs by dialect), and the row conversions they share.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Runs `fn` in a transaction that holds the write lock from its first statement. */
export type WriteTransaction = <T>(fn: (tx: Kysely<Database>) => Promise<T>) => Promise<T>;

export interface RepositoryContext {
  db: Kysely<Database>;
  writeTransaction: WriteTransaction;
}

export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
export const dateOrNull = (s: string | null): Date | null => (s ? new Date(s) : null);
