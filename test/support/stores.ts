// Runs a suite once per storage backend: SQLite (a temp file) always, PostgreSQL when
// PALISADE_TEST_DATABASE_URL is set. Each PostgreSQL store lives in its own fresh schema, dropped
// when the suite ends. A set but unreachable PostgreSQL fails the suite instead of skipping it,
// so a broken database can never turn into a green run (.ci/run sets the URL).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { createPostgresStore, createSqliteStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/port.js';

export type Backend = 'sqlite' | 'postgres';
/** A fresh, migrated, empty store. Closed (and its files or schema removed) after the suite. */
export type MakeStore = () => Promise<Store>;

const PG_PROBE_TIMEOUT_MS = 3000;

type PgStatus = { kind: 'unset' } | { kind: 'ok'; url: string } | { kind: 'down'; reason: string };

async function probePostgres(): Promise<PgStatus> {
  const url = process.env.PALISADE_TEST_DATABASE_URL?.trim();
  if (!url) return { kind: 'unset' };
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PG_PROBE_TIMEOUT_MS,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return { kind: 'ok', url };
  } catch (error) {
    return { kind: 'down', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgStatus = await probePostgres();

export function postgresTestUrl(): string | undefined {
  return pgStatus.kind === 'ok' ? pgStatus.url : undefined;
}

function sqliteMaker(): { make: MakeStore; cleanup: () => Promise<void> } {
  const opened: { store: Store; dir: string }[] = [];
  return {
    async make() {
      const dir = mkdtempSync(join(tmpdir(), 'palisade-store-'));
      const store = await createSqliteStore(join(dir, 'palisade.db'));
      opened.push({ store, dir });
      await store.migrate();
      return store;
    },
    async cleanup() {
      for (const { store, dir } of opened.splice(0)) {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let schemaCounter = 0;

function postgresMaker(url: string): { make: MakeStore; cleanup: () => Promise<void> } {
  const opened: Store[] = [];
  return {
    async make() {
      schemaCounter += 1;
      const schema = `palisade_test_${process.pid}_${Date.now().toString(36)}_${schemaCounter}`;
      const store = await createPostgresStore(url, { schema, dropSchemaOnClose: true });
      // Tracked before migrating, so a failed migration still drops its schema.
      opened.push(store);
      await store.migrate();
      return store;
    },
    async cleanup() {
      for (const store of opened.splice(0)) await store.close();
    },
  };
}

export function forEachBackend(
  name: string,
  body: (makeStore: MakeStore, backend: Backend) => void,
): void {
  describe(`${name} [sqlite]`, () => {
    const { make, cleanup } = sqliteMaker();
    after(cleanup);
    body(make, 'sqlite');
  });

  if (pgStatus.kind === 'unset') {
    describe(`${name} [postgres]`, { skip: 'PALISADE_TEST_DATABASE_URL is not set' }, () => {});
    return;
  }
  if (pgStatus.kind === 'down') {
    const message = `PostgreSQL at PALISADE_TEST_DATABASE_URL is unreachable: ${pgStatus.reason}`;
    // A visible failure, not a skip: whoever set the URL (.ci/run does, without CI=true) promised
    // a database. Unset is the only skip.
    describe(`${name} [postgres]`, () => {
      it('reaches PostgreSQL', () => {
        throw new Error(message);
      });
    });
    return;
  }
  describe(`${name} [postgres]`, () => {
    const { make, cleanup } = postgresMaker(pgStatus.url);
    after(cleanup);
    body(make, 'postgres');
  });
}
