/// <reference types="jest" />
// Test support, not runtime code: the behaviour every EventStore adapter must show, run by each adapter's
// *.int.spec.ts against its real backend.
import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type Subscription,
} from './event-store.port';
import { UpcasterRegistry } from './upcasters';
import { chainHash, GENESIS_HASH } from 'credence-verify';

/** An append whose transaction stays open until commit(): to show readers wait for late commits. */
export interface HeldAppend {
  result: AppendResult;
  commit(): Promise<void>;
}

export interface ContractStore {
  store: EventStore;
  cleanup(): Promise<void>;
  /** Only for stores whose global order depends on commit order (PostgreSQL). */
  holdOpenAppend?: (
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ) => Promise<HeldAppend>;
}

/** The contract's one upcaster: ContractRenamed v1 {name} becomes v2 {fullName}. */
export const contractUpcasters = () =>
  new UpcasterRegistry([
    {
      type: 'ContractRenamed',
      fromVersion: 1,
      upcast: (e) => ({
        type: e.type,
        schemaVersion: 2,
        data: { fullName: (e.data as { name: string }).name },
      }),
    },
  ]);

/** Polls a condition until it holds or the time is up: tests wait on conditions, never on the clock. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function event(type = 'ContractThingHappened', data: unknown = {}, schemaVersion = 1): EventToAppend {
  const eventId = randomUUID();
  return {
    type,
    schemaVersion,
    data,
    metadata: {
      eventId,
      correlationId: 'corr-1',
      causationId: 'cmd-1',
      actor: 'contract@credence.test',
      tenantId: 'tenant-1',
      occurredAt: '2026-11-21T10:00:00.000Z',
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail, it succeeded');
}

const ids = (events: RecordedEvent[]) => events.map((e) => e.metadata.eventId);
const idsOf = (events: EventToAppend[]) => events.map((e) => e.metadata.eventId);
const yieldTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * What every EventStore adapter must do, run against each of them. Streams are named per run, so the suite also
 * works against a server that keeps earlier runs' events (EventStoreDB); global reads are filtered to them.
 */
