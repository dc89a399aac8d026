import { Injectable, Logger } from '@nestjs/common';

/** An applicant finished registering through an application owner's page or invitation. */
export interface ApplicantRegistered {
  userId: string;
  username: string;
  companyId: string;
  firstname: string;
  lastname: string;
  ownerId: string;
  customerReference: string | null;
}

type Listener = (event: ApplicantRegistered) => Promise<void>;

/**
 * Lets the applications area open the applicant's application right after registration, without identity
 * depending on it (applications build on identity). Listeners run after the registration is committed and
 * before the request answers, so the applicant's first sign-in finds the application; a listener that fails is
 * logged and made good by the listener's own sweep (the user row keeps the owner).
 */
@Injectable()
export class ApplicantRegistrations {
  private readonly logger = new Logger('ApplicantRegistrations');
  private readonly listeners: Listener[] = [];

  listen(listener: Listener) {
    this.listeners.push(listener);
  }

  async registered(event: ApplicantRegistered) {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (e) {
        this.logger.warn(`applicant registration listener failed for user ${event.userId}: ${(e as Error).message}`);
      }
    }
  }
}
