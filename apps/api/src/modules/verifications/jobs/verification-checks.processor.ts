import { verificationDecider, verificationStream } from '@credence/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { onVerification } from '../commands/verification-stream';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import { INSTITUTE_DIRECTORY, type InstituteDirectory } from '../ports/institute-directory.port';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';

/** Identity checks stop polling after this many polls (the provider's verdict then needs support's attention). */
const MAX_IDENTITY_POLLS = 500;

/**
 * The checks of the lifecycle: the automatic check against the institute's records and the identity provider's
 * verdict (the progress mails are VerificationMailProcessor's). Each loads the stream, decides, and appends with
 * retries on a concurrent change; what its events cause next is enqueued by VerificationJobsReactor (a crash
 * between an append and the enqueue leaves the reactor's checkpoint before the event). A job the queue itself lost
 * (Redis without persistence) is enqueued again by StuckChecksSweeper, with the same key.
 */
@Injectable()
export class VerificationChecksProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger('VerificationJobs');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(INSTITUTE_DIRECTORY) private readonly directory: InstituteDirectory,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly commands: CommandHandling,
    private readonly reactions: VerificationJobsReactor,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('verification.auto-check', (job) => this.autoCheck(job), { concurrency: 4 });
    await this.queue.work('verification.identity-check', (job) => this.identityCheck(job), {
      concurrency: 2,
    });
  }

  async autoCheck(job: Job<'verification.auto-check'>) {
    const { verificationId, checkId } = job.payload;
    const { state } = await this.load(verificationId);
    if (state.stage !== 'AUTOMATIC_CHECK' || state.checkId !== checkId || !state.institute) return;
    const match = await this.directory.findMatch(state.institute.id, {
      firstName: state.person.firstname,
      lastName: state.person.surname,
      dob: state.person.dob,
      fields: state.fields,
    });
    const appended = await this.commands.handleCommand(
      onVerification(
        verificationId,
        {
          type: 'RecordAutomaticCheck',
          actor: { kind: 'system', process: 'auto-check' },
          checkId,
          match: match.outcome === 'MATCH' ? { thirdPartyData: match.data } : null,
          hints: match.outcome === 'MATCH' ? [] : match.hints,
        },
        { commandId: `auto-check/${checkId}`, actor: 'system:auto-check' },
      ),
    );
    await this.reactions.heldForSeeding(appended);
  }

  async identityCheck(job: Job<'verification.identity-check'>) {
    const { verificationId, checkId, supplierId, poll } = job.payload;
    const { state } = await this.load(verificationId);
    if (state.stage !== 'IDENTITY_CHECK' || state.checkId !== checkId) return;
    const verdict = await this.identity.check(supplierId);
    if (verdict.status === 'PENDING') {
      if (poll >= MAX_IDENTITY_POLLS) {
        this.logger.warn(`identity check ${checkId} of ${verificationId}: no verdict after ${poll} polls`);
        return;
      }
      await this.queue.enqueue(
        'verification.identity-check',
        `${checkId}:${poll + 1}`,
        { ...job.payload, poll: poll + 1 },
        { delayMs: this.identity.pollIntervalMs },
      );
      return;
    }
    const appended = await this.commands.handleCommand(
      onVerification(
        verificationId,
        {
          type: 'RecordIdentityCheck',
          actor: { kind: 'system', process: 'identity-check' },
          checkId,
          outcome: verdict.outcome,
          thirdPartyData: verdict.data,
        },
        { commandId: `identity-check/${checkId}`, actor: 'system:identity-check' },
      ),
    );
    await this.reactions.heldForSeeding(appended);
  }

  private load(id: string) {
    return this.commands.load(verificationStream(id), verificationDecider);
  }
}
