import type { AppConfig } from '../../../config/config.schema';
import type { JobQueue } from '../../../infrastructure/queue/job-queue.port';
import type { CertificateStore, IssuedCertificate } from '../certificates/certificate-store';
import { certificateJobKey, CertificateJobs, type QueuedCertificate } from './certificate-jobs';

const cert = (verificationId: string, revision = '7'): QueuedCertificate => ({
  verificationId,
  revision,
  ignoreNotes: false,
  issuedByCompanyId: 'acme',
});

/** A queue that only records, and a store whose rows the test issues by hand. */
function harness() {
  const enqueued: { queue: string; key: string }[] = [];
  const issued = new Set<string>();
  const queue = {
    enqueue: jest.fn(async (q: string, key: string) => void enqueued.push({ queue: q, key })),
  } as unknown as JobQueue;
  const store = {
    find: jest.fn(async (id: string, revision: bigint) =>
      issued.has(`${id}@${revision}`) ? ({ code: 'x' } as IssuedCertificate) : null,
    ),
  } as unknown as CertificateStore;
  const jobs = new CertificateJobs(queue, { pdf: { renderTimeoutMs: 1000 } } as AppConfig, store);
  return { jobs, enqueued, issued };
}

describe('bulk certificates as jobs', () => {
  it('keys a job by verification, stream revision and options', () => {
    expect(certificateJobKey(cert('QC1', '12'))).toBe('QC1:12:notes=1;brand=-');
    expect(certificateJobKey({ ...cert('QC1', '12'), ignoreNotes: true })).toBe('QC1:12:notes=0;brand=-');
    expect(certificateJobKey(cert('QC1', '13'))).not.toBe(certificateJobKey(cert('QC1', '12')));
  });

  it('enqueues one job per certificate and waits until each is issued', async () => {
    const { jobs, enqueued, issued } = harness();
    const waiting = jobs.renderAll([cert('QC1'), cert('QC2')]);
    await new Promise((r) => setImmediate(r));
    expect(enqueued).toEqual([
      { queue: 'certificate.render', key: 'QC1:7:notes=1;brand=-' },
      { queue: 'certificate.render', key: 'QC2:7:notes=1;brand=-' },
    ]);
    issued.add('QC1@7');
    jobs.settle('QC1:7:notes=1;brand=-', 'issued');
    issued.add('QC2@7');
    jobs.settle('QC2:7:notes=1;brand=-', 'issued');
    await expect(waiting).resolves.toEqual([]);
  });

  it('leaves to the caller what a job failed, found stale, or did not issue in time, and keeps no listener', async () => {
    const { jobs, issued } = harness();
    const started = Date.now();
    const waiting = jobs.renderAll([cert('QC1'), cert('QC2'), cert('QC3'), cert('QC4')], 600);
    await new Promise((r) => setImmediate(r));
    jobs.settle('QC1:7:notes=1;brand=-', 'failed');
    jobs.settle('QC2:7:notes=1;brand=-', 'stale');
    issued.add('QC4@7');
    const leftOver = await waiting;
    expect(leftOver.map((c) => c.verificationId)).toEqual(['QC1', 'QC2', 'QC3']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    const emitter = (jobs as unknown as { settled: NodeJS.EventEmitter }).settled;
    expect(emitter.eventNames()).toEqual([]);
  });
});
