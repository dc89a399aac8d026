import { instituteKind, verificationDecider, verificationStream, type VerificationState } from '@credence/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { AccountsRepository } from '../../identity';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { onVerification } from '../commands/verification-stream';
import { verificationMails, type VerificationMailName } from '../mail/verification-mail.templates';
import { VerificationMailer } from '../mail/verification-mailer';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import { INSTITUTE_DIRECTORY, type InstituteDirectory } from '../ports/institute-directory.port';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';

/** Identity checks stop polling after this many polls (the provider's verdict then needs support's attention). */
const MAX_IDENTITY_POLLS = 500;

/**
 * The jobs of the lifecycle: the automatic check against the institute's records, the identity provider's verdict,
 * and the progress mails. Each loads the stream, decides, and appends with retries on a concurrent change; what
 * its events cause next is enqueued by VerificationJobsReactor (no sweep: a crash between an append and the
 * enqueue leaves the reactor's checkpoint before the event).
 */
@Injectable()
export class VerificationProcessors implements OnApplicationBootstrap {
  private readonly logger = new Logger('VerificationJobs');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(INSTITUTE_DIRECTORY) private readonly directory: InstituteDirectory,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly commands: CommandHandling,
    private readonly reactions: VerificationJobsReactor,
    private readonly mailer: VerificationMailer,
    private readonly accounts: AccountsRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('verification.auto-check', (job) => this.autoCheck(job), { concurrency: 4 });
    await this.queue.work('verification.identity-check', (job) => this.identityCheck(job), { concurrency: 2 });
    await this.queue.work('verification.notify', (job) => this.notify(job), { concurrency: 4 });
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
      await this.queue.enqueue('verification.identity-check', `${checkId}:${poll + 1}`, { ...job.payload, poll: poll + 1 }, { delayMs: this.identity.pollIntervalMs });
      return;
    }
    const appended = await this.commands.handleCommand(
      onVerification(
        verificationId,
        { type: 'RecordIdentityCheck', actor: { kind: 'system', process: 'identity-check' }, checkId, outcome: verdict.outcome, thirdPartyData: verdict.data },
        { commandId: `identity-check/${checkId}`, actor: 'system:identity-check' },
      ),
    );
    await this.reactions.heldForSeeding(appended);
  }

  async notify(job: Job<'verification.notify'>) {
    const { verificationId, eventId, eventType, resolveKey } = job.payload;
    const { state } = await this.load(verificationId);
    if (!state.exists) return;
    const view = this.mailer.link(`/verification/history/${encodeURIComponent(verificationId)}`);
    const toSubmitter = async (template: VerificationMailName, link = view) => {
      for (const to of await this.submitterAddresses(state)) await this.mailer.send(template, to, verificationMails[template](state, link), eventId);
    };
    switch (eventType) {
      case 'SentForManualCheck': {
        if (resolveKey) {
          const link = this.mailer.link(`/verify/${resolveKey}`);
          for (const to of await this.resolverAddresses(state)) {
            await this.mailer.send('resolveRequest', to, verificationMails.resolveRequest(state, link), eventId);
          }
        }
        await toSubmitter('sentForManualCheck');
        return;
      }
      case 'AutomaticCheckMatched':
      case 'VerificationResolved':
        return toSubmitter('result');
      case 'IdentityCheckCompleted':
        return toSubmitter(state.result === 'VERIFIED' ? 'result' : 'identityCapture', state.result === 'VERIFIED' ? view : (state.thirdPartyActionUrl ?? view));
      case 'AutomaticCheckFoundNoMatch':
        return toSubmitter('actionRequired');
      case 'IdentityCaptureRequested':
        return toSubmitter('identityCapture', state.thirdPartyActionUrl ?? view);
      case 'VerificationDelayedAtSource':
        return toSubmitter('delayed');
      case 'VerificationCancelled':
        return toSubmitter('cancelled');
      case 'AccreditationRecorded':
        return toSubmitter('accreditation');
      default:
        this.logger.warn(`no mail for ${eventType}`);
    }
  }

  private load(id: string) {
    return this.commands.load(verificationStream(id), verificationDecider);
  }

  /** access.md 6.3: the company's central notification address when set, otherwise the submitting user. */
  private async submitterAddresses(state: VerificationState): Promise<string[]> {
    const company = await this.accounts.company(state.companyId);
    return [company?.callbackEmail?.trim() || state.requestedBy];
  }

  /** The employer's contact, the referee, or the staff of the institute's (or its parent's) account. */
  private async resolverAddresses(state: VerificationState): Promise<string[]> {
    if (!state.institute) return [];
    const field = (key: string) => (typeof state.fields[key] === 'string' ? [String(state.fields[key]).trim()] : []);
    switch (instituteKind(state.institute.id)) {
      case 'employment':
        return field('employerEmail');
      case 'academicref':
        return field('email');
      case 'identity':
        return [];
      case 'education':
      case 'highschool': {
        const { rows } = await this.pool.query<{ username: string }>(
          `SELECT u.username FROM users u JOIN companies c ON c.id = u.company_id
            WHERE c.institute_id = ANY($1) AND NOT u.disabled AND NOT u.pending ORDER BY u.admin DESC, u.username`,
          [[state.institute.id, state.institute.parentId].filter(Boolean)],
        );
        return rows.map((r) => r.username);
      }
    }
  }
}
