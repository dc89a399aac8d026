import type { ResolutionResult } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { heldJobs, runSeeding } from '../../../infrastructure/seeding/seeding-context';
import { AccountsRepository, demoPrincipal } from '../../identity';
import {
  CancelVerification,
  DeleteVerification,
  MarkVerificationUnable,
  ResolveVerification,
  SaveVerification,
  SubmitVerifications,
} from '../commands/handlers';
import type { SubmissionResult } from '../commands/submission-entry';
import type { SubmissionBodyDto } from '../dto/submission.dto';
import { VerificationChecksProcessor } from '../jobs/verification-checks.processor';
import { VerificationMailProcessor } from '../jobs/verification-mail.processor';
import { atUniDemo, CARD, type Person } from './demo-people';

/**
 * The seeding mechanics behind the demo verifications: each step goes through the area's own command handlers,
 * and the jobs it causes (automatic checks, mails) run at once inside the customer's seeding context. The
 * scenarios (who has which verification) are in DemoVerificationsSeeder.
 */
@Injectable()
export class DemoVerificationSteps {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly commandBus: CommandBus,
    private readonly checks: VerificationChecksProcessor,
    private readonly mails: VerificationMailProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One customer's chain in its own seeding context: its jobs (checks, mails) run in order, right away. */
  chain(fn: () => Promise<void>): Promise<void> {
    return runSeeding(async () => {
      await fn();
      await this.drain();
    });
  }

  /** Runs the held jobs (and the ones they cause) now. Identity checks are left to the queue. */
  async drain() {
    const held = heldJobs()!;
    for (let job = held.shift(); job; job = held.shift()) {
      const base = { key: job.key, attempt: 1 };
      if (job.queue === 'verification.auto-check') {
        await this.checks.autoCheck({
          ...base,
          queue: job.queue,
          payload: job.payload as { verificationId: string; checkId: string },
        });
      } else if (job.queue === 'verification.notify') {
        await this.mails.notify({
          ...base,
          queue: job.queue,
          payload: job.payload as { verificationId: string; eventId: string; eventType: string },
        });
      }
    }
  }

  /** Submitted and paid (card, invoice or credits), then the automatic check and its mails, run now. */
  async submitted(p: Principal, who: Person, reference: string | null): Promise<string> {
    const { ids } = await this.create(p, { ...atUniDemo(who, reference), creditPurchase: CARD }, true);
    await this.drain();
    return ids[0];
  }

  verified(p: Principal, who: Person, reference: string | null) {
    return this.submitted(p, who, reference);
  }

  notFound(p: Principal, who: Person, reference: string | null) {
    return this.submitted(p, who, reference);
  }

  /** NOT_FOUND, then sent for manual checking: it waits for irene. */
  async pendingWithInstitute(p: Principal, who: Person, reference: string | null): Promise<string> {
    const id = await this.submitted(p, who, reference);
    await this.commandBus.execute(new SaveVerification(p, id, { force: true }, true));
    return id;
  }

  async resolvedBy(resolver: Principal, id: string, result: ResolutionResult, notes: string | null) {
    await this.commandBus.execute(
      new ResolveVerification(resolver, id, {
        result,
        notes,
        approvedByName: 'Irene Ingram',
        approvedByTitle: 'Registrar',
      }),
    );
  }

  cancel(p: Principal, id: string, reason: string) {
    return this.commandBus.execute(new CancelVerification(p, id, reason));
  }

  markUnable(p: Principal, id: string, reason: string) {
    return this.commandBus.execute(new MarkVerificationUnable(p, id, reason));
  }

  remove(p: Principal, id: string) {
    return this.commandBus.execute(new DeleteVerification(p, id));
  }

  /** POST /verification as the portal sends it, through the command bus. */
  create(p: Principal, body: SubmissionBodyDto, submit: boolean): Promise<SubmissionResult> {
    return this.commandBus.execute(new SubmitVerifications(p, body, submit));
  }

  async principal(username: string): Promise<Principal> {
    return demoPrincipal(this.accounts, username, this.config.staffDomain);
  }
}
