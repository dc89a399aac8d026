import {
  decideAll,
  evolveVerification,
  initialVerificationState,
  isVerificationEvent,
  timed,
  verificationDecider,
  verificationStream,
  type VerificationCommand,
  type VerificationEvent,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type Position,
} from '../../../infrastructure/event-store/event-store.port';
import { stampEvents } from '../../../infrastructure/command-handling/event-stamping';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';

/** A job a reaction would enqueue, held back while the demo seed runs its reactions itself. */
export interface HeldJob {
  queue: 'verification.auto-check' | 'verification.identity-check' | 'verification.notify';
  key: string;
  payload: Record<string, unknown>;
}

/**
 * Work that answers nobody (the demo seed) need not wait for the read models after each append, and runs its
 * jobs itself, in order, instead of leaving a backlog on the queues at start-up.
 */
const seeding = new AsyncLocalStorage<{ held: HeldJob[] }>();

/** Whether the current work is the demo seed's (which does not wait for read models). */
export const inSeedingContext = () => seeding.getStore() !== undefined;

/** The read models a command's answer (and the caller's next read) must reflect. */
const SETTLED_READ_MODELS = ['verification-detail', 'verification-list', 'verification-counts'] as const;

/** Who acts, for the events' metadata. */
export interface CommandContext {
  commandId: string;
  /** Username, or system:<process>, or public:resolve-link. */
  actor: string;
  impersonator?: string | null;
  correlationId?: string;
}

export interface Loaded {
  state: VerificationState;
  expected: ExpectedRevision;
}

export interface Appended {
  verificationId: string;
  state: VerificationState;
  events: { event: VerificationEvent; eventId: string }[];
  position: Position | null;
}

/**
 * The verification streams: load one (fold with the domain's evolve), decide commands against it, append the
 * events with the expected revision (409 on a concurrent change) and deterministic ids (a retried command appends
 * nothing new). Reads of lists and views go to the read models, never here.
 */
@Injectable()
export class VerificationStore {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsService,
  ) {}

  async load(id: string): Promise<Loaded> {
    const recorded = await this.store.readStream(verificationStream(id));
    let state = initialVerificationState();
    for (const e of recorded) {
      if (isVerificationEvent(e)) state = evolveVerification(state, e);
    }
    return { state, expected: recorded.length ? recorded[recorded.length - 1].revision : 'no_stream' };
  }

  /** Decides without appending: for flows that must look at every stream (and take payment) before writing. */
  decide(loaded: Loaded, commands: readonly VerificationCommand[], now = new Date().toISOString()) {
    return decideAll(verificationDecider, commands, loaded.state, now);
  }

  async append(id: string, loaded: Loaded, events: readonly VerificationEvent[], ctx: CommandContext, now = new Date().toISOString()): Promise<Appended> {
    if (!events.length) return { verificationId: id, state: loaded.state, events: [], position: null };
    let state = loaded.state;
    for (const e of events) state = evolveVerification(state, timed(e, now));
    const toAppend = stampEvents(events, { ...ctx, tenantId: state.companyId, occurredAt: now });
    const withIds = events.map((event, i) => ({ event, eventId: toAppend[i].metadata.eventId }));
    const result = await this.store.append(verificationStream(id), toAppend, loaded.expected);
    return { verificationId: id, state, events: withIds, position: result.position };
  }

  /** Load, decide, append. `retryOnConflict` reloads and decides again when another writer got there first (jobs). */
  async execute(
    id: string,
    build: (state: VerificationState) => VerificationCommand[],
    ctx: CommandContext,
    options: { retryOnConflict?: boolean } = {},
  ): Promise<Appended> {
    for (let attempt = 0; ; attempt++) {
      const loaded = await this.load(id);
      const { events } = this.decide(loaded, build(loaded.state));
      try {
        return await this.append(id, loaded, events, { ...ctx, commandId: attempt ? `${ctx.commandId}/retry-${attempt}` : ctx.commandId });
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError) || !options.retryOnConflict || attempt >= 4) throw e;
      }
    }
  }

  /** Runs fn without waiting for the read models after each append, holding its jobs for `heldJobs()`. */
  seeding<T>(fn: () => Promise<T>): Promise<T> {
    return seeding.run({ held: [] }, fn);
  }

  /** The jobs held back in the current seeding context (null outside one). */
  heldJobs(): HeldJob[] | null {
    return seeding.getStore()?.held ?? null;
  }

  /**
   * Answer with the read models as they are after an append (the POST answers with its list row). The counts are
   * among them: a list's total and the menu counters come from verification-counts, and a client that lists right
   * after a command must not see a total that disagrees with the rows.
   */
  async settle(position: Position | null) {
    if (!position || seeding.getStore()) return;
    await Promise.all(SETTLED_READ_MODELS.map((name) => this.projections.waitFor(name, position)));
  }
}
