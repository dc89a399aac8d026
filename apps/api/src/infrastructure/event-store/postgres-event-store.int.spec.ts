import { randomUUID } from 'node:crypto';
import { Client, type Pool } from 'pg';
import { event, runEventStoreContract, waitFor } from './event-store.contract';
import {
  EventIdConflictError,
  START,
  WrongExpectedRevisionError,
  type RecordedEvent,
  type Subscription,
} from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';
import { appendManyOneSql, NOTIFY_CHANNEL, READ_ALL_SQL } from './postgres-event-store.sql';
import { chainHash, GENESIS_HASH } from 'credence-verify';
import { createTestDatabase, testPool } from './pg-test-database';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let url = '';
beforeAll(async () => {
  db = await createTestDatabase();
  url = db.url;
});
afterAll(async () => {
  await db?.drop();
});

runEventStoreContract(
  'PostgreSQL',
  async ({ upcasters }) => {
    const pool = testPool(url);
    const store = new PostgresEventStore(pool, { upcasters, pollIntervalMs: 250 });
    await store.init();
    const held = new Set<Client>();
    return {
      store,
      cleanup: async () => {
        await Promise.all([...held].map((c) => c.end().catch(() => undefined)));
        await store.close();
        await pool.end();
      },
      holdOpenAppend: async (streamName, events, expected) => {
        const client = new Client({ connectionString: url });
        await client.connect();
        held.add(client);
        await client.query('BEGIN');
        const result = await store.appendWithin(client, streamName, events, expected);
        return {
          result,
          commit: async () => {
            await client.query('COMMIT');
            held.delete(client);
            await client.end();
          },
        };
      },
    };
  },
  { lateCommit: true },
);

