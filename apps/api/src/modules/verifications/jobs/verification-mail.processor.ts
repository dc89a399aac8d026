import {
  instituteKind,
  verificationDecider,
  verificationStream,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { AccountsRepository } from '../../identity';
import { verificationMails, type VerificationMailName } from '../mail/verification-mail.templates';
import { VerificationMailer } from '../mail/verification-mailer';
import { NotifyLedger } from '../../../infrastructure/queue/notify-ledger';

/**
 * 'verification.notify': the progress mails of the lifecycle (enqueued by VerificationJobsReactor, one job per
 * event, the mail keyed by the event id), to the submitter and, for a manual check, the resolver.
 */
@Injectable()
export class VerificationMailProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger('VerificationJobs');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commands: CommandHandling,
    private readonly mailer: VerificationMailer,
    private readonly accounts: AccountsRepository,
    private readonly ledger: NotifyLedger,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('verification.notify', (job) => this.notify(job), { concurrency: 4 });
  }

  /** Writes the event's mails, then closes its ledger row (a failure leaves it open: the queue retries, the sweep asks again). */
  async notify(job: Job<'verification.notify'>) {
    await this.writeMails(job);
    await this.ledger.done(job.payload.eventId);
  }

  private async writeMails(job: Job<'verification.notify'>) {
    const { verificationId, eventId, eventType, resolveKey } = job.payload;
    const { state } = await this.load(verificationId);
    if (!state.exists) return;
    const view = this.mailer.link(`/verification/history/${encodeURIComponent(verificationId)}`);
    const toSubmitter = async (template: VerificationMailName, link = view) => {
      for (const to of await this.submitterAddresses(state))
        await this.mailer.send(template, to, verificationMails[template](state, link), eventId);
    };
    switch (eventType) {
      case 'SentForManualCheck': {
        if (resolveKey) {
          const link = this.mailer.link(`/verify/${resolveKey}`);
          for (const to of await this.resolverAddresses(state)) {
            await this.mailer.send(
              'resolveRequest',
              to,
              verificationMails.resolveRequest(state, link),
              eventId,
            );
          }
        }
        await toSubmitter('sentForManualCheck');
        return;
      }
      case 'AutomaticCheckMatched':
      case 'VerificationResolved':
        return toSubmitter('result');
      case 'IdentityCheckCompleted':
        return toSubmitter(
          state.result === 'VERIFIED' ? 'result' : 'identityCapture',
          state.result === 'VERIFIED' ? view : (state.thirdPartyActionUrl ?? view),
        );
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
    const field = (key: string) =>
      typeof state.fields[key] === 'string' ? [String(state.fields[key]).trim()] : [];
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