export function runEventStoreContract(
  name: string,
  makeStore: (options: { upcasters: UpcasterRegistry }) => Promise<ContractStore>,
  options: { lateCommit?: boolean } = {},
) {
  describe(`${name} event store (contract)`, () => {
    const run = `contract${randomUUID().slice(0, 8)}`;
    let counter = 0;
    const stream = (label: string) => `${run}_${label}-${++counter}`;
    const mine = (e: RecordedEvent) => e.streamName.startsWith(`${run}_`);
    let ctx: ContractStore;
    let store: EventStore;
    const open: Subscription[] = [];

    beforeAll(async () => {
      ctx = await makeStore({ upcasters: contractUpcasters() });
      store = ctx.store;
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await ctx?.cleanup();
    });

    /** Subscribes after a position and collects this run's events. */
    function collect(after: Position, batchSize?: number) {
      const delivered: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        after,
        batchSize,
        handler: async (e) => {
          if (mine(e)) delivered.push(e);
        },
      });
      open.push(subscription);
      return { delivered, subscription };
    }

    const readMine = async (after: Position) => (await store.readAll({ after })).filter(mine);

    /**
     * The global log may show a commit late, and these tests must not take that for a fault: PostgreSQL's readAll
     * reads below the oldest transaction still running on the server, in any database (other spec files' too), so
     * under load an append can be unreadable for a moment after it answered. `readable` waits for an append's
     * position; `settledHead` is where a test's own events start: a marker appended now and waited for, which sorts
     * after (and so is readable only after) every append committed before it, so no event of an earlier test turns up
     * after it late.
     */
    const readable = (position: Position) =>
      waitFor(
        async () => comparePositions(await store.headPosition(), position) >= 0,
        'the append to be readable on the global log',
      );
    async function settledHead(): Promise<Position> {
      const marker = await store.append(stream('marker'), [event()], 'no_stream');
      await readable(marker.position);
      return marker.position;
    }

    describe('append and read back', () => {
      it('reads a stream back in order, revisions from 0, with type, version, data and metadata', async () => {
        const s = stream('order');
        const first = [
          event('A', { n: 1 }),
          event('B', { n: 2 }, 3),
          event('C', { nested: { list: [1, 'x'] } }),
        ];
        const r1 = await store.append(s, first, 'no_stream');
        const r2 = await store.append(s, [event('D', null)], 2n);
        expect([r1.nextExpectedRevision, r2.nextExpectedRevision]).toEqual([2n, 3n]);

        const read = await store.readStream(s);
        expect(read.map((e) => [e.streamName, e.revision, e.type, e.schemaVersion, e.data])).toEqual([
          [s, 0n, 'A', 1, { n: 1 }],
          [s, 1n, 'B', 3, { n: 2 }],
          [s, 2n, 'C', 1, { nested: { list: [1, 'x'] } }],
          [s, 3n, 'D', 1, null],
        ]);
        expect(read[0].metadata).toEqual(first[0].metadata);
        expect(read[0].hash).toMatch(/^[0-9a-f]{64}$/);
        expect(read.every((e) => e.recordedAt instanceof Date && !Number.isNaN(e.recordedAt.getTime()))).toBe(
          true,
        );
        for (let i = 1; i < read.length; i++)
          expect(comparePositions(read[i].position, read[i - 1].position)).toBe(1);

        const middle = await store.readStream(s, { fromRevision: 1n, maxCount: 2 });
        expect(middle.map((e) => e.revision)).toEqual([1n, 2n]);
        expect(await store.readStream(stream('never-written'))).toEqual([]);
      });

      it("answers the position of the append's last event, for waiting on a checkpoint", async () => {
        const before = await settledHead();
        const s = stream('position');
        const result = await store.append(s, [event(), event(), event()], 'no_stream');
        await readable(result.position);
        const read = (await readMine(before)).filter((e) => e.streamName === s);
        expect(read).toHaveLength(3);
        // A checkpoint at the last event has reached the result; one at the event before has not.
        expect(comparePositions(read[2].position, result.position)).toBeGreaterThanOrEqual(0);
        expect(comparePositions(result.position, read[1].position)).toBe(1);
        expect(comparePositions(await store.headPosition(), result.position)).toBeGreaterThanOrEqual(0);
      });

      it('refuses an append with no events or without UUID event ids', async () => {
        await expect(store.append(stream('empty'), [], 'any')).rejects.toThrow(/at least one event/);
        const bad = { ...event(), metadata: { ...event().metadata, eventId: 'not-a-uuid' } };
        await expect(store.append(stream('bad-id'), [bad], 'any')).rejects.toThrow(/UUID metadata.eventId/);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and refuses an existing one", async () => {
        const s = stream('no-stream');
        expect((await store.append(s, [event()], 'no_stream')).nextExpectedRevision).toBe(0n);
        const error = await rejection(store.append(s, [event()], 'no_stream'));
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamName: s, expected: 'no_stream', actual: 0n });
        expect(await store.readStream(s)).toHaveLength(1);
      });

      it("'stream_exists' refuses a missing stream and appends to an existing one", async () => {
        const s = stream('exists');
        const error = await rejection(store.append(s, [event()], 'stream_exists'));
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(s)).toEqual([]);
        await store.append(s, [event()], 'no_stream');
        expect((await store.append(s, [event(), event()], 'stream_exists')).nextExpectedRevision).toBe(2n);
      });

      it("'any' appends whether or not the stream exists", async () => {
        const s = stream('any');
        expect((await store.append(s, [event()], 'any')).nextExpectedRevision).toBe(0n);
        expect((await store.append(s, [event()], 'any')).nextExpectedRevision).toBe(1n);
      });

      it('an exact revision must be the revision of the last event', async () => {
        const s = stream('exact');
        const missing = await rejection(store.append(s, [event()], 0n));
        expect(missing).toMatchObject({
          name: 'WrongExpectedRevisionError',
          expected: 0n,
          actual: 'no_stream',
        });
        await store.append(s, [event(), event()], 'no_stream');
        expect((await store.append(s, [event()], 1n)).nextExpectedRevision).toBe(2n);
        for (const stale of [1n, 0n, 5n]) {
          const error = await rejection(store.append(s, [event()], stale));
          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ expected: stale, actual: 2n });
        }
        expect(await store.readStream(s)).toHaveLength(3);
      });

      it('of 10 concurrent appends expecting the same revision exactly one wins', async () => {
        const s = stream('race');
        await store.append(s, [event()], 'no_stream');
        const attempts = Array.from({ length: 10 }, () => [event(), event()]);
        const outcomes = await Promise.allSettled(attempts.map((events) => store.append(s, events, 0n)));
        const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const o of outcomes) {
          if (o.status === 'rejected')
            expect(o.reason).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 2n });
        }
        const read = await store.readStream(s);
        expect(ids(read).slice(1)).toEqual(idsOf(attempts[won[0]]));
      });

      it("of 10 concurrent 'no_stream' appends exactly one creates the stream", async () => {
        const s = stream('create-race');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.append(s, [event()], 'no_stream')),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(
          outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof WrongExpectedRevisionError),
        ).toHaveLength(9);
        expect(await store.readStream(s)).toHaveLength(1);
      });
    });

    describe('idempotent retries', () => {
      it('a retry with the same events and expected revision appends nothing and answers the same', async () => {
        const s = stream('retry');
        const events = [event(), event()];
        const original = await store.append(s, events, 'no_stream');
        expect(await store.append(s, events, 'no_stream')).toEqual(original);
        expect(ids(await store.readStream(s))).toEqual(idsOf(events));
      });

      it('a retry arriving after the stream moved on still answers the original result', async () => {
        const s = stream('late-retry');
        const first = [event()];
        const original = await store.append(s, first, 'no_stream');
        await store.append(s, [event()], 0n);
        expect(await store.append(s, first, 'no_stream')).toEqual(original);
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it("a retry with 'any' appends nothing", async () => {
        const s = stream('retry-any');
        const events = [event(), event()];
        const original = await store.append(s, events, 'any');
        expect(await store.append(s, events, 'any')).toEqual(original);
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it('a retry that is only partly the original appends nothing and says which ids clash', async () => {
        const s = stream('partial');
        const original = [event(), event()];
        await store.append(s, original, 'no_stream');
        const mixed = [original[0], event(), event()];
        const error = await rejection(store.append(s, mixed, 'no_stream'));
        expect(error).toBeInstanceOf(EventIdConflictError);
        expect(error).toMatchObject({
          presentEventIds: [original[0].metadata.eventId],
          missingEventIds: idsOf(mixed.slice(1)),
        });
        expect(ids(await store.readStream(s))).toEqual(idsOf(original));
      });
    });

    describe('atomicity', () => {
      it('readers see a multi-event append whole or not at all, and contiguous in the global order', async () => {
        const before = await settledHead();
        const streams = Array.from({ length: 12 }, () => stream('atomic'));
        const batches = streams.map(() => [event(), event(), event(), event(), event()]);
        let seenAll = false;
        const writing = Promise.all(streams.map((s, i) => store.append(s, batches[i], 'no_stream')));
        while (!seenAll) {
          const [read, perStream] = await Promise.all([
            readMine(before),
            Promise.all(streams.map((s) => store.readStream(s))),
          ]);
          for (const events of perStream) expect([0, 5]).toContain(events.length);
          const counts = new Map<string, number>();
          for (const e of read) counts.set(e.streamName, (counts.get(e.streamName) ?? 0) + 1);
          for (const count of counts.values()) expect(count).toBe(5);
          seenAll = read.length === 60;
        }
        await writing;
        const read = await readMine(before);
        for (let i = 0; i < read.length; i += 5) {
          const group = read.slice(i, i + 5);
          expect(new Set(group.map((e) => e.streamName)).size).toBe(1);
          expect(group.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
        }
      });
    });

    describe('global order and subscriptions', () => {
      it('readAll returns events across streams in append order, and pages without gaps', async () => {
        const before = await settledHead();
        const [s1, s2, s3] = [stream('g'), stream('g'), stream('g')];
        const appended: EventToAppend[] = [];
        let last = before;
        for (const [s, n] of [
          [s1, 2],
          [s2, 1],
          [s1, 1],
          [s3, 3],
          [s2, 2],
        ] as const) {
          const events = Array.from({ length: n }, () => event());
          last = (await store.append(s, events, 'any')).position;
          appended.push(...events);
        }
        await readable(last);
        const all = await readMine(before);
        expect(ids(all)).toEqual(idsOf(appended));

        const paged: RecordedEvent[] = [];
        let after = before;
        for (;;) {
          const page = await store.readAll({ after, maxCount: 2 });
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(2);
          paged.push(...page.filter(mine));
          after = page[page.length - 1].position;
        }
        expect(ids(paged)).toEqual(idsOf(appended));
      });

      it('a subscription catches up, then goes live, delivering one event at a time in global order', async () => {
        const before = await settledHead();
        const early = [event(), event(), event()];
        await store.append(stream('sub'), early, 'no_stream');
        let inFlight = 0;
        let maxInFlight = 0;
        const delivered: RecordedEvent[] = [];
        open.push(
          store.subscribeToAll({
            after: before,
            batchSize: 2,
            handler: async (e) => {
              inFlight++;
              maxInFlight = Math.max(maxInFlight, inFlight);
              await yieldTurns(2);
              if (mine(e)) delivered.push(e);
              inFlight--;
            },
          }),
        );
        await waitFor(() => delivered.length === 3, 'the catch-up part');
        const late = [event(), event()];
        await store.append(stream('sub'), late.slice(0, 1), 'no_stream');
        await store.append(stream('sub'), late.slice(1), 'no_stream');
        await waitFor(() => delivered.length === 5, 'the live part');
        expect(ids(delivered)).toEqual([...idsOf(early), ...idsOf(late)]);
        expect(ids(delivered)).toEqual(ids(await readMine(before)));
        expect(maxInFlight).toBe(1);
      });

      it('a subscription from a stored position delivers only the events after it', async () => {
        const s = stream('resume');
        await store.append(s, [event(), event()], 'no_stream');
        // What a projection stores after handling an event: that event's position.
        const checkpoint = (await store.readStream(s))[1].position;
        const later = [event(), event()];
        const { delivered } = collect(checkpoint);
        await store.append(s, later, 1n);
        await waitFor(() => delivered.length >= 2, 'the later events');
        expect(ids(delivered)).toEqual(idsOf(later));
      });

      it('stop() waits for the handler in flight and nothing is delivered after it', async () => {
        const before = await settledHead();
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered = 0;
        let finished = 0;
        const subscription = store.subscribeToAll({
          after: before,
          handler: async (e) => {
            if (!mine(e)) return;
            entered++;
            await gate;
            finished++;
          },
        });
        open.push(subscription);
        await store.append(stream('stop'), [event(), event()], 'no_stream');
        await waitFor(() => entered === 1, 'the first event');
        let stopped = false;
        const stopping = subscription.stop().then(() => (stopped = true));
        await yieldTurns(20);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect({ entered, finished }).toEqual({ entered: 1, finished: 1 });
      });

      it('a handler error ends the subscription through failed', async () => {
        const before = await settledHead();
        let calls = 0;
        const boom = new Error('projection broke');
        const subscription = store.subscribeToAll({
          after: before,
          handler: async (e) => {
            if (!mine(e)) return;
            calls++;
            throw boom;
          },
        });
        open.push(subscription);
        await store.append(stream('fail'), [event(), event()], 'no_stream');
        let failure: Error | undefined;
        void subscription.failed.then((e) => (failure = e));
        await waitFor(() => failure !== undefined, 'the subscription to fail');
        expect(failure).toBe(boom);
        expect(calls).toBe(1);
      });
    });

    describe('hash chain', () => {
      /** Recomputes the chain from the stored events; answers the revisions whose stored hash is not the chain's. */
      const brokenLinks = (events: RecordedEvent[]) => {
        let prev = GENESIS_HASH;
        const broken: bigint[] = [];
        for (const e of events) {
          const { hash, ...metadata } = e.metadata as RecordedEvent['metadata'] & { hash?: string };
          if (hash !== chainHash(prev, { ...e, metadata })) broken.push(e.revision);
          prev = hash ?? '';
        }
        return broken;
      };
      const hashOf = (e: RecordedEvent) => (e.metadata as { hash?: string }).hash;
      const mineAfter = async (after: Position) => (await store.readAll({ after })).filter(mine);

      it('chains every event to the one before it, whichever expected revision the append gave', async () => {
        const s = stream('chain');
        await store.append(s, [event('A', { n: 1 }), event('B', { n: 2 })], 'no_stream');
        await store.append(s, [event('C', { deep: { z: 1, a: [2, 'x'] } })], 1n);
        await store.append(s, [event('D', null)], 'any');
        await store.append(s, [event('E', { n: 5 }), event('F', { n: 6 })], 'stream_exists');
        const created = stream('chain-any');
        await store.append(created, [event()], 'any');
        for (const name of [s, created]) {
          const stored = await store.readStoredStream(name);
          expect(stored.every((e) => /^[0-9a-f]{64}$/.test(hashOf(e) ?? ''))).toBe(true);
          expect(brokenLinks(stored)).toEqual([]);
        }
        const stored = await store.readStoredStream(s);
        expect(stored.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
        expect(new Set(stored.map(hashOf)).size).toBe(6);
      });

      it('keeps the chain whole when concurrent writers append to one stream with any', async () => {
        const s = stream('chain-race');
        await Promise.all(Array.from({ length: 8 }, (_, i) => store.append(s, [event('Raced', { i }), event('Raced', { i })], 'any')));
        const stored = await store.readStoredStream(s);
        expect(stored).toHaveLength(16);
        expect(brokenLinks(stored)).toEqual([]);
      });

      it('covers exactly what is stored: the content, the metadata and the place of each event', async () => {
        const s = stream('chain-content');
        await store.append(s, [event('A', { amount: 10 }), event('A', { amount: 10 })], 'no_stream');
        const [first, second] = await store.readStoredStream(s);
        // The same content at another revision has another hash, so two events cannot trade places.
        expect(hashOf(first)).not.toBe(hashOf(second));
        const edited = { ...first, data: { amount: 11 } };
        expect(brokenLinks([edited, second])).toEqual([0n]);
        const otherActor = { ...first, metadata: { ...first.metadata, actor: 'someone@else.test' } };
        expect(brokenLinks([otherActor, second])).toEqual([0n]);
        expect(brokenLinks([{ ...second, revision: 0n }])).toEqual([0n]);
      });

      it('an idempotent retry appends nothing and leaves the chain as it was', async () => {
        const s = stream('chain-retry');
        const events = [event(), event()];
        await store.append(s, events, 'no_stream');
        const before = await store.readStoredStream(s);
        await store.append(s, events, 'no_stream');
        await store.append(s, events, 'any');
        expect(await store.readStoredStream(s)).toEqual(before);
      });

      it('hashes events as stored, not upcast: readStoredStream gives them as appended', async () => {
        const s = stream('chain-upcast');
        await store.append(s, [event('ContractRenamed', { name: 'Ada Lovelace' }, 1)], 'no_stream');
        const [stored] = await store.readStoredStream(s);
        expect({ type: stored.type, schemaVersion: stored.schemaVersion, data: stored.data }).toEqual({
          type: 'ContractRenamed',
          schemaVersion: 1,
          data: { name: 'Ada Lovelace' },
        });
        expect(brokenLinks([stored])).toEqual([]);
        const [read] = await store.readStream(s);
        expect(read.schemaVersion).toBe(2);
        expect(read.hash).toBe(hashOf(stored));
        expect(read.metadata).not.toHaveProperty('hash');
      });

      it('gives each event its hash on the global log too (what checkpoints sign)', async () => {
        const before = await settledHead();
        const s = stream('chain-all');
        await readable((await store.append(s, [event(), event()], 'no_stream')).position);
        const all = (await mineAfter(before)).filter((e) => e.streamName === s);
        expect(all.map((e) => e.hash)).toEqual((await store.readStoredStream(s)).map(hashOf));
      });
    });

    it('upcasts old events on every read path', async () => {
      const before = await settledHead();
      const s = stream('upcast');
      const appended = await store.append(
        s,
        [
          event('ContractRenamed', { name: 'Ada Lovelace' }, 1),
          event('ContractRenamed', { fullName: 'Grace Hopper' }, 2),
        ],
        'no_stream',
      );
      const expected = [
        { type: 'ContractRenamed', schemaVersion: 2, data: { fullName: 'Ada Lovelace' } },
        { type: 'ContractRenamed', schemaVersion: 2, data: { fullName: 'Grace Hopper' } },
      ];
      const shape = (events: RecordedEvent[]) =>
        events.map(({ type, schemaVersion, data }) => ({ type, schemaVersion, data }));
      expect(shape(await store.readStream(s))).toEqual(expected);
      await readable(appended.position);
      expect(shape(await readMine(before))).toEqual(expected);
      const { delivered } = collect(before);
      await waitFor(() => delivered.length === 2, 'the upcast events');
      expect(shape(delivered)).toEqual(expected);
    });

    // EventStoreDB writes through one ordered log, so a late commit cannot happen there; the test is for stores
    // whose global order comes from concurrent transactions.
    if (options.lateCommit) {
      it('never lets a reader pass a transaction that commits late', async () => {
        const holdOpenAppend = ctx.holdOpenAppend;
        if (!holdOpenAppend) throw new Error('lateCommit needs makeStore to give holdOpenAppend');
        // Counts the subscription's completed reads, to know it has looked again after the other commits.
        let reads = 0;
        const readAll = store.readAll.bind(store);
        store.readAll = async (options) => {
          const result = await readAll(options);
          reads++;
          return result;
        };
        try {
          const before = await settledHead();
          const { delivered } = collect(before, 2);
          const a = event();
          await store.append(stream('late-a'), [a], 'no_stream');
          await waitFor(() => delivered.length === 1, 'the event before the gap');
          const checkpoint = delivered[0].position;

          const held = [event(), event()];
          const holding = await holdOpenAppend(stream('late-held'), held, 'no_stream');
          const after = [event(), event(), event()];
          for (const e of after) await store.append(stream('late-b'), [e], 'no_stream');

          expect(await readMine(checkpoint)).toEqual([]);
          expect(comparePositions(await store.headPosition(), holding.result.position)).toBe(-1);
          const mark = reads;
          await waitFor(() => reads >= mark + 2, 'the subscription to read again after the other commits');
          expect(ids(delivered)).toEqual([a.metadata.eventId]);

          await holding.commit();
          await waitFor(() => delivered.length >= 6, 'the held and the later events');
          const last = event();
          await store.append(stream('late-c'), [last], 'no_stream');
          await waitFor(() => delivered.length >= 7, 'one more event');
          expect(ids(delivered)).toEqual(idsOf([a, ...held, ...after, last]));
        } finally {
          store.readAll = readAll;
        }
      });
    }
  });
}