describe('PostgreSQL event store', () => {
  let pool: Pool;
  const stores: PostgresEventStore[] = [];
  const subscriptions: Subscription[] = [];
  const makeStore = (pollIntervalMs: number) => {
    const store = new PostgresEventStore(pool, { pollIntervalMs });
    stores.push(store);
    return store;
  };
  const mine = (prefix: string) => (e: RecordedEvent) => e.streamName.startsWith(prefix);

  beforeAll(async () => {
    pool = testPool(url);
    await makeStore(1000).init();
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await pool.end();
  });

  it('init() is idempotent and safe when several processes run it at once', async () => {
    const fresh = await createTestDatabase();
    const pools = Array.from({ length: 4 }, () => testPool(fresh.url));
    try {
      await Promise.all(pools.map((p) => new PostgresEventStore(p).init()));
      await Promise.all(pools.map((p) => new PostgresEventStore(p).init()));
      const { rows } = await pools[0].query(
        `SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('es_events', 'es_migrations')`,
      );
      expect(rows[0].n).toBe(2);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await fresh.drop();
    }
  });

  it('keeps es_events append-only', async () => {
    const store = makeStore(1000);
    await store.append(`ao-${randomUUID()}`, [event()], 'no_stream');
    await expect(pool.query(`UPDATE es_events SET type = 'Forged'`)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(pool.query(`DELETE FROM es_events`)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(pool.query(`TRUNCATE es_events`)).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  it("lets every 'any' append through when many race for one stream, in this process and from another", async () => {
    // 60 appends from this store and 20 from a second one (another process's adapter) at once, on one stream.
    const s = `any-race-${randomUUID()}`;
    const here = makeStore(1000);
    const there = makeStore(1000);
    const appends = Array.from({ length: 80 }, (_, i) =>
      (i % 4 === 3 ? there : here).append(s, [event('Raced', { i })], 'any'),
    );
    const results = await Promise.all(appends);
    const revisions = results.map((r) => Number(r.nextExpectedRevision)).sort((a, b) => a - b);
    expect(revisions).toEqual(Array.from({ length: 80 }, (_, i) => i));
    const stored = await here.readStoredStream(s);
    let prev = GENESIS_HASH;
    for (const e of stored) {
      expect(e.hash).toBe(chainHash(prev, e));
      prev = e.hash as string;
    }
  });

  it('answers exactly the last event position, as bigints', async () => {
    const store = makeStore(1000);
    const s = `pos-${randomUUID()}`;
    const result = await store.append(s, [event(), event()], 'no_stream');
    const read = await store.readStream(s);
    expect(result.position).toEqual(read[1].position);
    expect(typeof result.position.commit).toBe('bigint');
    expect(read[0].position.commit).toBe(read[1].position.commit); // one transaction
  });

  it('rolls back a multi-event append that fails on its third event', async () => {
    const store = makeStore(1000);
    const s = `atomic-${randomUUID()}`;
    const existing = event();
    await store.append(s, [existing], 'no_stream');
    const error = await store.append(s, [event(), event(), existing], 'any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventIdConflictError);
    expect(await store.readStream(s)).toHaveLength(1);
    // The stream's revision did not move either.
    expect((await store.append(s, [event()], 0n)).nextExpectedRevision).toBe(1n);
  });

  it('lets concurrent appends share commits (group commit), each with its own answer', async () => {
    const store = makeStore(1000);
    const tag = randomUUID();
    const retried = `group-${tag}-retried`;
    const original = [event(), event()];
    const stored = await store.append(retried, original, 'no_stream');
    const behind = `group-${tag}-behind`;
    await store.append(behind, [event(), event()], 'no_stream');
    const fresh = Array.from({ length: 30 }, (_, i) => `group-${tag}-${i}`);
    const answers = await Promise.allSettled([
      ...fresh.map((s, i) => store.append(s, i % 3 ? [event()] : [event(), event(), event()], 'no_stream')),
      store.append(behind, [event()], 0n), // the stream is at 1: refused, whoever it shared a statement with
      store.append(retried, original, 'no_stream'), // a retry: the original answer, nothing written
      store.append(`group-${tag}-0`, [event()], 'no_stream'), // the same stream as another append: one wins
    ]);
    const results = answers.slice(0, 30).map((a) => (a.status === 'fulfilled' ? a.value : a.reason));
    const [wrong, retry, sameStream] = answers.slice(30);
    // group-0 got two no_stream appends: exactly one of the two was written.
    const first = answers[0];
    expect([first.status, sameStream.status].sort()).toEqual(['fulfilled', 'rejected']);
    for (const r of results.slice(1)) expect(r).toMatchObject({ nextExpectedRevision: expect.any(BigInt) });
    expect(wrong).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
    expect(retry).toEqual({ status: 'fulfilled', value: stored });
    // Some appends were committed together: one transaction for several streams.
    const commits = results.filter((r) => r.position).map((r) => r.position.commit as bigint);
    expect(new Set(commits).size).toBeLessThan(commits.length);
    // Every stream is as appended, whole and chained.
    for (const [i, s] of fresh.entries()) {
      const events = await store.readStoredStream(s);
      expect(events).toHaveLength(i % 3 ? 1 : 3);
      let prev = GENESIS_HASH;
      for (const e of events) {
        prev = chainHash(prev, e);
        expect(e.hash).toBe(prev);
      }
    }
    expect(await store.readStream(behind)).toHaveLength(2);
    expect(await store.readStream(retried)).toHaveLength(2);
  });

  it('shares commits between one-event appends (the parameter form), chained onto existing streams', async () => {
    const store = makeStore(1000);
    const tag = randomUUID();
    const streams = Array.from({ length: 24 }, (_, i) => `one-${tag}-${i}`);
    // Half of them exist already: their appends chain onto the stored head by exact revision.
    for (const s of streams.slice(0, 12)) await store.append(s, [event()], 'no_stream');
    const wrongHash = `one-${tag}-wrong`;
    await store.append(wrongHash, [event()], 'no_stream');
    const answers = await Promise.all(
      streams.map((s, i) => store.append(s, [event()], i < 12 ? 0n : 'no_stream')),
    );
    expect(answers.map((a) => a.nextExpectedRevision)).toEqual(streams.map((_, i) => (i < 12 ? 1n : 0n)));
    expect(new Set(answers.map((a) => a.position.commit)).size).toBeLessThan(answers.length);
    for (const s of streams) {
      let prev = GENESIS_HASH;
      for (const e of await store.readStoredStream(s)) {
        prev = chainHash(prev, e);
        expect(e.hash).toBe(prev);
      }
    }
    // In a batch, an append chained to a hash that is not the stored one writes nothing; the others go in.
    const { rows } = await pool.query(appendManyOneSql(2), [
      ...[wrongHash, '0', 'f'.repeat(64), randomUUID(), 'T', 1, '{}', '{}'],
      ...[`one-${tag}-fresh`, '-1', null, randomUUID(), 'T', 1, '{}', '{}'],
    ]);
    expect(rows).toEqual([expect.objectContaining({ stream: `one-${tag}-fresh`, revision: '0' })]);
    expect(await store.readStream(wrongHash)).toHaveLength(1);
  });

  it('probes the stream key once per append of a batch, never scanning or hashing the log', async () => {
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const params = [...['s', '0', 'h', randomUUID(), 'T', 1, '{}', '{}'], ...['t', '-1', null, randomUUID(), 'T', 1, '{}', '{}']];
      const { rows } = await client.query(`EXPLAIN ${appendManyOneSql(2)}`, params);
      const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using es_events_stream_revision_key/);
      expect(plan).not.toMatch(/Seq Scan on es_events|Hash/);
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });

  it('serves readAll from the (transaction_id, global_position) index, without sorting', async () => {
    const client = await pool.connect();
    try {
      // The test table is tiny, so make the planner show whether the index can serve the query at all.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      const { rows } = await client.query(`EXPLAIN ${READ_ALL_SQL}`, ['0', '0', 100]);
      const plan = rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using es_events_global_order_idx/);
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });

  it('wakes subscribers of another process by NOTIFY after the commit, without waiting for the poll', async () => {
    const store = makeStore(60_000);
    const writer = makeStore(60_000); // another process's store: only the NOTIFY can reach the subscriber
    const prefix = `notify-${randomUUID()}`;
    const delivered: RecordedEvent[] = [];
    const before = await store.headPosition();
    subscriptions.push(
      store.subscribeToAll({
        after: before,
        handler: async (e) => void (mine(prefix)(e) && delivered.push(e)),
      }),
    );
    await waitFor(() => store.listenerPid !== undefined, 'the LISTEN connection');
    await writer.append(`${prefix}-1`, [event()], 'no_stream');
    await waitFor(() => delivered.length === 1, 'the notified event', 5000);
  });

  it('delivers once a blocking transaction that appended nothing ends (no NOTIFY: the poll finds it)', async () => {
    const store = makeStore(200);
    const prefix = `blocker-${randomUUID()}`;
    const delivered: RecordedEvent[] = [];
    const before = await store.headPosition();
    subscriptions.push(
      store.subscribeToAll({
        after: before,
        handler: async (e) => void (mine(prefix)(e) && delivered.push(e)),
      }),
    );
    const blocker = new Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()'); // takes an xid, holding xmin back, and writes nothing
      await store.append(`${prefix}-1`, [event()], 'no_stream');
      expect((await store.readAll({ after: before })).filter(mine(prefix))).toEqual([]);
      await blocker.query('COMMIT');
      await waitFor(() => delivered.length === 1, 'the event behind the blocker', 5000);
    } finally {
      await blocker.end();
    }
  });

  it('reconnects the LISTEN connection when PostgreSQL drops it', async () => {
    const store = makeStore(60_000);
    const writer = makeStore(60_000);
    const prefix = `reconnect-${randomUUID()}`;
    const delivered: RecordedEvent[] = [];
    subscriptions.push(
      store.subscribeToAll({
        after: await store.headPosition(),
        handler: async (e) => void (mine(prefix)(e) && delivered.push(e)),
      }),
    );
    await waitFor(() => store.listenerPid !== undefined, 'the LISTEN connection');
    const first = store.listenerPid;
    await pool.query('SELECT pg_terminate_backend($1)', [first]);
    await waitFor(
      () => store.listenerPid !== undefined && store.listenerPid !== first,
      'a new LISTEN connection',
    );
    await writer.append(`${prefix}-1`, [event()], 'no_stream');
    await waitFor(() => delivered.length === 1, 'an event notified on the new connection', 5000);
  });

  it('appends without a NOTIFY in the append transaction (it would serialise commits)', async () => {
    const store = makeStore(1000);
    const listener = new Client({ connectionString: url });
    await listener.connect();
    const seen: number[] = [];
    listener.on('notification', () => seen.push(Date.now()));
    const held = new Client({ connectionString: url });
    await held.connect();
    try {
      await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
      await held.query('BEGIN');
      await store.appendWithin(held, `no-notify-${randomUUID()}`, [event()], 'no_stream');
      await held.query('COMMIT');
      // A NOTIFY inside the statement would arrive with this commit; give it the time a round trip takes, twice.
      await pool.query('SELECT pg_sleep(0.2)');
      expect(seen).toEqual([]);
      await store.append(`no-notify-${randomUUID()}`, [event()], 'no_stream');
      await waitFor(() => seen.length > 0, 'the NOTIFY sent after the pool append', 5000);
    } finally {
      await held.end();
      await listener.end();
    }
  });

  it('chains the events of a database made before the hash chain, once, and logs it', async () => {
    const fresh = await createTestDatabase();
    const oldPool = testPool(fresh.url);
    const logs: string[] = [];
    try {
      // A database as the previous release left it: events without hashes, and no es_migrations.
      const legacy = new PostgresEventStore(oldPool, { hashChain: false });
      await legacy.init();
      await oldPool.query('DROP TABLE es_migrations');
      await legacy.append('legacy-a', [event('A', { n: 1 }), event('B', { n: 2 })], 'no_stream');
      await legacy.append('legacy-a', [event('C', { n: 3 })], 1n);
      await legacy.append('legacy-b', [event('D', { n: 4 })], 'no_stream');
      await legacy.close();
      const { rows: before } = await oldPool.query(`SELECT count(*)::int AS n FROM es_events WHERE metadata ? 'hash'`);
      expect(before[0].n).toBe(0);

      const upgraded = new PostgresEventStore(oldPool, { log: (m) => logs.push(m) });
      await upgraded.init();
      expect(logs).toEqual(['hash chain migration: chained 4 existing events of 2 streams']);
      const a = await upgraded.readStoredStream('legacy-a');
      let prev = GENESIS_HASH;
      for (const e of a) {
        const { hash, ...metadata } = e.metadata as RecordedEvent['metadata'] & { hash: string };
        expect(hash).toBe(chainHash(prev, { ...e, metadata }));
        prev = hash;
      }
      // New appends chain on from the migrated head; the trigger is back on; a second start does nothing.
      await upgraded.append('legacy-a', [event('E')], 2n);
      const [next] = await upgraded.readStoredStream('legacy-a', { fromRevision: 3n });
      const { hash, ...metadata } = next.metadata as RecordedEvent['metadata'] & { hash: string };
      expect(hash).toBe(chainHash(prev, { ...next, metadata }));
      await expect(oldPool.query(`UPDATE es_events SET type = 'Forged'`)).rejects.toThrow(/append-only/);
      await new PostgresEventStore(oldPool, { log: (m) => logs.push(m) }).init();
      expect(logs).toHaveLength(1);
      const { rows } = await oldPool.query(`SELECT detail FROM es_migrations WHERE name = 'hash-chain-v1'`);
      expect(rows[0].detail).toEqual({ streams: 2, events: 4 });
      await upgraded.close();
    } finally {
      await oldPool.end();
      await fresh.drop();
    }
  });

  it('starts from START on an empty log', async () => {
    const fresh = await createTestDatabase();
    const emptyPool = testPool(fresh.url);
    try {
      const store = new PostgresEventStore(emptyPool);
      await store.init();
      expect(await store.headPosition()).toEqual(START);
      expect(await store.readAll()).toEqual([]);
      await store.close();
    } finally {
      await emptyPool.end();
      await fresh.drop();
    }
  });
});
