import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  createTestSchema,
  runId,
  skipUnless,
  testDatabaseUrl,
  withSearchPath,
} from '../../test/support/external-services.js';
import { PgBossQueue, type JobPolicy, type PgBossQueueOptions } from './pg-boss.js';
import type { JobName } from './port.js';

const FAST: Record<JobName, JobPolicy> = {
  scan: { maxAttempts: 2, retryDelaySeconds: 1, expireInSeconds: 2 },
  webhook: { maxAttempts: 2, retryDelaySeconds: 1, expireInSeconds: 2 },
};

/** Resolves when `check` is true, polling; fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

describe('PgBossQueue', { skip: skipUnless({ postgres: true }) }, () => {
  const id = runId();
  const dataSchema = `pq_${id}`;
  const bossSchema = `pq_boss_${id}`;
  const queues: PgBossQueue[] = [];
  let dropSchemas: (() => Promise<void>) | undefined;
  let db: Kysely<{ items: { id: number } }>;

  function newQueue(overrides: Partial<PgBossQueueOptions> = {}): PgBossQueue {
    const queue = new PgBossQueue({
      connectionString: testDatabaseUrl!,
      schema: bossSchema,
      policies: FAST,
      isWorker: true,
      pollingIntervalMs: 500,
      ...overrides,
    });
    queues.push(queue);
    return queue;
  }

  before(async () => {
    dropSchemas = await createTestSchema(testDatabaseUrl!, dataSchema, [bossSchema]);
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: withSearchPath(testDatabaseUrl!, dataSchema),
          max: 2,
        }),
      }),
    });
    await sql`CREATE TABLE items (id int primary key)`.execute(db);
  });

  after(async () => {
    await Promise.allSettled(queues.map((q) => q.stop(500)));
    await db?.destroy();
    await dropSchemas?.();
  });

  it('delivers a job to a worker, first attempt', async () => {
    const queue = newQueue();
    await queue.start();
    const seen: { scanId: string; attempt: number }[] = [];
    await queue.work('scan', async (payload, meta) => {
      seen.push({ scanId: payload.scanId, attempt: meta.attempt });
    });
    await queue.enqueue('scan', { scanId: 'plain-1' });
    await until(() => seen.length === 1, 10_000, 'the job');
    assert.deepEqual(seen, [{ scanId: 'plain-1', attempt: 1 }]);
    await queue.stop(1000);
  });

  it('enqueues inside the caller transaction: rolled back means no job', async () => {
    const producer = newQueue({ isWorker: false });
    await producer.start();
    await db.transaction().execute(async (tx) => {
      await sql`INSERT INTO items VALUES (1)`.execute(tx);
      await producer.enqueueInTransaction('webhook', { deliveryId: 'committed' })(tx);
    });
    await assert.rejects(
      db.transaction().execute(async (tx) => {
        await producer.enqueueInTransaction('webhook', { deliveryId: 'rolled-back' })(tx);
        throw new Error('quota exceeded, say');
      }),
      /quota exceeded/,
    );
    const seen: string[] = [];
    const worker = newQueue();
    await worker.start();
    await worker.work('webhook', async (payload) => {
      seen.push(payload.deliveryId);
    });
    await until(() => seen.includes('committed'), 10_000, 'the committed job');
    await sleep(1200);
    assert.deepEqual(seen, ['committed']);
    await Promise.all([producer.stop(500), worker.stop(500)]);
  });

  it('retries a job whose handler threw, with the attempt number', async () => {
    const queue = newQueue();
    await queue.start();
    const attempts: number[] = [];
    await queue.work('webhook', async (payload, meta) => {
      if (payload.deliveryId !== 'flaky') return;
      attempts.push(meta.attempt);
      if (meta.attempt === 1) throw new Error('receiver down');
    });
    await queue.enqueue('webhook', { deliveryId: 'flaky' });
    await until(() => attempts.length === 2, 15_000, 'the retry');
    assert.deepEqual(attempts, [1, 2]);
    await queue.stop(1000);
  });

  it('honours startAfter and makes a singleton key enqueue once', async () => {
    const queue = newQueue();
    await queue.start();
    const seenAtMs: number[] = [];
    await queue.work('webhook', async (payload) => {
      if (payload.deliveryId === 'later') seenAtMs.push(Date.now());
    });
    const sentAtMs = Date.now();
    const options = { startAfter: new Date(sentAtMs + 2000), singletonKey: 'later:1' };
    await queue.enqueue('webhook', { deliveryId: 'later' }, options);
    await queue.enqueue('webhook', { deliveryId: 'later' }, options);
    await until(() => seenAtMs.length === 1, 10_000, 'the delayed job');
    assert.ok(seenAtMs[0]! - sentAtMs >= 1900, `ran after ${seenAtMs[0]! - sentAtMs} ms`);
    await sleep(1000);
    assert.equal(seenAtMs.length, 1);
    await queue.stop(1000);
  });

  it('takes over a job whose worker died: expiry, then beforeRetry, then the handler', async () => {
    // The first worker "dies": its handler never returns and it never records an outcome.
    const dying = newQueue();
    await dying.start();
    let dyingGotIt = false;
    await dying.work('scan', async (payload) => {
      if (payload.scanId !== 'orphan') return;
      dyingGotIt = true;
      await new Promise(() => undefined);
    });
    await dying.enqueue('scan', { scanId: 'orphan' });
    await until(() => dyingGotIt, 10_000, 'the first worker to take the job');

    const events: string[] = [];
    const survivor = newQueue();
    await survivor.start();
    await survivor.work(
      'scan',
      async (payload, meta) => {
        events.push(`run ${payload.scanId} ${meta.attempt}`);
      },
      {
        beforeRetry: async (payload, attempt) => {
          events.push(`beforeRetry ${payload.scanId} ${attempt}`);
        },
      },
    );
    // Expiry 2 s + maintenance every second + retry delay 1-2 s.
    await until(() => events.length === 2, 15_000, 'the retry on the surviving worker');
    assert.deepEqual(events, ['beforeRetry orphan 2', 'run orphan 2']);
    await survivor.stop(500);
    await dying.stop(100);
  });

  it('sends a job that used all its attempts to the dead-letter handler, once', async () => {
    const dead: { scanId: string; reason: string }[] = [];
    const queue = newQueue();
    await queue.start();
    let runs = 0;
    await queue.work(
      'scan',
      async (payload) => {
        if (payload.scanId !== 'doomed') return;
        runs += 1;
        throw new Error('engine crashed');
      },
      {
        onDeadLetter: async (payload, reason) => {
          dead.push({ scanId: payload.scanId, reason });
        },
      },
    );
    await queue.enqueue('scan', { scanId: 'doomed' });
    await until(() => dead.length === 1, 20_000, 'the dead letter');
    await sleep(800);
    assert.equal(runs, 2);
    assert.deepEqual(dead, [{ scanId: 'doomed', reason: 'engine crashed' }]);
    await queue.stop(1000);
  });

  it('stops gracefully: waits for a running job, then takes no more', async () => {
    const queue = newQueue();
    await queue.start();
    let finished = 0;
    let started = 0;
    await queue.work(
      'webhook',
      async (payload) => {
        if (!payload.deliveryId.startsWith('slow')) return;
        started += 1;
        await sleep(700);
        finished += 1;
      },
      { concurrency: 1 },
    );
    await queue.enqueue('webhook', { deliveryId: 'slow-1' });
    await queue.enqueue('webhook', { deliveryId: 'slow-2' });
    await until(() => started === 1, 10_000, 'the first slow job');
    await queue.stop(5000);
    assert.equal(finished, 1);
    assert.equal(started, 1);
  });
});
