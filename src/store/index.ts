// createStore(config) picks the backend from PALISADE_DATABASE_URL: the embedded SQLite file
// (default) or PostgreSQL. Both go through the same Kysely implementation and migrations.

import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import type { Pool } from 'pg';
import type { Config } from '../config.js';
import { createKyselyStore, type WriteTransaction } from './kysely-store.js';
import type { Store } from './port.js';
import type { Database } from './schema.js';

export type { Store } from './port.js';
export { StoreConflictError } from './errors.js';

/** How long a SQLite writer waits for another process's write lock before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function createStore(
  config: Pick<Config, 'databaseKind' | 'databaseUrl' | 'sqlitePath'>,
): Promise<Store> {
  if (config.databaseKind === 'postgres') return createPostgresStore(config.databaseUrl);
  if (!config.sqlitePath) throw new Error('PALISADE_DATABASE_URL: sqlite: needs a file path');
  return createSqliteStore(config.sqlitePath);
}

/** Distinct SQL texts kept prepared; the store issues a few dozen, so this is never reached. */
const SQLITE_STATEMENT_CACHE_MAX = 500;

/**
 * Kysely's SQLite driver prepares every statement on every query; on hot reads (the API-key
 * lookup behind each request) preparing cost as much as running. Statements are reused per SQL
 * text instead. Safe because Kysely serialises use of the single connection, and the store never
 * streams (an iterating statement could not be shared).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement === undefined) {
        if (statements.size >= SQLITE_STATEMENT_CACHE_MAX) statements.clear();
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

export async function createSqliteStore(path: string): Promise<Store> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(path);
  // Owner-only, like the master key: the file holds key hashes, encrypted secrets and results.
  // SQLite creates the -wal and -shm files with the database file's mode.
  if (path !== ':memory:') chmodSync(path, 0o600);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });

  // Kysely hands out SQLite's single connection under a mutex, so holding it serialises writers
  // in this process; BEGIN IMMEDIATE takes the file's write lock up front, so writers in other
  // processes (the admin CLI, say) wait on busy_timeout instead of failing mid-transaction.
  const writeTransaction: WriteTransaction = (fn) =>
    db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        if (sqlite.inTransaction) await sql`rollback`.execute(conn);
        throw error;
      }
    });

  // A second, read-only connection for the per-request key lookup: WAL lets it read while the
  // main connection writes, it sees only committed rows (a key rotation in progress is invisible
  // until it commits), and a synchronous read skips Kysely's connection mutex on the hot path.
  const reader =
    path === ':memory:'
      ? undefined
      : new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  const readerStatements = new Map<string, SqliteDatabase.Statement>();
  const readFirstRow = reader
    ? (source: string, parameters: readonly unknown[]): unknown => {
        let statement = readerStatements.get(source);
        if (statement === undefined) {
          statement = reader.prepare(source);
          readerStatements.set(source, statement);
        }
        return statement.get(...parameters);
      }
    : undefined;

  return createKyselyStore({
    dialect: 'sqlite',
    db,
    writeTransaction,
    ...(readFirstRow ? { readFirstRow } : {}),
    ...(reader ? { onClose: async () => void reader.close() } : {}),
  });
}

export interface PostgresStoreOptions {
  /** Use (and create) this schema instead of `public`: one per test run. */
  schema?: string;
  /** Drop the schema on close (test runs). */
  dropSchemaOnClose?: boolean;
  poolSize?: number;
}

const SCHEMA_NAME_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME_RE.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  }
  if (schema !== undefined) await runOnce(url, `create schema if not exists "${schema}"`);
  // pg loads only for PostgreSQL: with SQLite, the service does not pay for it at start.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection that PostgreSQL closes (restart, failover, pg_terminate_backend) emits 'error':
  // on the pool while idle, on the client while Kysely holds it between two statements. Unheard,
  // either kills the process; heard, the statement in progress fails, the dead client is dropped
  // on release and the pool connects again on demand.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const writeTransaction: WriteTransaction = (fn) => db.transaction().execute(fn);
  const onClose =
    schema !== undefined && options.dropSchemaOnClose
      ? () => runOnce(url, `drop schema if exists "${schema}" cascade`)
      : undefined;
  // Kysely's migrator looks for its bookkeeping tables in every schema unless told which one:
  // with a search_path set in the URL (`options=-c search_path=…`), name the connection's own.
  let migrationSchema = schema;
  try {
    migrationSchema ??= await currentSchema(pool);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createKyselyStore({
    dialect: 'postgres',
    db,
    writeTransaction,
    onClose,
    schema: migrationSchema,
  });
}

async function currentSchema(pool: Pool): Promise<string | undefined> {
  const result = await pool.query<{ schema: string | null }>('select current_schema() as schema');
  return result.rows[0]?.schema ?? undefined;
}

async function runOnce(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
