import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { START, type RecordedEvent } from '../src/infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres-event-store';
import { CHECKPOINTS_DDL, readCheckpoint } from '../src/infrastructure/projections/projection-checkpoints';
import { ReactorRunner } from '../src/infrastructure/projections/reactor-runner';
import { PgBossJobQueue } from '../src/infrastructure/queue/pg-boss-job-queue';
import { ECHO_REACTOR, echoReactor } from './fixtures/echo-reactor';
import { freshDatabase } from './fresh-database';

const root = path.resolve(__dirname, '../../..');
const KILLS = 8;

const ticked = (n: number) => ({
  type: 'Ticked',
  schemaVersion: 1,
  data: { n },
  metadata: { eventId: randomUUID(), correlationId: 'fault', causationId: 'fault', actor: 'system:fault-test', occurredAt: new Date().toISOString() },
});

async function allEventIds(store: PostgresEventStore): Promise<string[]> {
  const ids: string[] = [];
  for (let after = START; ; ) {
    const batch: RecordedEvent[] = await store.readAll({ after, maxCount: 1000 });
    if (!batch.length) return ids;
    ids.push(...batch.filter((e) => e.type === 'Ticked').map((e) => e.metadata.eventId));
    after = batch[batch.length - 1].position;
  }
}

/** Every job pg-boss holds for the echo queue, by the event id it carries. */
async function jobs(db: { pool: import('pg').Pool }, schema: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ message: string }>(`SELECT data->>'message' AS message FROM ${schema}.job WHERE name = 'system.echo'`);
  return rows.map((r) => r.message);
}

/** The reactor's checkpoint starts at the beginning here (a new reactor in production starts at the log's end). */
const startAtBeginning = (db: { pool: import('pg').Pool }) =>
  db.pool.query(`INSERT INTO projection_checkpoints (name, version) VALUES ($1, 1) ON CONFLICT DO NOTHING`, [ECHO_REACTOR]);

