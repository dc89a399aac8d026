import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { CertificateService } from '../certificates/certificate.service';
import { CertificateJobs } from './certificate-jobs';

/**
 * Works 'certificate.render': issues the certificate of one (verification, revision) unless it is issued already or
 * the stream has moved on (then a newer request asks for its own). As many at once as the pool has pages.
 */
@Injectable()
export class CertificateRenderProcessor implements OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly certificates: CertificateService,
    private readonly jobs: CertificateJobs,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('certificate.render', (job) => this.render(job), {
      concurrency: this.config.pdf.poolSize,
    });
  }

  async render(job: Job<'certificate.render'>) {
    try {
      this.jobs.settle(job.key, await this.certificates.issueQueued(job.payload));
    } catch (e) {
      this.jobs.settle(job.key, 'failed');
      throw e;
    }
  }
}
