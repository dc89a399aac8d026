import { EventEmitter } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { JOB_QUEUE, type JobPayloads, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { CertificateStore } from '../certificates/certificate-store';

export type QueuedCertificate = JobPayloads['certificate.render'];

export type JobOutcome = 'issued' | 'stale' | 'failed';

/** The certificate's cache options (the store's `options` column); bulk certificates are never partner-branded. */
export const certificateOptions = (ignoreNotes: boolean, brandCompanyId: string | null) =>
  `notes=${ignoreNotes ? 0 : 1};brand=${brandCompanyId ?? '-'}`;

/** One job per (verification, revision, options): a repeat of the same request is a no-op on the queue. */
export const certificateJobKey = (c: QueuedCertificate) =>
  `${c.verificationId}:${c.revision}:${certificateOptions(c.ignoreNotes, null)}`;

/** How often a waiting request looks for certificates a worker in another process issued. */
const POLL_MS = 250;

const bulkOutcomes = metrics
  .getMeter('credence-api')
  .createCounter('credence.pdf.bulk.certificates', {
    description: 'Certificates of bulk downloads: issued by a job, or left to render inline',
  });

/**
 * Bulk certificates (Download All) as jobs on the queue: enqueue one per certificate, then wait until each is
 * issued (a local worker says so at once; a worker in another process is seen in the store within POLL_MS). What
 * is not issued in time, or whose job failed here, is left to the caller to render inline: the store's unique
 * (verification, revision, options) keeps a late job and the inline render from issuing two certificates.
 */
@Injectable()
export class CertificateJobs {
  private readonly settled = new EventEmitter().setMaxListeners(0);

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: CertificateStore,
  ) {}

  /** Enqueues the certificates and answers those that were not issued by a job within the deadline. */
  async renderAll(
    certificates: readonly QueuedCertificate[],
    timeoutMs = this.config.pdf.renderTimeoutMs * 2,
  ): Promise<QueuedCertificate[]> {
    for (const c of certificates)
      await this.queue.enqueue('certificate.render', certificateJobKey(c), c, {
        attempts: 2,
        backoffMs: 500,
      });
    const deadline = Date.now() + timeoutMs;
    const issued = await Promise.all(certificates.map((c) => this.waitFor(c, deadline)));
    const leftOver = certificates.filter((_, i) => !issued[i]);
    bulkOutcomes.add(certificates.length - leftOver.length, { outcome: 'job' });
    if (leftOver.length) bulkOutcomes.add(leftOver.length, { outcome: 'inline' });
    return leftOver;
  }

  /** Called by the processor: the job issued its certificate (or found it issued), found the stream moved on, or failed. */
  settle(key: string, outcome: JobOutcome) {
    this.settled.emit(key, outcome);
  }

  private async waitFor(c: QueuedCertificate, deadline: number): Promise<boolean> {
    const key = certificateJobKey(c);
    const options = certificateOptions(c.ignoreNotes, null);
    for (;;) {
      if (await this.store.find(c.verificationId, BigInt(c.revision), options)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const signal = await this.next(key, Math.min(POLL_MS, left));
      if (signal === 'failed' || signal === 'stale') return false;
    }
  }

  /** The next outcome signalled for the key, or 'quiet' after ms; its listener and timer are always removed. */
  private next(key: string, ms: number): Promise<JobOutcome | 'quiet'> {
    return new Promise((resolve) => {
      const done = (outcome: JobOutcome | 'quiet') => {
        clearTimeout(timer);
        this.settled.off(key, done);
        resolve(outcome);
      };
      const timer = setTimeout(() => done('quiet'), ms);
      this.settled.on(key, done);
    });
  }
}
