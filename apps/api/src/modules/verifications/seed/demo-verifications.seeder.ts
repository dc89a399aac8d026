import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { SubmissionResult } from '../commands/submission-entry';
import type { SubmissionBodyDto } from '../dto/submission.dto';
import { acmeAdmin, acmeUser, globexAndInitech, individuals } from './demo-verification-scenarios';
import { DemoVerificationSteps } from './demo-verification-steps';

export { atUniDemo, CARD, HELD, PDF, person } from './demo-people';

/**
 * Demo verifications for every screen, made through the area's own command handlers so the streams, read models,
 * timelines and mails are the real thing: alice and bob (Acme, card), carol (Globex, invoice), dave (Initech,
 * tokens), indy (individual) and anna (applicant) in every result of verifications.md 4; requests waiting for
 * irene (University of Demo) and ones she resolved earlier.
 */
@Injectable()
export class DemoVerificationsSeeder {
  private readonly logger = new Logger('DemoVerifications');

  constructor(private readonly steps: DemoVerificationSteps) {}

  run(): Promise<void> {
    return this.seed();
  }

  /** One customer's chain in its own seeding context (the applications' seeder runs its own chain too). */
  chain(fn: () => Promise<void>): Promise<void> {
    return this.steps.chain(fn);
  }

  /** Runs the held jobs (and the ones they cause) now. */
  drain(): Promise<void> {
    return this.steps.drain();
  }

  /** POST /verification as the portal sends it, through the command bus. */
  create(p: Principal, body: SubmissionBodyDto, submit: boolean): Promise<SubmissionResult> {
    return this.steps.create(p, body, submit);
  }

  principal(username: string): Promise<Principal> {
    return this.steps.principal(username);
  }

  private async seed(): Promise<void> {
    const [alice, bob, carol, dave, indy, anna, irene, staff] = await Promise.all(
      [
        'alice@acme.test',
        'bob@acme.test',
        'carol@globex.test',
        'dave@initech.test',
        'indy@mail.test',
        'anna@mail.test',
        'irene@uni-demo.test',
        'admin@credence.test',
      ].map((u) => this.steps.principal(u)),
    );

    // Customers' chains run side by side (each company's money ledger serialises its own orders).
    await Promise.all([
      this.steps.chain(() => acmeAdmin(this.steps, alice, irene, staff)),
      this.steps.chain(() => acmeUser(this.steps, bob, irene)),
      this.steps.chain(() => globexAndInitech(this.steps, carol, dave, irene)),
      this.steps.chain(() => individuals(this.steps, indy, anna, irene)),
    ]);
    this.logger.log('demo verifications seeded');
  }
}
