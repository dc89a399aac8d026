/// <reference types="jest" />
// Test support, not runtime code: how the one command-handling loop behaves on an event store adapter, run by
// each adapter's command-handling *.int.spec.ts against its real backend (as event-store.contract.ts is).
import { creditDecider, creditStream, DomainError, type CreditCommand, type CreditEvent, type CreditState } from '@credence/domain';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/event-store.port';
import { deriveEventId } from './event-stamping';
import { FOLD_CACHE_MIN_EVENTS, handleCommand, loadStream, type HandleCommandOptions } from './handle-command';

const grant = (movementId: string, amount: number): CreditCommand => ({
  type: 'AdjustCredit',
  movementId,
  unit: 'credits',
  currency: null,
  amount,
  reason: 'Contract credit',
});

const actor = { actor: 'contract@credence.test' };

export function runCommandHandlingContract(name: string, open: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>) {
  describe(`handleCommand on the ${name} event store`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const ledger = () => creditStream(`contract-${randomUUID()}`);
    const run = (stream: string, command: CreditCommand, extra: Pick<HandleCommandOptions<CreditCommand, CreditEvent, CreditState>, 'retries' | 'expectedRevision'> = {}) =>
      handleCommand(store, { stream, decider: creditDecider, command, context: { ...actor, commandId: randomUUID(), tenantId: 'acme' }, ...extra });

    it('appends the decided events stamped once: derived ids, the actor, the tenant and one time', async () => {
      const stream = ledger();
      const commandId = randomUUID();
      const at = new Date('2026-11-24T10:00:00.000Z');
      const result = await handleCommand(store, {
        stream,
        decider: creditDecider,
        command: [grant('g1', 5), grant('g2', 2)],
        context: { commandId, actor: 'alice@acme.test', impersonator: 'admin@credence.test', tenantId: 'acme' },
        now: () => at,
      });
      expect(result.state.balances.credits).toBe(7);
      expect(result.nextExpectedRevision).toBe(1n);
      const recorded = await store.readStream(stream);
      expect(recorded.map((e) => [e.type, (e.data as { balanceAfter: number }).balanceAfter])).toEqual([
        ['CreditGranted', 5],
        ['CreditGranted', 7],
      ]);
      expect(recorded.map((e) => e.metadata)).toEqual([0, 1].map((i) => ({
        eventId: deriveEventId(commandId, i),
        correlationId: commandId,
        causationId: commandId,
        actor: 'alice@acme.test',
        impersonator: 'admin@credence.test',
        tenantId: 'acme',
        occurredAt: at.toISOString(),
      })));
      expect(result.events.map((e) => e.metadata.eventId)).toEqual(recorded.map((e) => e.metadata.eventId));
    });

    it('runs concurrent commands on one stream all to success by deciding again: no update is lost', async () => {
      const stream = ledger();
      const writers = 8;
      const results = await Promise.all(
        Array.from({ length: writers }, (_, i) => run(stream, grant(`g${i}`, 1), { retries: { retries: 50, baseDelayMs: 2, maxDelayMs: 20 } })),
      );
      const recorded = await store.readStream(stream);
      expect(recorded).toHaveLength(writers);
      // Each grant was decided on the balance the previous one left: 1..8, none decided on a stale balance.
      expect(recorded.map((e) => (e.data as { balanceAfter: number }).balanceAfter)).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
      expect((await loadStream(store, stream, creditDecider)).state.balances.credits).toBe(writers);
      // Some of them lost a race and won on a later attempt: the retries were exercised, not avoided.
      expect(results.reduce((n, r) => n + r.conflicts, 0)).toBeGreaterThan(0);
    });

    it('appends nothing when the decider refuses', async () => {
      const stream = ledger();
      await run(stream, grant('g1', 3));
      await expect(run(stream, grant('rm', -4))).rejects.toThrow(DomainError);
      const recorded = await store.readStream(stream);
      expect(recorded.map((e) => e.type)).toEqual(['CreditGranted']);
    });

    it('answers a command that decides nothing without appending', async () => {
      const stream = ledger();
      await run(stream, grant('g1', 3));
      // The same movement again (a new command id): the ledger already has it, so the decider answers [].
      const again = await run(stream, grant('g1', 3));
      expect(again.events).toEqual([]);
      expect(again.position).toBeNull();
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('gives up after the bounded number of retries and answers the conflict', async () => {
      const stream = ledger();
      await run(stream, grant('g0', 1));
      let attempts = 0;
      // A competing writer that always gets there first: every append of ours finds the stream moved on.
      const contested: EventStore = {
        append: async (s, events, expected) => {
          attempts++;
          await handleCommand(store, { stream: s, decider: creditDecider, command: grant(randomUUID(), 1), context: { ...actor, commandId: randomUUID() } });
          return store.append(s, events, expected);
        },
        readStream: (s, o) => store.readStream(s, o),
        readStoredStream: (s, o) => store.readStoredStream(s, o),
        readAll: (o) => store.readAll(o),
        subscribeToAll: (o) => store.subscribeToAll(o),
        headPosition: () => store.headPosition(),
        init: () => store.init(),
        close: () => store.close(),
      };
      const pauses: number[] = [];
      await expect(
        handleCommand(contested, {
          stream,
          decider: creditDecider,
          command: grant('mine', 1),
          context: { ...actor, commandId: randomUUID() },
          retries: { retries: 3, baseDelayMs: 10, maxDelayMs: 15 },
          sleep: async (ms) => void pauses.push(ms),
        }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(attempts).toBe(4);
      // Jittered below a cap that grows (10, then 15 at most): never a fixed pause, never above the cap.
      expect(pauses).toHaveLength(3);
      expect(pauses[0]).toBeLessThan(10);
      for (const p of pauses) expect(p).toBeLessThan(15);
      const recorded = await store.readStream(stream);
      expect(recorded.some((e) => (e.data as { movementId: string }).movementId === 'mine')).toBe(false);
    });

    it('answers a conflict at once when the caller pinned the revision it decided on', async () => {
      const stream = ledger();
      const seen = await loadStream(store, stream, creditDecider);
      await run(stream, grant('other', 1));
      await expect(run(stream, grant('mine', 1), { expectedRevision: seen.revision })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('answers a retried command (same id) with its original result and appends nothing new', async () => {
      const stream = ledger();
      const commandId = randomUUID();
      const options = { stream, decider: creditDecider, context: { ...actor, commandId, tenantId: 'acme' } };
      const first = await handleCommand(store, { ...options, command: [grant('a', 2), grant('b', 3)] });
      await run(stream, grant('later', 10));
      // A retry of the same request: even a decider that would decide anew (a fresh movement id) is not asked.
      const retried = await handleCommand(store, { ...options, command: [grant('a2', 2), grant('b2', 3)] });
      expect(first.replayed).toBe(false);
      expect(retried.replayed).toBe(true);
      expect(retried.position).toEqual(first.position);
      expect(retried.events.map((e) => [e.metadata.eventId, e.data])).toEqual(first.events.map((e) => [e.metadata.eventId, e.data]));
      expect((await store.readStream(stream)).map((e) => (e.data as { movementId: string }).movementId)).toEqual(['a', 'b', 'later']);
    });

    it('appends once when two copies of one command race', async () => {
      const stream = ledger();
      await run(stream, grant('g0', 1));
      const commandId = randomUUID();
      const copy = () => handleCommand(store, { stream, decider: creditDecider, command: grant('once', 5), context: { ...actor, commandId } });
      const [a, b] = await Promise.all([copy(), copy()]);
      expect(a.position).toEqual(b.position);
      const recorded = await store.readStream(stream);
      expect(recorded.filter((e) => (e.data as { movementId: string }).movementId === 'once')).toHaveLength(1);
      expect((await loadStream(store, stream, creditDecider)).state.balances.credits).toBe(6);
    });

    it('keeps the fold of a long stream: later reads ask only for what is new and equal a fold of the whole stream', async () => {
      const stream = ledger();
      const first = Array.from({ length: FOLD_CACHE_MIN_EVENTS }, (_, i) => grant(`long-${i}`, 1));
      await handleCommand(store, { stream, decider: creditDecider, command: first, context: { ...actor, commandId: randomUUID(), tenantId: 'acme' } });
      const before = await loadStream(store, stream, creditDecider);
      expect(before.state.balances.credits).toBe(FOLD_CACHE_MIN_EVENTS);
      const reads = jest.spyOn(store, 'readStream');
      try {
        for (let i = 0; i < 3; i++) await run(stream, grant(`more-${i}`, 2));
        const after = await loadStream(store, stream, creditDecider);
        // Every read since was from the last event seen (inclusive), never the whole stream again.
        expect(reads.mock.calls.length).toBeGreaterThan(0);
        expect(reads.mock.calls.every(([, options]) => options?.fromRevision !== undefined && options.fromRevision > 0n)).toBe(true);
        expect(after.recorded).toHaveLength(FOLD_CACHE_MIN_EVENTS + 3);
        expect(after.revision).toBe(BigInt(FOLD_CACHE_MIN_EVENTS + 2));
        expect(after.state.balances.credits).toBe(FOLD_CACHE_MIN_EVENTS + 6);
        // The kept state was not changed by the folds after it.
        expect(before.state.balances.credits).toBe(FOLD_CACHE_MIN_EVENTS);
        let whole = creditDecider.initialState();
        for (const e of await store.readStream(stream)) whole = creditDecider.evolve(whole, e as never);
        expect(after.state).toEqual(whole);
      } finally {
        reads.mockRestore();
      }
    });

    it('reads a kept stream whole again when the event it last saw is no longer there', async () => {
      const stream = ledger();
      await handleCommand(store, {
        stream,
        decider: creditDecider,
        command: Array.from({ length: FOLD_CACHE_MIN_EVENTS }, (_, i) => grant(`x-${i}`, 1)),
        context: { ...actor, commandId: randomUUID(), tenantId: 'acme' },
      });
      await loadStream(store, stream, creditDecider);
      // A store that answers another event at that revision (a database replaced under the process).
      const real = store.readStream.bind(store);
      const reads = jest.spyOn(store, 'readStream').mockImplementation(async (name, options) => {
        const events = await real(name, options);
        return options?.fromRevision ? events.map((e) => ({ ...e, metadata: { ...e.metadata, eventId: randomUUID() } })) : events;
      });
      try {
        const again = await loadStream(store, stream, creditDecider);
        expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([BigInt(FOLD_CACHE_MIN_EVENTS - 1), undefined]);
        expect(again.state.balances.credits).toBe(FOLD_CACHE_MIN_EVENTS);
      } finally {
        reads.mockRestore();
      }
    });
  });
}
