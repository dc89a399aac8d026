import { applicationDecider, applicationStream, type ApplicationState } from '@credence/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { NotifyLedger } from '../../../infrastructure/queue/notify-ledger';
import { AccountsRepository } from '../../identity';
import { VerificationMailer } from '../../verifications';
import { applicationMails } from './application-mails';

/** 'application.notify': the mails an application's events cause (enqueued by ApplicationJobsReactor, keyed by the event id). */
@Injectable()
export class ApplicationMailProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger('ApplicationJobs');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly commands: CommandHandling,
    private readonly mailer: VerificationMailer,
    private readonly accounts: AccountsRepository,
    private readonly ledger: NotifyLedger,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('application.notify', (job) => this.notify(job), { concurrency: 2 });
  }

  /** Writes the event's mails, then closes its ledger row (a failure leaves it open: the queue retries, the sweep asks again). */
  async notify(job: Job<'application.notify'>) {
    await this.writeMails(job);
    await this.ledger.done(job.payload.eventId);
  }

  private load(applicationId: string) {
    return this.commands.load(applicationStream(applicationId), applicationDecider);
  }

  private async writeMails(job: Job<'application.notify'>) {
    const { applicationId, eventId, eventType } = job.payload;
    const { state } = await this.load(applicationId);
    if (!state.exists) return;
    const applicantLink = this.mailer.link(`/application/history/${encodeURIComponent(applicationId)}`);
    const ownerLink = this.mailer.link(`/applicant/history/${encodeURIComponent(applicationId)}`);
    switch (eventType) {
      case 'ApplicationProgressed':
        return this.mailer.send(
          'actionRequired',
          state.applicant.username,
          applicationMails.actionRequired(state, applicantLink),
          eventId,
          'application',
        );
      case 'ApplicationArchived':
        return this.mailer.send(
          'archived',
          state.applicant.username,
          applicationMails.archived(state, state.completed !== null, applicantLink),
          eventId,
          'application',
        );
      case 'ApplicationCompleted':
        for (const to of await this.ownerAddresses(state))
          await this.mailer.send(
            'completed',
            to,
            applicationMails.completed(state, ownerLink),
            eventId,
            'application',
          );
        return;
      default:
        this.logger.warn(`no mail for ${eventType}`);
    }
  }

  /** The organisation's central notification address when set, otherwise its admins (access.md 6.3). */
  private async ownerAddresses(state: ApplicationState): Promise<string[]> {
    const company = await this.accounts.company(state.template.ownerCompanyId);
    if (company?.callbackEmail?.trim()) return [company.callbackEmail.trim()];
    const { rows } = await this.accounts.pool.query<{ username: string }>(
      `SELECT username FROM users WHERE company_id = $1 AND admin AND NOT disabled AND NOT pending ORDER BY username`,
      [state.template.ownerCompanyId],
    );
    return rows.map((r) => r.username);
  }
}
