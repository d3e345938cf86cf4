// PostgreSQL and Redis for the suites that need them. `.ci/run` sets PALISADE_TEST_DATABASE_URL and
// PALISADE_TEST_REDIS_URL: there a suite that cannot reach them fails. Locally, when they are unset,
// the suite is skipped with a message that says which variable to set.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

export const testDatabaseUrl = process.env.PALISADE_TEST_DATABASE_URL?.trim() || undefined;
export const testRedisUrl = process.env.PALISADE_TEST_REDIS_URL?.trim() || undefined;

/** A `skip` value for describe(): false when the services are configured, else the reason. */
export function skipUnless(services: { postgres?: boolean; redis?: boolean }): string | false {
  const missing: string[] = [];
  if (services.postgres && !testDatabaseUrl) missing.push('PALISADE_TEST_DATABASE_URL');
  if (services.redis && !testRedisUrl) missing.push('PALISADE_TEST_REDIS_URL');
  return missing.length === 0 ? false : `skipped: set ${missing.join(' and ')} to run this suite`;
}

/** A short random suffix for schema names, key prefixes and e-mails of one test run. */
export function runId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The URL with `options=-c search_path=<schema>` so every session of a process uses the schema. */
export function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Creates an empty schema; returns a function that drops it (and the pg-boss schema, if any). */
export async function createTestSchema(
  databaseUrl: string,
  schema: string,
  extraSchemas: string[] = [],
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${redactUrl(databaseUrl)} is unreachable: ${String(error)}`);
  }
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return async () => {
    const dropper = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    await dropper.connect();
    try {
      for (const name of [schema, ...extraSchemas]) {
        await dropper.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      }
    } finally {
      await dropper.end();
    }
  };
}

/** Fails (rather than skips) when Redis is configured but unreachable. */
export async function assertRedisReachable(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${redactUrl(redisUrl)} is unreachable: ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under a prefix (a test run's rate-limit counters). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<unparseable url>';
  }
}
