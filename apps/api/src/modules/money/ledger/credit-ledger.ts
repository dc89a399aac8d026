import { Inject, Injectable } from '@nestjs/common';
import { creditStream, evolveCredit, initialCreditState, timed, type CreditEvent, type CreditState } from '@credence/domain';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type RecordedEvent,
} from '../../../infrastructure/event-store/event-store.port';
import { withMetadata, type MoneyActor } from './event-metadata';

/** How often a step is decided again after another writer got to the ledger first. */
const MAX_ATTEMPTS = 100;

export interface LedgerView {
  state: CreditState;
  /** The ledger's events as recorded (with who, when and which command). */
  recorded: RecordedEvent[];
  /** Revision of the last event, or null for an empty ledger. */
  revision: bigint | null;
}

/**
 * The account's credit ledger, `credit-<companyId>`: every change is decided on the current state and appended
 * with that state's revision; when another writer got there first the step is decided again on the new state.
 * So two concurrent spends can never both take the same credit, and the balance never goes below zero.
 */
@Injectable()
export class CreditLedger {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(companyId: string): Promise<LedgerView> {
    const recorded = await this.store.readStream(creditStream(companyId));
    let state = initialCreditState();
    for (const e of recorded) state = evolveCredit(state, e as RecordedEvent & CreditEvent);
    return { state, recorded, revision: recorded.length ? recorded[recorded.length - 1].revision : null };
  }

  /**
   * Decides and appends one step of a command. `decide` may be called several times (once per attempt) and must
   * answer [] when the step is already in the ledger.
   */
  async execute(
    companyId: string,
    step: { commandId: string; step: string; actor: MoneyActor },
    decide: (state: CreditState) => CreditEvent[],
  ): Promise<{ events: CreditEvent[]; state: CreditState; appended: AppendResult | null }> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(companyId);
      const events = decide(state);
      if (events.length === 0) return { events, state, appended: null };
      try {
        const appended = await this.store.append(
          creditStream(companyId),
          withMetadata(events, { ...step, tenantId: companyId }),
          revision ?? 'no_stream',
        );
        return { events, state: events.reduce((s, e) => evolveCredit(s, timed(e, '')), state), appended };
      } catch (e) {
        if (e instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw e;
      }
    }
  }
}
