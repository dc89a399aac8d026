import {
  evolveVerification,
  initialVerificationState,
  isVerificationEvent,
  verificationStream,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { memberOf } from '../../verifications';
import type { MemberVerification } from '@credence/domain';

/**
 * The verifications of an application as their streams have them now. Read from the event store, not the read
 * models: a reconcile triggered by a verification's event must see that event, however far a projection lags.
 */
@Injectable()
export class ApplicationMembers {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async states(ids: readonly string[]): Promise<VerificationState[]> {
    const states = await Promise.all(
      [...new Set(ids)].map(async (id) => {
        let state = initialVerificationState();
        for (const e of await this.store.readStream(verificationStream(id))) {
          if (isVerificationEvent(e)) state = evolveVerification(state, e);
        }
        return state;
      }),
    );
    return states.filter((s) => s.exists);
  }

  async of(ids: readonly string[]): Promise<MemberVerification[]> {
    return (await this.states(ids)).map(memberOf);
  }
}
