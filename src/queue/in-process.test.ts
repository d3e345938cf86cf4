import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InProcessQueue } from './in-process.js';

/** A promise with its resolve handle: lets a test hold a handler open and release it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('in-process queue', () => {
  it('runs at most `concurrency` handlers at once, in FIFO order', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    const release = gate();
    let running = 0;
    let peak = 0;
    const order: string[] = [];
    await queue.work(
      'scan',
      async ({ scanId }) => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(scanId);
        await release.promise;
        running -= 1;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 10; i++) await queue.enqueue('scan', { scanId: `s${i}` });
    await new Promise((r) => setImmediate(r));
    assert.equal(running, 3);
    assert.equal(queue.waitingCount('scan'), 7);
    release.open();
    await queue.onIdle();
    assert.equal(peak, 3);
    assert.deepEqual(
      order,
      Array.from({ length: 10 }, (_, i) => `s${i}`),
    );
    await queue.stop();
  });

  it('keeps jobs enqueued before a worker registers', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    await queue.enqueue('webhook', { deliveryId: 'd1' });
    const seen: string[] = [];
    await queue.work('webhook', async ({ deliveryId }) => {
      seen.push(deliveryId);
    });
    await queue.onIdle();
    assert.deepEqual(seen, ['d1']);
    await queue.stop();
  });

  it('runs delayed jobs no earlier than startAfter', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    const ranAt: number[] = [];
    const done = gate();
    await queue.work('webhook', async () => {
      ranAt.push(Date.now());
      done.open();
    });
    const enqueuedAt = Date.now();
    await queue.enqueue('webhook', { deliveryId: 'd' }, { startAfter: new Date(enqueuedAt + 80) });
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(ranAt.length, 0, 'not before its time');
    await done.promise;
    assert.ok(ranAt[0]! - enqueuedAt >= 75, `ran after ${ranAt[0]! - enqueuedAt} ms`);
    await queue.stop();
  });

  it('ignores a second job with the same singleton key while the first is pending', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    let count = 0;
    await queue.enqueue('scan', { scanId: 'a' }, { singletonKey: 'scan:a' });
    await queue.enqueue('scan', { scanId: 'a' }, { singletonKey: 'scan:a' });
    await queue.work('scan', async () => {
      count += 1;
    });
    await queue.onIdle();
    assert.equal(count, 1);
    // Once finished, the key is free again.
    await queue.enqueue('scan', { scanId: 'a' }, { singletonKey: 'scan:a' });
    await queue.onIdle();
    assert.equal(count, 2);
    await queue.stop();
  });

  it('reports a throwing handler and keeps going', async () => {
    const errors: unknown[] = [];
    const queue = new InProcessQueue({ onHandlerError: (_n, _p, e) => errors.push(e) });
    await queue.start();
    const seen: string[] = [];
    await queue.work('scan', async ({ scanId }) => {
      if (scanId === 'bad') throw new Error('boom');
      seen.push(scanId);
    });
    await queue.enqueue('scan', { scanId: 'bad' });
    await queue.enqueue('scan', { scanId: 'good' });
    await queue.onIdle();
    assert.deepEqual(seen, ['good']);
    assert.equal((errors[0] as Error).message, 'boom');
    await queue.stop();
  });

  it('stop waits for running handlers, drops waiting and delayed jobs, refuses new ones', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    const release = gate();
    const finished: string[] = [];
    await queue.work('scan', async ({ scanId }) => {
      await release.promise;
      finished.push(scanId);
    });
    await queue.enqueue('scan', { scanId: 'running' });
    await queue.enqueue('scan', { scanId: 'waiting' });
    await queue.enqueue('scan', { scanId: 'delayed' }, { startAfter: new Date(Date.now() + 30) });
    setTimeout(release.open, 50);
    await queue.stop(5_000);
    assert.deepEqual(finished, ['running']);
    await new Promise((r) => setTimeout(r, 60));
    assert.deepEqual(finished, ['running'], 'nothing ran after stop');
    await assert.rejects(queue.enqueue('scan', { scanId: 'late' }), /stopped/);
  });

  it('stop gives up on a stuck handler after the timeout', async () => {
    const queue = new InProcessQueue();
    await queue.start();
    await queue.work('scan', () => new Promise<void>(() => undefined));
    await queue.enqueue('scan', { scanId: 'stuck' });
    const started = Date.now();
    await queue.stop(50);
    const waitedMs = Date.now() - started;
    assert.ok(waitedMs >= 45 && waitedMs < 1000, `waited ${waitedMs} ms`);
  });
});