describe('a reactor between the append and the enqueue', () => {
  jest.setTimeout(240000);

  it(`enqueues every event's job exactly once over ${KILLS} SIGKILLs of the reacting process`, async () => {
    const db = await freshDatabase('reactor_crash');
    const store = new PostgresEventStore(db.pool);
    await store.init();
    await db.pool.query(CHECKPOINTS_DDL);
    await startAtBeginning(db);
    const schema = `reactor_crash_${process.pid}`;

    let appending = true;
    let appended = 0;
    const writer = (async () => {
      while (appending) {
        const count = 1 + Math.floor(Math.random() * 3);
        await store.append(`crash-${Math.floor(Math.random() * 20)}`, Array.from({ length: count }, () => ticked(appended)), 'any');
        appended += count;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    for (let i = 0; i < KILLS; i++) {
      const child: ChildProcess = fork(path.join(__dirname, 'fixtures/reactor-process.ts'), [db.url, schema, '5'], {
        execArgv: ['-r', path.join(root, 'tools/test/ts-register.cjs')],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await once(child, 'message'); // it holds the reactor and is enqueueing
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 250)));
      child.kill('SIGKILL'); // anywhere: between an enqueue and the checkpoint, or with appended events not yet read
      await once(child, 'exit');
    }
    appending = false;
    await writer;

    // A survivor catches up from the checkpoint the last killed process left.
    const queue = new PgBossJobQueue({ connectionString: db.url, schema, poolSize: 2 });
    await queue.init();
    const survivor = new ReactorRunner(db.pool, store, echoReactor(queue), { idleWaitMs: 20, lockRetryMs: 20 });
    survivor.start();
    await survivor.waitFor(await store.headPosition(), 120000);
    await survivor.stop();

    const events = await allEventIds(store);
    const enqueued = await jobs(db, schema);
    expect(events.length).toBe(appended);
    expect(enqueued.length).toBe(events.length); // nothing doubled
    expect(new Set(enqueued)).toEqual(new Set(events)); // nothing lost

    await queue.close();
    await store.close();
    await db.drop();
  });

  it('an enqueue that throws, or a crash after it, leaves the checkpoint where it was; the retry enqueues each job once', async () => {
    const db = await freshDatabase('reactor_throw');
    const store = new PostgresEventStore(db.pool);
    await store.init();
    await db.pool.query(CHECKPOINTS_DDL);
    await startAtBeginning(db);
    const schema = `reactor_throw_${process.pid}`;
    const queue = new PgBossJobQueue({ connectionString: db.url, schema, poolSize: 2 });
    await queue.init();
    for (let n = 0; n < 6; n++) await store.append(`throw-${n % 2}`, [ticked(n)], 'any');
    const [third, fifth] = (await allEventIds(store)).filter((_, i) => i === 2 || i === 4);

    // First run: the third event's enqueue fails (the queue is down), after the first two were enqueued.
    const failing = new ReactorRunner(db.pool, store, echoReactor(queue, (id) => {
      if (id === third) throw new Error('queue unavailable');
    }), { batchSize: 10, idleWaitMs: 20, lockRetryMs: 20 });
    failing.start();
    await waitUntil(async () => (await readCheckpoint(db.pool, ECHO_REACTOR))?.lastError === 'queue unavailable');
    await failing.stop();
    expect((await readCheckpoint(db.pool, ECHO_REACTOR))!.position).toEqual(START); // the batch did not count
    expect((await jobs(db, schema)).sort()).toEqual((await allEventIds(store)).slice(0, 2).sort());

    // Second run: the process "dies" right after enqueueing the fifth event's job, before the checkpoint.
    const dying = new ReactorRunner(db.pool, store, {
      ...echoReactor(queue),
      react: async (event) => {
        await echoReactor(queue).react(event);
        if (event.metadata.eventId === fifth) throw new Error('died after the enqueue');
      },
    }, { batchSize: 10, idleWaitMs: 20, lockRetryMs: 20 });
    dying.start();
    await waitUntil(async () => (await readCheckpoint(db.pool, ECHO_REACTOR))?.lastError === 'died after the enqueue');
    await dying.stop();
    expect((await readCheckpoint(db.pool, ECHO_REACTOR))!.position).toEqual(START);

    // Restarted healthy: everything reacted to, each job once.
    const healthy = new ReactorRunner(db.pool, store, echoReactor(queue), { batchSize: 10, idleWaitMs: 20, lockRetryMs: 20 });
    healthy.start();
    await healthy.waitFor(await store.headPosition(), 30000);
    await healthy.stop();
    const enqueued = await jobs(db, schema);
    expect(enqueued.length).toBe(6);
    expect(new Set(enqueued)).toEqual(new Set(await allEventIds(store)));
    expect((await readCheckpoint(db.pool, ECHO_REACTOR))!.position).toEqual(await store.headPosition());

    await queue.close();
    await store.close();
    await db.drop();
  });

  it('a reactor seen for the first time starts at the end of the log (what came before was reacted to then)', async () => {
    const db = await freshDatabase('reactor_new');
    const store = new PostgresEventStore(db.pool);
    await store.init();
    await db.pool.query(CHECKPOINTS_DDL);
    const schema = `reactor_new_${process.pid}`;
    const queue = new PgBossJobQueue({ connectionString: db.url, schema, poolSize: 2 });
    await queue.init();
    await store.append('old-1', [ticked(0), ticked(1)], 'any');
    const runner = new ReactorRunner(db.pool, store, echoReactor(queue), { idleWaitMs: 20, lockRetryMs: 20 });
    runner.start();
    await runner.waitFor(await store.headPosition(), 30000);
    await store.append('new-1', [ticked(2)], 'any');
    runner.wake();
    await runner.waitFor(await store.headPosition(), 30000);
    await runner.stop();
    expect(await jobs(db, schema)).toEqual([(await allEventIds(store))[2]]);
    await queue.close();
    await store.close();
    await db.drop();
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
