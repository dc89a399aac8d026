/// <reference types="jest" />
// Test support, not runtime code: the behaviour every JobQueue adapter must show, run by each adapter's
// *.int.spec.ts against its real backend.
import type { Job, JobQueue } from './job-queue.port';

export interface JobQueueHarness {
  /** A fresh, empty storage area (a pg-boss schema, a Redis key prefix) for one test. */
  newSpace(): string;
  /** An adapter over that space, not yet initialised. Two adapters over one space see the same jobs. */
  open(space: string): JobQueue;
  /** Removes what a test left in its space, after its queues are closed. */
  dispose?(space: string): Promise<void>;
  /** A retry delay the adapter honours as given (pg-boss counts whole seconds). */
  backoffMs: number;
}

/** Polls a condition until it holds; fails with what it was waiting for instead of hanging the test. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 15_000, intervalMs = 25 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const totalDepth = (depth: Record<string, number>) => Object.values(depth).reduce((a, b) => a + b, 0);

interface Run {
  key: string;
  message: string;
  attempt: number;
  queue: string;
  at: number;
}

export function describeJobQueueContract(harness: JobQueueHarness) {
  let space: string;
  let opened: JobQueue[] = [];

  async function open(inSpace = space): Promise<JobQueue> {
    const queue = harness.open(inSpace);
    opened.push(queue);
    await queue.init();
    return queue;
  }

  /** A worker that records every run; `behave` can throw to fail an attempt. */
  async function recordingWorker(
    queue: JobQueue,
    behave: (job: Job<'system.echo'>) => void | Promise<void> = () => undefined,
  ) {
    const runs: Run[] = [];
    await queue.work('system.echo', async (job) => {
      runs.push({
        key: job.key,
        message: job.payload.message,
        attempt: job.attempt,
        queue: job.queue,
        at: Date.now(),
      });
      await behave(job);
    });
    return runs;
  }

  /** Nothing waiting, running or waiting to be retried: no further run of any job can follow. */
  async function settled(queue: JobQueue) {
    await waitFor(async () => totalDepth(await queue.depth()) === 0, 'the queue to drain');
  }

  beforeEach(() => {
    space = harness.newSpace();
  });

  afterEach(async () => {
    await Promise.all(opened.map((q) => q.close()));
    opened = [];
    await harness.dispose?.(space);
  });

  it('runs a job once, with its queue, key, payload and attempt number', async () => {
    const queue = await open();
    const runs = await recordingWorker(queue);

    await queue.enqueue('system.echo', 'evt-1', { message: 'hello' });
    await waitFor(() => runs.length === 1, 'the job to run');
    await settled(queue);

    expect(runs.map(({ at: _, ...r }) => r)).toEqual([
      { key: 'evt-1', message: 'hello', attempt: 1, queue: 'system.echo' },
    ]);
    expect(await queue.failed()).toEqual([]);
  });

  it('runs a key enqueued twice once, with the first payload, also when re-enqueued after it ran', async () => {
    const queue = await open();
    await queue.enqueue('system.echo', 'evt-dup', { message: 'first' });
    await queue.enqueue('system.echo', 'evt-dup', { message: 'second' });
    expect((await queue.depth())['system.echo']).toBe(1);

    const runs = await recordingWorker(queue);
    await waitFor(() => runs.length === 1, 'the job to run');
    await settled(queue);
    await queue.enqueue('system.echo', 'evt-dup', { message: 'third' });
    await queue.enqueue('system.echo', 'evt-other', { message: 'other' });
    await waitFor(() => runs.some((r) => r.key === 'evt-other'), 'a later job to run');
    await settled(queue);

    expect(runs.map((r) => [r.key, r.message])).toEqual([
      ['evt-dup', 'first'],
      ['evt-other', 'other'],
    ]);
  });

  it('keeps keys exactly as given, including colons and digits only', async () => {
    const queue = await open();
    const runs = await recordingWorker(queue);
    await queue.enqueue('system.echo', 'certificate:evt-9', { message: 'colon' });
    await queue.enqueue('system.echo', '42', { message: 'digits' });
    await waitFor(() => runs.length === 2, 'both jobs to run');
    expect(runs.map((r) => r.key).sort()).toEqual(['42', 'certificate:evt-9']);
  });

  it('retries a failing handler with growing delays until it succeeds', async () => {
    const queue = await open();
    const runs = await recordingWorker(queue, (job) => {
      if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
    });

    await queue.enqueue(
      'system.echo',
      'evt-flaky',
      { message: 'retry me' },
      { attempts: 5, backoffMs: harness.backoffMs },
    );
    await waitFor(() => runs.length === 3, 'the third attempt', { timeoutMs: 30_000 });
    await settled(queue);

    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // Exponential: the first retry waits at least the backoff, the second at least twice it.
    const [first, second, third] = runs.map((r) => r.at);
    expect(Number(second) - Number(first)).toBeGreaterThanOrEqual(harness.backoffMs);
    expect(Number(third) - Number(second)).toBeGreaterThanOrEqual(2 * harness.backoffMs);
    expect(await queue.failed()).toEqual([]);
  });

  it('moves a job that fails every attempt to the failed list after exactly that many attempts', async () => {
    const queue = await open();
    const runs = await recordingWorker(queue, () => {
      throw new Error('mail server said no');
    });

    const before = Date.now();
    await queue.enqueue(
      'system.echo',
      'mail:evt-7',
      { message: 'doomed' },
      { attempts: 3, backoffMs: harness.backoffMs },
    );
    await waitFor(async () => (await queue.failed()).length === 1, 'the job to fail for good', {
      timeoutMs: 30_000,
    });
    await settled(queue);

    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    const [failed] = await queue.failed();
    expect(failed).toEqual({
      queue: 'system.echo',
      key: 'mail:evt-7',
      payload: { message: 'doomed' },
      attempts: 3,
      error: 'mail server said no',
      failedAt: expect.any(Date),
    });
    expect(failed?.failedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lists failed jobs newest first, and honours limit and queue', async () => {
    const queue = await open();
    await recordingWorker(queue, (job) => {
      throw new Error(`no ${job.key}`);
    });

    await queue.enqueue('system.echo', 'older', { message: 'a' }, { attempts: 1 });
    await waitFor(async () => (await queue.failed()).length === 1, 'the first job to fail');
    await queue.enqueue('system.echo', 'newer', { message: 'b' }, { attempts: 1 });
    await waitFor(async () => (await queue.failed()).length === 2, 'the second job to fail');

    expect((await queue.failed()).map((f) => [f.key, f.error, f.attempts])).toEqual([
      ['newer', 'no newer', 1],
      ['older', 'no older', 1],
    ]);
    expect((await queue.failed({ limit: 1 })).map((f) => f.key)).toEqual(['newer']);
    expect((await queue.failed({ queue: 'system.echo' })).map((f) => f.key)).toEqual(['newer', 'older']);
  });

  it('retries a job off the failed list once: one more attempt, and off the list when it succeeds', async () => {
    const queue = await open();
    let mailServerUp = false;
    const runs = await recordingWorker(queue, (job) => {
      if (job.key === 'evt-retry' && !mailServerUp) throw new Error('mail server said no');
    });
    expect(await queue.retry('system.echo', 'never-enqueued')).toBe(false);
    await queue.enqueue(
      'system.echo',
      'evt-retry',
      { message: 'again' },
      { attempts: 2, backoffMs: harness.backoffMs },
    );
    await queue.enqueue('system.echo', 'evt-fine', { message: 'fine' });
    await waitFor(async () => (await queue.failed()).length === 1, 'the job to fail for good', {
      timeoutMs: 30_000,
    });
    await settled(queue);
    // A job that did not fail is not retried.
    expect(await queue.retry('system.echo', 'evt-fine')).toBe(false);

    // Still failing: one more attempt, and back on the list.
    expect(await queue.retry('system.echo', 'evt-retry')).toBe(true);
    await waitFor(() => runs.filter((r) => r.key === 'evt-retry').length === 3, 'the retried attempt');
    await waitFor(async () => (await queue.failed()).length === 1, 'the job back on the failed list');
    await settled(queue);
    expect(runs.filter((r) => r.key === 'evt-retry').length).toBe(3);

    // Fixed: the retry succeeds and the list is empty.
    mailServerUp = true;
    expect(await queue.retry('system.echo', 'evt-retry')).toBe(true);
    await waitFor(() => runs.filter((r) => r.key === 'evt-retry').length === 4, 'the second retry');
    await settled(queue);
    expect(await queue.failed()).toEqual([]);
    expect(await queue.retry('system.echo', 'evt-retry')).toBe(false);
    expect(runs.filter((r) => r.key === 'evt-retry').map((r) => r.message)).toEqual([
      'again',
      'again',
      'again',
      'again',
    ]);
  });

  it('counts waiting jobs, delayed ones included, until they have run', async () => {
    const queue = await open();
    await queue.enqueue('system.echo', 'a', { message: 'a' });
    await queue.enqueue('system.echo', 'b', { message: 'b' });
    await queue.enqueue('system.echo', 'later', { message: 'later' }, { delayMs: 60 * 60_000 });
    expect((await queue.depth())['system.echo']).toBe(3);

    const runs = await recordingWorker(queue);
    await waitFor(() => runs.length === 2, 'the two due jobs to run');
    await waitFor(async () => (await queue.depth())['system.echo'] === 1, 'only the delayed job to remain');
    expect(runs.map((r) => r.key).sort()).toEqual(['a', 'b']);
  });

  it('close() lets a running handler finish, and the job stays done', async () => {
    const queue = await open();
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await queue.work('system.echo', async () => {
      log.push('started');
      await gate;
      log.push('finished');
    });
    await queue.enqueue('system.echo', 'evt-slow', { message: 'slow' });
    await waitFor(() => log.includes('started'), 'the handler to start');

    const closing = queue.close().then(() => log.push('closed'));
    // A window in which close() must not return while the handler still runs: a negative can only be
    // observed over time. A close() that does not wait resolves well within it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).toEqual(['started']);
    release();
    await closing;
    expect(log).toEqual(['started', 'finished', 'closed']);

    // The next process sees the job as done: neither pending (to run again) nor failed.
    const next = await open();
    expect(totalDepth(await next.depth())).toBe(0);
    expect(await next.failed()).toEqual([]);
  });
}
