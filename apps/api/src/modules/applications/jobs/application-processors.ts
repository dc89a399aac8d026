import { applicationDecider, applicationStream } from '@credence/domain';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { VerificationMailer } from '../../verifications';
import { ApplicationMembers } from '../core/application-members';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { onApplication } from '../core/application-stream';
import { APPLICATION_MEMBER_TABLE, APPLICATION_TABLE } from '../core/application-tables';
import { VERIFICATION_LIST_TABLE } from '../../verifications';
import { VerificationInvalid } from '@credence/domain';
import { ApplicationOpener } from './application-opener';
import { applicationMails } from './application-mails';

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders to finish an open application: after 3 days, then after 7 (each sent once, by its own mail id). */
const REMINDER_DAYS = [3, 7];

/**
 * The applications' jobs: take stock after a verification changed (status, completion, insights; enqueued by the
 * reactors), and a sweep for what no event causes (reminders, stragglers, missing ones). The mails an
 * application's events cause are ApplicationMailProcessor's.
 */
@Injectable()
export class ApplicationProcessors implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ApplicationJobs');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commands: CommandHandling,
    private readonly members: ApplicationMembers,
    private readonly mailer: VerificationMailer,
    private readonly opener: ApplicationOpener,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work(
      'application.reconcile',
      (job) => this.reconcile(job.payload.applicationId, job.key),
      { concurrency: 2 },
    );
    this.sweeper = setInterval(
      () => void this.sweep().catch((e: Error) => this.logger.warn(`sweep: ${e.message}`)),
      SWEEP_EVERY_MS,
    );
    this.sweeper.unref();
  }

  onModuleDestroy() {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Decides the application's status from its verifications' streams as they are now. */
  async reconcile(applicationId: string, causeId: string) {
    const { state } = await this.load(applicationId);
    if (state.status !== 'PENDING' && state.status !== 'APPLICANT_ACTION') return;
    const members = await this.members.of(state.verificationIds);
    await this.commands.handleCommand(
      onApplication(
        applicationId,
        {
          type: 'ReconcileApplication',
          actor: { kind: 'system', process: 'application-reconcile' },
          members,
        },
        { commandId: `application-reconcile/${causeId}`, actor: 'system:application-reconcile' },
      ),
    );
  }

  private load(applicationId: string) {
    return this.commands.load(applicationStream(applicationId), applicationDecider);
  }

  /**
   * What no event causes: applicants left without an application get one, verifications a crash kept out of their
   * application join it, reminders fall due. (Applications taking stock after a verification changed is no longer
   * swept: ApplicationJobsReactor and VerificationJobsReactor enqueue it from the events.)
   */
  async sweep() {
    await this.opener.openMissing();
    await this.includeStragglers();
    await this.remind(new Date());
  }

  /**
   * Verifications made inside an application that a crash kept out of it (appended, then the process died before
   * the application took them): a submitted one submits the application, a draft is selected, as the request
   * would have done. If the application is not complete any more, they are selected and the applicant submits.
   */
  async includeStragglers() {
    const { rows } = await this.pool.query<{ applicationId: string; ids: string[]; submitted: boolean }>(
      `SELECT v."applicationId", array_agg(v."id" ORDER BY v."id") AS ids, bool_or(v."result" <> 'AWAITING_CONSENT') AS submitted
         FROM "${VERIFICATION_LIST_TABLE}" v
         JOIN "${APPLICATION_TABLE}" a ON a."id" = v."applicationId" AND a."status" = 'OPEN' AND a."applicantCompanyId" = v."companyId"
        WHERE v."result" <> 'DELETED'
          AND NOT EXISTS (SELECT 1 FROM "${APPLICATION_MEMBER_TABLE}" m WHERE m."applicationId" = v."applicationId" AND m."verificationId" = v."id")
        GROUP BY v."applicationId"
        LIMIT ${SWEEP_BATCH}`,
    );
    const system = { kind: 'system', process: 'application-sweep' } as const;
    for (const r of rows) {
      const { state } = await this.load(r.applicationId);
      if (state.status !== 'OPEN') continue;
      const ids = [...new Set([...state.verificationIds, ...r.ids])];
      const ctx = {
        commandId: `application-stragglers/${r.applicationId}/${ids.join(',')}`,
        actor: 'system:application-sweep',
      };
      const select = () =>
        this.commands.handleCommand(
          onApplication(
            r.applicationId,
            { type: 'SelectVerifications', actor: system, verificationIds: ids },
            ctx,
          ),
        );
      if (!r.submitted) {
        await select();
        continue;
      }
      const members = await this.members.of(ids);
      try {
        await this.commands.handleCommand(
          onApplication(
            r.applicationId,
            { type: 'SubmitApplication', actor: system, add: r.ids, members },
            ctx,
          ),
        );
      } catch (e) {
        if (!(e instanceof VerificationInvalid)) throw e;
        await select();
      }
    }
  }

  /**
   * Applicants whose application is still open get a reminder 3 and 7 days after it opened, unless they
   * unsubscribed (POST /unsubscribe, access.md 5). Each reminder's mail id comes from the application and the
   * reminder, so the sweep sending it again sends nothing; the window of a day bounds what each sweep looks at.
   */
  async remind(now: Date) {
    for (const [n, days] of REMINDER_DAYS.entries()) {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT a."id" FROM "${APPLICATION_TABLE}" a
          WHERE a."status" = 'OPEN' AND a."created" <= $1 AND a."created" > $2
            AND NOT EXISTS (SELECT 1 FROM unsubscribes u WHERE u.application_id = a."id")
          LIMIT ${SWEEP_BATCH}`,
        [
          new Date(now.getTime() - days * DAY_MS).toISOString(),
          new Date(now.getTime() - (days + 1) * DAY_MS).toISOString(),
        ],
      );
      for (const { id } of rows) {
        const { state } = await this.load(id);
        if (state.status !== 'OPEN') continue;
        const link = this.mailer.link(`/application/${encodeURIComponent(id)}/start`);
        const unsubscribe = this.mailer.link(`/unsubscribe?appid=${encodeURIComponent(id)}`);
        await this.mailer.send(
          `reminder${n + 1}`,
          state.applicant.username,
          applicationMails.reminder(state, link, unsubscribe),
          `reminder/${id}`,
          'application',
        );
      }
    }
  }
}
