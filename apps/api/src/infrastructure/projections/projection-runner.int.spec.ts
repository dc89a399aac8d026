import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Projection, Row } from '@credence/read-models';
import { freshDatabase, waitFor } from '../../../test/fresh-database';
import { comparePositions, type EventToAppend, type Position } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { FailureInfo } from './catch-up-runner';
import { CHECKPOINTS_DDL, readCheckpoint, requestRebuild } from './projection-checkpoints';
import type { ProjectionDefinition } from './projection-definition';
import { ProjectionRunner } from './projection-runner';

interface CountRow extends Row {
  id: string;
  total: number;
  types: string[];
}

/**
 * Counts events per stream of its own (streams named `<projection name>/...`: all tests share one log); can be
 * told to fail on a given event, to simulate a crash mid-batch.
 */
function counting(name: string, version = 1, failOn?: { type: string; times: number }): ProjectionDefinition {
  const projection: Projection<CountRow> = {
    name,
    version,
    handles: ['Counted', 'Deleted'],
    rowIds: (e) => (e.streamName.startsWith(`${name}/`) ? [e.streamName.slice(name.length + 1)] : []),
    evolve: (row, e, id) => {
      if (failOn && e.type === failOn.type && failOn.times > 0) {
        failOn.times--;
        throw new Error('boom');
      }
      if (e.type === 'Deleted') return null;
      return { id, total: (row?.total ?? 0) + version, types: [...(row?.types ?? []), e.type] };
    },
  };
  return {
    projection: projection as unknown as Projection,
    table: { name: `rm_${name.replace(/-/g, '_')}`, columns: { total: 'integer NOT NULL', types: 'jsonb NOT NULL' }, indexes: [['total']] },
  };
}

/**
 * Like `counting`, but version 2 adds a column (`lastType`, NOT NULL) that its evolve writes, and optionally an
 * index over it: the shape of read model a version bump brings when a screen needs one more field.
 */
function widening(name: string, version: 1 | 2, indexNewColumn = false): ProjectionDefinition {
  const projection: Projection = {
    name,
    version,
    handles: ['Counted'],
    rowIds: (e) => (e.streamName.startsWith(`${name}/`) ? [e.streamName.slice(name.length + 1)] : []),
    evolve: (row, e, id) => {
      const types = [...((row?.types as string[] | undefined) ?? []), e.type];
      const next: Row = { id, total: ((row?.total as number | undefined) ?? 0) + version, types };
      if (version === 2) next.lastType = `${e.type}#${types.length}`;
      return next;
    },
  };
  const columns: Record<string, string> = { total: 'integer NOT NULL', types: 'jsonb NOT NULL' };
  if (version === 2) columns.lastType = 'text NOT NULL';
  const indexes = version === 2 && indexNewColumn ? [['total'], ['lastType']] : [['total']];
  return { projection, table: { name: `rm_${name.replace(/-/g, '_')}`, columns, indexes } };
}

const ev = (type: string): EventToAppend => ({
  type,
  schemaVersion: 1,
  data: {},
  metadata: {
    eventId: randomUUID(),
    correlationId: 'c',
    causationId: 'c',
    actor: 'system:test',
    occurredAt: new Date().toISOString(),
  },
});

