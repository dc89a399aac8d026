import { GroupCommit } from './group-commit';

interface Job {
  key: string;
  n: number;
}

/** A GroupCommit whose statements finish when the test says so; it records what was sent, alone or together. */
function harness(options: { maxInFlight?: number; slotTimeoutMs?: number; failMany?: boolean } = {}) {
  const sent: string[] = [];
  const pending: (() => void)[] = [];
  const later = <T>(value: () => T) =>
    new Promise<T>((resolve, reject) =>
      pending.push(() => {
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
      }),
    );
  const commits = new GroupCommit<Job, string>({
    runOne: (job) => {
      sent.push(`one ${job.n}`);
      return later(() => {
        if (job.n < 0) throw new Error(`job ${job.n} refused`);
        return `alone ${job.n}`;
      });
    },
    runMany: (jobs) => {
      sent.push(`many ${jobs.map((j) => j.n).join(',')}`);
      return later(() => {
        if (options.failMany) throw new Error('unique violation');
        return jobs.map((j) => `together ${j.n}`);
      });
    },
    key: (job) => job.key,
    maxInFlight: options.maxInFlight ?? 1,
    slotTimeoutMs: options.slotTimeoutMs ?? 60_000,
  });
  /** Lets every statement sent so far finish, and the promise callbacks run. */
  const finish = async () => {
    for (let round = 0; round < 10; round++) {
      pending.splice(0).forEach((f) => f());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { commits, sent, finish };
}

describe('GroupCommit', () => {
  it('sends a lone job at once, alone', async () => {
    const { commits, sent, finish } = harness();
    const answer = commits.submit({ key: 'a', n: 1 });
    expect(sent).toEqual(['one 1']);
    await finish();
    await expect(answer).resolves.toBe('alone 1');
  });

  it('sends the jobs that queued behind a running statement as one, each with its own answer', async () => {
    const { commits, sent, finish } = harness();
    const answers = [1, 2, 3, 4].map((n) => commits.submit({ key: `s${n}`, n }));
    expect(sent).toEqual(['one 1']);
    await finish();
    expect(sent).toEqual(['one 1', 'many 2,3,4']);
    await expect(Promise.all(answers)).resolves.toEqual(['alone 1', 'together 2', 'together 3', 'together 4']);
  });

  it('never puts two jobs of one key in the same statement, and keeps their order', async () => {
    const { commits, sent, finish } = harness();
    const answers = [
      commits.submit({ key: 'x', n: 1 }),
      commits.submit({ key: 'a', n: 2 }),
      commits.submit({ key: 'a', n: 3 }),
      commits.submit({ key: 'b', n: 4 }),
      commits.submit({ key: 'a', n: 5 }),
    ];
    await finish();
    expect(sent).toEqual(['one 1', 'many 2,4', 'one 3', 'one 5']);
    await expect(Promise.all(answers)).resolves.toHaveLength(5);
  });

  it('sends each job alone when the statement for all of them fails, so each gets its own answer', async () => {
    const { commits, sent, finish } = harness({ failMany: true });
    const settling = Promise.allSettled([1, 2, -3].map((n) => commits.submit({ key: `s${n}`, n })));
    await finish();
    expect(sent).toEqual(['one 1', 'many 2,-3', 'one 2', 'one -3']);
    const settled = await settling;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'alone 1',
      'alone 2',
      'job -3 refused',
    ]);
  });

  it('runs up to maxInFlight statements at once', async () => {
    const { commits, sent, finish } = harness({ maxInFlight: 2 });
    [1, 2, 3, 4, 5].forEach((n) => void commits.submit({ key: `s${n}`, n }));
    expect(sent).toEqual(['one 1', 'one 2']);
    await finish();
    expect(sent).toEqual(['one 1', 'one 2', 'many 3,4,5']);
  });

  it('frees the slot of a statement that runs longer than slotTimeoutMs, so the others go on', async () => {
    jest.useFakeTimers();
    try {
      const { commits, sent } = harness({ slotTimeoutMs: 25 });
      void commits.submit({ key: 'slow', n: 1 });
      void commits.submit({ key: 'b', n: 2 });
      expect(sent).toEqual(['one 1']);
      jest.advanceTimersByTime(30);
      expect(sent).toEqual(['one 1', 'one 2']);
    } finally {
      jest.useRealTimers();
    }
  });
});
