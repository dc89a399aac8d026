import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import type { Row } from '@credence/read-models';
import { streamStatsProjection } from '@credence/read-models';
import { START, type RecordedEvent } from '../src/infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres-event-store';
import { CHECKPOINTS_DDL } from '../src/infrastructure/projections/projection-checkpoints';
import { ProjectionRunner } from '../src/infrastructure/projections/projection-runner';
import { rowTypes } from '../src/infrastructure/projections/projection-sql';
import { streamStatsDefinition } from '../src/infrastructure/projections/stream-stats.table';
import { freshDatabase } from './fresh-database';

const root = path.resolve(__dirname, '../../..');
const KILLS = 20;

/** The read model as a full rebuild from the start of the log would make it. */
async function rebuildInMemory(store: PostgresEventStore): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>();
  let after = START;
  for (;;) {
    const batch: RecordedEvent[] = await store.readAll({ after, maxCount: 1000 });
    if (!batch.length) return rows;
    for (const e of batch) {
      for (const id of streamStatsProjection.rowIds(e)) {
        rows.set(id, streamStatsProjection.evolve((rows.get(id) as never) ?? null, e, id)!);
      }
    }
    after = batch[batch.length - 1].position;
  }
}

describe('a projector killed at random points', () => {
  jest.setTimeout(180000);

  it(`loses and doubles nothing over ${KILLS} SIGKILLs during a stream of appends`, async () => {
    const db = await freshDatabase('crash');
    const store = new PostgresEventStore(db.pool);
    await store.init();
    await db.pool.query(CHECKPOINTS_DDL);
    const table = 'rm_crash_stats';

    let appending = true;
    let appended = 0;
    const writer = (async () => {
      while (appending) {
        const stream = `crash-${Math.floor(Math.random() * 40)}`;
        const count = 1 + Math.floor(Math.random() * 3);
        const events = Array.from({ length: count }, () => ({
          type: 'Ticked',
          schemaVersion: 1,
          data: { n: appended },
          metadata: {
            eventId: randomUUID(),
            correlationId: 'fault',
            causationId: 'fault',
            actor: 'system:fault-test',
            occurredAt: new Date().toISOString(),
            tenantId: `t${Math.floor(Math.random() * 3)}`,
          },
        }));
        await store.append(stream, events, 'any');
        appended += count;
      }
    })();

    const killedAfterMs: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const child: ChildProcess = fork(path.join(__dirname, 'fixtures/projector-process.ts'), [db.url, table, '7'], {
        execArgv: ['-r', path.join(root, 'tools/test/ts-register.cjs')],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await once(child, 'message'); // it holds the projection and is working
      const ms = Math.floor(Math.random() * 150);
      killedAfterMs.push(ms);
      await new Promise((r) => setTimeout(r, ms)); // a random point in its work, not a wait for a result
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    appending = false;
    await writer;

    // A survivor catches up; its table must equal a rebuild of the whole log.
    const definition = { ...streamStatsDefinition, table: { ...streamStatsDefinition.table, name: table } };
    const survivor = new ProjectionRunner(db.pool, store, definition, { idleWaitMs: 20, lockRetryMs: 20 });
    survivor.start();
    await survivor.waitFor(await store.headPosition(), 60000);
    await survivor.stop();

    const expected = await rebuildInMemory(store);
    const actual = new Map(
      (await db.pool.query<Row>({ text: `SELECT * FROM ${table}`, types: rowTypes })).rows.map((r) => [r.id, r]),
    );
    expect(appended).toBeGreaterThan(KILLS);
    expect(actual.size).toBe(expected.size);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    const total = [...actual.values()].reduce((n, r) => n + Number(r.eventCount), 0);
    expect(total).toBe(appended);

    await store.close();
    await db.drop();
  });
});
