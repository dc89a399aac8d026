import {
  isVerificationEvent,
  verificationDecider,
  verificationStream,
  type VerificationEvent,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import {
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../../../infrastructure/event-store/event-store.port';

/** A verification folded from its own stream, with the revision and last event a certificate is issued at. */
export interface LoadedVerification {
  state: VerificationState;
  revision: bigint;
  last: RecordedEvent;
}

const VERIFICATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What a certificate says is read from the verification's own stream (not a read model that may lag), so the
 * revision in the PDF is exactly the state it shows.
 */
@Injectable()
export class CertificateSource {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async load(id: string): Promise<LoadedVerification | null> {
    if (!VERIFICATION_ID.test(id)) return null;
    const recorded = await this.events.readStream(verificationStream(id));
    if (!recorded.length) return null;
    let state = verificationDecider.initialState();
    for (const e of recorded) {
      if (isVerificationEvent(e))
        state = verificationDecider.evolve(
          state,
          e as unknown as VerificationEvent & { metadata: RecordedEvent['metadata'] },
        );
    }
    const last = recorded[recorded.length - 1];
    return state.exists ? { state, revision: last.revision, last } : null;
  }
}