describe('projection runner', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: Pool;
  let store: PostgresEventStore;
  const runners: ProjectionRunner[] = [];

  const run = (def: ProjectionDefinition, opts = {}) => {
    const r = new ProjectionRunner(pool, store, def, { idleWaitMs: 20, lockRetryMs: 20, batchSize: 3, ...opts });
    runners.push(r);
    r.start();
    return r;
  };
  const rows = async (table: string) =>
    (await pool.query(`SELECT id, total, types FROM "${table}" ORDER BY id`)).rows as CountRow[];
  /** Resolves at the runner's swap; fails after 20 s with the errors it reported (a rebuild that never finishes). */
  const swapped = async (runner: ProjectionRunner, errors: string[]) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no swap in 20 s; runner errors: ${[...new Set(errors)].join(' | ')}`)), 20000);
    });
    const swap = new Promise((resolve) => runner.progress.once('swapped', resolve));
    await Promise.race([swap, timeout]).finally(() => clearTimeout(timer));
  };
  const appender = (projection: string) => async (stream: string, ...types: string[]): Promise<Position> =>
    (await store.append(`${projection}/${stream}`, types.map(ev), 'any')).position;

  beforeAll(async () => {
    db = await freshDatabase('projections');
    pool = db.pool;
    store = new PostgresEventStore(pool, { pollIntervalMs: 20 });
    await store.init();
    await pool.query(CHECKPOINTS_DDL);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('projects events into rows, and waitFor resolves once the checkpoint reaches an append', async () => {
    const append = appender('basic');
    const runner = run(counting('basic'));
    await append('thing-1', 'Counted', 'Counted');
    await append('thing-2', 'Counted', 'Ignored');
    const last = await append('thing-1', 'Counted');
    await runner.waitFor(last, 10000);
    expect(await rows('rm_basic')).toEqual([
      { id: 'thing-1', total: 3, types: ['Counted', 'Counted', 'Counted'] },
      { id: 'thing-2', total: 1, types: ['Counted'] },
    ]);
    const cp = await readCheckpoint(pool, 'basic');
    expect(cp!.position).toEqual(last);
  });

  it('follows a context row through the batch when an event that does not read it creates it', async () => {
    // 'Opened' creates the org row without naming it as its context; 'Joined' reads the org row as its context and
    // keeps a member only of an org that exists. Both in one batch: the member must see the org just opened.
    const projection: Projection<CountRow> = {
      name: 'joining',
      version: 1,
      handles: ['Opened', 'Joined'],
      contextRowId: (e) => (e.type === 'Joined' ? `org:${(e.data as { org: string }).org}` : null),
      rowIds: (e, context) => {
        const [kind, id] = e.streamName.split('/').slice(1);
        if (e.type === 'Opened') return [`org:${id}`];
        return kind === 'member' && context ? [`member:${id}`] : [];
      },
      evolve: (row, e, id) => ({ id, total: (row?.total ?? 0) + 1, types: [...(row?.types ?? []), e.type] }),
    };
    const joined = (org: string): EventToAppend => ({ ...ev('Joined'), data: { org } });
    await store.append('joining/org/acme', [ev('Opened')], 'any');
    await store.append('joining/member/ann', [joined('acme')], 'any');
    const last = (await store.append('joining/member/bob', [joined('nowhere')], 'any')).position;
    const runner = run({ projection: projection as unknown as Projection, table: { name: 'rm_joining', columns: { total: 'integer NOT NULL', types: 'jsonb NOT NULL' } } }, { batchSize: 50 });
    await runner.waitFor(last, 10000);
    expect(await rows('rm_joining')).toEqual([
      { id: 'member:ann', total: 1, types: ['Joined'] },
      { id: 'org:acme', total: 1, types: ['Opened'] },
    ]);
  });

  it('deletes a row when evolve returns null', async () => {
    const append = appender('deleting');
    const runner = run(counting('deleting'));
    await append('gone-1', 'Counted');
    const last = await append('gone-1', 'Deleted');
    await runner.waitFor(last, 10000);
    expect(await rows('rm_deleting')).toEqual([]);
  });

  it('rolls a failed batch back whole and applies it exactly once on retry', async () => {
    const append = appender('crashy');
    const failOn = { type: 'Counted', times: 2 };
    const errors: string[] = [];
    const failures: FailureInfo[] = [];
    const runner = run(counting('crashy', 1, failOn), {
      onError: (e: Error, failure: FailureInfo) => {
        errors.push(e.message);
        failures.push(failure);
      },
    });
    const last = await append('c-1', 'Counted', 'Counted', 'Counted', 'Counted');
    await runner.waitFor(last, 15000);
    expect(errors).toEqual(['boom', 'boom']);
    // Each failure is reported with where the runner stood and its growing backoff, not retried silently.
    expect(failures).toEqual([
      { at: expect.stringMatching(/^at \d+\/\d+$/), failures: 1, retryInMs: 100 },
      { at: expect.stringMatching(/^at \d+\/\d+$/), failures: 2, retryInMs: 200 },
    ]);
    expect(await rows('rm_crashy')).toEqual([{ id: 'c-1', total: 4, types: ['Counted', 'Counted', 'Counted', 'Counted'] }]);
    expect((await readCheckpoint(pool, 'crashy'))!.lastError).toBeNull();
  });

  it('keeps one active runner per projection, and a standby takes over when it stops', async () => {
    const append = appender('single');
    const def = counting('single');
    const a = run(def);
    const b = run(def);
    await waitFor(async () => a.state === 'active' || b.state === 'active', 10000, 'an active runner');
    const [active, standby] = a.state === 'active' ? [a, b] : [b, a];
    expect(standby.state).toBe('standby');
    await append('s-1', 'Counted');
    await active.stop();
    await waitFor(async () => standby.state === 'active', 10000, 'the standby to take over');
    const last = await append('s-1', 'Counted');
    await standby.waitFor(last, 10000);
    expect(await rows('rm_single')).toEqual([{ id: 's-1', total: 2, types: ['Counted', 'Counted'] }]);
  });

  it('rebuilds into a shadow table while the old one serves reads, then swaps it in', async () => {
    const append = appender('rebuilt');
    const runner = run(counting('rebuilt'));
    await append('r-1', 'Counted', 'Counted');
    const before = await append('r-2', 'Counted');
    await runner.waitFor(before, 10000);
    await runner.stop();
    // Corrupt the live table, as a bug in an old evolve might have; a rebuild must put it right.
    await pool.query(`UPDATE rm_rebuilt SET total = 99`);
    await requestRebuild(pool, 'rebuilt', 1);
    const rebuilding = run(counting('rebuilt'), { batchSize: 1 });
    const seenDuringRebuild: number[] = [];
    // The rows and whether the rebuild is still on, from one snapshot: a read sent at a batch's end may run after the
    // swap (which changes both at once), and then it is not a read during the rebuild.
    const readDuringRebuild = async () => {
      const { rows: seen } = await pool.query<{ total: number }>(
        `SELECT total FROM rm_rebuilt WHERE (SELECT rebuild_requested_at IS NOT NULL FROM projection_checkpoints WHERE name = 'rebuilt')`,
      );
      seenDuringRebuild.push(...seen.map((x) => x.total));
    };
    rebuilding.progress.on('rebuild', () => void readDuringRebuild());
    await new Promise((resolve) => rebuilding.progress.once('swapped', resolve));
    expect(await rows('rm_rebuilt')).toEqual([
      { id: 'r-1', total: 2, types: ['Counted', 'Counted'] },
      { id: 'r-2', total: 1, types: ['Counted'] },
    ]);
    expect((await readCheckpoint(pool, 'rebuilt'))!.rebuild).toBeNull();
    const after = await append('r-2', 'Counted');
    await rebuilding.waitFor(after, 10000);
    expect((await rows('rm_rebuilt'))[1].total).toBe(2);
    await waitFor(async () => seenDuringRebuild.length > 0, 5000, 'reads during the rebuild');
    expect(seenDuringRebuild.every((t) => t === 99)).toBe(true);
  });

  it('rebuilds by itself when the projection version changes', async () => {
    const append = appender('versioned');
    const v1 = run(counting('versioned', 1));
    const last = await append('v-1', 'Counted', 'Counted');
    await v1.waitFor(last, 10000);
    await v1.stop();
    expect((await rows('rm_versioned'))[0].total).toBe(2);
    const v2 = run(counting('versioned', 2));
    await new Promise((resolve) => v2.progress.once('swapped', resolve));
    expect((await rows('rm_versioned'))[0].total).toBe(4);
    expect((await readCheckpoint(pool, 'versioned'))!.version).toBe(2);
  });

  // Issue 18: live batches during the rebuild wrote version 2's new column into version 1's table, which has no such
  // column; the batch failed and was retried forever, so the rebuild never finished and the read model stood still.
  it.each([
    ['adds a column', 'widened', false],
    ['adds a column and an index over it', 'widened-ix', true],
  ])('finishes a version rebuild that %s while events keep coming, losing and doubling nothing', async (_case, name, indexNewColumn) => {
    const append = appender(name);
    const table = `rm_${name.replace(/-/g, '_')}`;
    const v1 = run(widening(name, 1));
    await append('w-1', 'Counted', 'Counted');
    await v1.waitFor(await append('w-2', 'Counted'), 10000);
    await v1.stop();
    const servedByV1 = [
      { id: 'w-1', total: 2, types: ['Counted', 'Counted'] },
      { id: 'w-2', total: 1, types: ['Counted'] },
    ];
    expect(await rows(table)).toEqual(servedByV1);

    // One event waits for version 2 before it starts, and more are appended while its rebuild runs.
    const appended: Array<{ stream: string; at: Promise<Position> }> = [{ stream: 'w-3', at: append('w-3', 'Counted') }];
    await appended[0].at;
    const errors: string[] = [];
    const v2 = run(widening(name, 2, indexNewColumn), {
      batchSize: 1,
      rebuildBatchSize: 1,
      onError: (e: Error) => errors.push(e.message),
    });
    const seenDuringRebuild: CountRow[][] = [];
    let rebuildBatches = 0;
    v2.progress.on('rebuild', () => {
      rebuildBatches++;
      if (rebuildBatches <= 4) {
        const stream = rebuildBatches % 2 ? 'w-1' : 'w-4';
        appended.push({ stream, at: append(stream, 'Counted') });
      }
      // The old table and whether the rebuild is still on, from one snapshot (see the rebuild case above).
      void pool
        .query<CountRow>(
          `SELECT id, total, types FROM "${table}"
           WHERE (SELECT rebuild_requested_at IS NOT NULL FROM projection_checkpoints WHERE name = $1) ORDER BY id`,
          [name],
        )
        .then(({ rows: seen }) => seen.length && seenDuringRebuild.push(seen));
    });
    await swapped(v2, errors);
    const positions = await Promise.all(appended.map((a) => a.at));
    const last = positions.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
    await v2.waitFor(last, 10000);

    // Every event once, with version 2's meaning (2 per event) and its new column.
    const counts = new Map<string, number>([['w-1', 2], ['w-2', 1]]);
    for (const a of appended) counts.set(a.stream, (counts.get(a.stream) ?? 0) + 1);
    const expected = [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, n]) => ({ id, total: 2 * n, types: Array<string>(n).fill('Counted'), lastType: `Counted#${n}` }));
    const { rows: final } = await pool.query(`SELECT id, total, types, "lastType" FROM "${table}" ORDER BY id`);
    expect(final).toEqual(expected);
    expect(appended.length).toBe(5);
    expect(await readCheckpoint(pool, name)).toMatchObject({ version: 2, rebuild: null, position: last, lastError: null });
    expect(errors).toEqual([]);
    // Until the swap the old table served what version 1 had made of it, untouched by version 2's live events.
    await waitFor(async () => seenDuringRebuild.length > 0, 5000, 'reads during the rebuild');
    for (const seen of seenDuringRebuild) expect(seen).toEqual(servedByV1);
    if (indexNewColumn) {
      const { rows: ix } = await pool.query(`SELECT indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`, [table]);
      expect(ix.map((i: { indexdef: string }) => i.indexdef).join('\n')).toContain('("lastType")');
    }
  });

  it('starts a rebuild over when the version that began it is gone (a rollback mid-rebuild)', async () => {
    const append = appender('rolled-back');
    const table = 'rm_rolled_back';
    const v1 = run(widening('rolled-back', 1));
    await v1.waitFor(await append('b-1', 'Counted', 'Counted'), 10000);
    await v1.stop();
    // Version 2 gets one rebuild batch into its shadow table (with its extra column), then its release is rolled back.
    const v2 = run(widening('rolled-back', 2), { rebuildBatchSize: 1 });
    await new Promise((resolve) => v2.progress.once('rebuild', resolve));
    await v2.stop();
    expect((await readCheckpoint(pool, 'rolled-back'))?.rebuild).toMatchObject({ version: 2 });
    const errors: string[] = [];
    const again = run(widening('rolled-back', 1), { rebuildBatchSize: 1, onError: (e: Error) => errors.push(e.message) });
    const last = await append('b-2', 'Counted');
    await swapped(again, errors);
    await again.waitFor(last, 10000);
    expect(await rows(table)).toEqual([
      { id: 'b-1', total: 2, types: ['Counted', 'Counted'] },
      { id: 'b-2', total: 1, types: ['Counted'] },
    ]);
    expect(await readCheckpoint(pool, 'rolled-back')).toMatchObject({ version: 1, rebuild: null, lastError: null });
  });
});
