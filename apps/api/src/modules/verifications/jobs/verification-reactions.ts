import { resultChange, type VerificationEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { ApplicationGateway } from '../../applications/core/application-gateway';
import { heldJobs, type HeldJob } from '../commands/seeding-context';
import type { VerificationCommandResult } from '../commands/verification-stream';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';

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

/**
 * Side effects of appended events, enqueued right after the append and keyed by the causing event (or its check
 * id), so a repeated enqueue or a re-run does nothing twice. Checks stuck by a crash between append and enqueue
 * are picked up again by the sweeper.
 */
@Injectable()
export class VerificationReactions {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly applications: ApplicationGateway,
  ) {}

  private async enqueue(queue: HeldJob['queue'], key: string, payload: Record<string, unknown>, delayMs?: number) {
    const held = heldJobs();
    if (held) held.push({ queue, key, payload });
    else await this.queue.enqueue(queue, key, payload as never, delayMs ? { delayMs } : undefined);
  }

  /** Also after a replayed command: what it enqueued then is keyed the same, so a crash before the enqueue heals. */
  async after(appended: VerificationCommandResult, extra: { resolveKey?: string } = {}): Promise<void> {
    const verificationId = appended.state.id;
    for (const event of appended.events) {
      const { eventId } = event.metadata;
      if (event.type === 'AutomaticCheckStarted') {
        await this.enqueue('verification.auto-check', event.data.checkId, { verificationId, checkId: event.data.checkId });
      }
      if (event.type === 'IdentityCheckStarted') {
        const { checkId, supplierId } = event.data;
        await this.enqueue('verification.identity-check', `${checkId}:0`, { verificationId, checkId, supplierId, poll: 0 }, this.identity.pollIntervalMs);
      }
      if (NOTIFYING_EVENTS.includes(event.type)) {
        await this.enqueue('verification.notify', eventId, {
          verificationId,
          eventId,
          eventType: event.type,
          ...(event.type === 'SentForManualCheck' && extra.resolveKey ? { resolveKey: extra.resolveKey } : {}),
        });
      }
    }
    // Applications that include this verification follow its result (keyed by the first event that changed it).
    const changed = appended.events.find((event) => resultChange(event));
    if (changed) {
      const applicationIds = await this.applications.applicationsOf(verificationId);
      if (appended.state.applicationId) applicationIds.push(appended.state.applicationId);
      await this.applications.reconcileLater(applicationIds, changed.metadata.eventId);
    }
  }
}
