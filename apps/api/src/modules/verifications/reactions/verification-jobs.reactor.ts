import { resultChange, VERIFICATION_STREAM_PREFIX, verificationDecider, verificationStream, type VerificationEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { JOB_QUEUE, type JobPayloads, type JobQueue, type QueueName } from '../../../infrastructure/queue/job-queue.port';
import { APPLICATION_MEMBERSHIP, type ApplicationMembership } from '../ports/application-membership.port';
import { heldJobs } from '../../../infrastructure/seeding/seeding-context';
import { ResolveLinks } from '../commands/resolve-links';
import type { VerificationCommandResult } from '../commands/verification-stream';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import { NotifyLedger } from '../../../infrastructure/queue/notify-ledger';

/** Events that mail someone: the submitter (or the central address), the resolver, or both. */
export const NOTIFYING_EVENTS: readonly VerificationEvent['type'][] = [
  'SentForManualCheck',
  'AutomaticCheckMatched',
  'AutomaticCheckFoundNoMatch',
  'VerificationResolved',
  'VerificationDelayedAtSource',
  'VerificationCancelled',
  'AccreditationRecorded',
  'IdentityCaptureRequested',
  'IdentityCheckCompleted',
];

interface PlannedJob<Q extends QueueName = QueueName> {
  queue: Q;
  key: string;
  payload: JobPayloads[Q];
  delayMs?: number;
}

type StampedVerificationEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata'>;

/**
 * The side effects of committed verification events, as jobs keyed by the causing event (or its check id): the
 * automatic check, the identity provider's verdict, the mails (with the resolve link, whose key is derived again
 * from the event), and the applications that follow the verification's result. Run by the reactor runner after
 * the commit, never inline: a crash between an append and the enqueue leaves the reactor's checkpoint before the
 * event, so the job is enqueued after the restart, and its key makes a second enqueue a no-op.
 */
@Injectable()
export class VerificationJobsReactor {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    @Inject(APPLICATION_MEMBERSHIP) private readonly applications: ApplicationMembership,
    private readonly resolveLinks: ResolveLinks,
    private readonly commands: CommandHandling,
    private readonly ledger: NotifyLedger,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: 'reactor:verification-jobs',
      enqueuesKeyedJobs: true,
      handles: (event) => event.streamName.startsWith(VERIFICATION_STREAM_PREFIX),
      react: async (event) => {
        const verificationId = event.streamName.slice(VERIFICATION_STREAM_PREFIX.length);
        for (const job of await this.jobsOf(verificationId, event)) {
          // The ledger first: a job the queue loses from here on is asked for again (VerificationNotifySweeper).
          if (job.queue === 'verification.notify') await this.ledger.opened('verification.notify', job.key, verificationId);
          await this.queue.enqueue(job.queue, job.key, job.payload, job.delayMs ? { delayMs: job.delayMs } : undefined);
        }
      },
    };
  }

  /** The demo seed runs its jobs itself, in order, right away (seeding-context); elsewhere this does nothing. */
  async heldForSeeding(appended: VerificationCommandResult): Promise<void> {
    const held = heldJobs();
    if (!held) return;
    for (const event of appended.events) {
      for (const job of await this.jobsOf(appended.state.id, event, { followers: false })) {
        if (job.queue === 'verification.auto-check' || job.queue === 'verification.identity-check' || job.queue === 'verification.notify') {
          held.push({ queue: job.queue, key: job.key, payload: job.payload as unknown as Record<string, unknown> });
        }
      }
    }
  }

  async jobsOf(verificationId: string, event: StampedVerificationEvent, options = { followers: true }): Promise<PlannedJob[]> {
    const e = event as unknown as VerificationEvent & Pick<RecordedEvent, 'metadata'>;
    const { eventId } = e.metadata;
    const jobs: PlannedJob[] = [];
    const add = <Q extends QueueName>(job: PlannedJob<Q>) => jobs.push(job as unknown as PlannedJob);
    if (e.type === 'AutomaticCheckStarted') {
      add({ queue: 'verification.auto-check', key: e.data.checkId, payload: { verificationId, checkId: e.data.checkId } });
    }
    if (e.type === 'IdentityCheckStarted') {
      const { checkId, supplierId } = e.data;
      add({ queue: 'verification.identity-check', key: `${checkId}:0`, payload: { verificationId, checkId, supplierId, poll: 0 }, delayMs: this.identity.pollIntervalMs });
    }
    const notify = await this.notifyJobOf(verificationId, event);
    if (notify) add(notify);
    // Applications that include this verification follow its result.
    if (options.followers && resultChange(e)) {
      for (const applicationId of await this.applicationsFollowing(verificationId)) {
        add({ queue: 'application.reconcile', key: `${eventId}:${applicationId}`, payload: { applicationId } });
      }
    }
    return jobs;
  }

  /** The 'verification.notify' job of an event that mails someone, keyed by the event (the sweep plans it again). */
  async notifyJobOf(verificationId: string, event: StampedVerificationEvent): Promise<PlannedJob<'verification.notify'> | undefined> {
    const e = event as unknown as VerificationEvent & Pick<RecordedEvent, 'metadata'>;
    if (!NOTIFYING_EVENTS.includes(e.type)) return undefined;
    const { eventId } = e.metadata;
    // The link's key is the one whose hash the event records: derived from the command that decided it.
    const resolveKey = e.type === 'SentForManualCheck' ? await this.resolveLinks.keyFor(verificationId, e.metadata.causationId) : undefined;
    return { queue: 'verification.notify', key: eventId, payload: { verificationId, eventId, eventType: e.type, ...(resolveKey ? { resolveKey } : {}) } };
  }

  /** The application it was made in (from its stream) and those that selected it (their member rows). */
  private async applicationsFollowing(verificationId: string): Promise<string[]> {
    const { state } = await this.commands.load(verificationStream(verificationId), verificationDecider);
    const selected = await this.applications.applicationsOf(verificationId);
    return [...new Set([...selected, ...(state.applicationId ? [state.applicationId] : [])])];
  }
}
