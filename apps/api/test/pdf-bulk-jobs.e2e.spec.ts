import type { INestApplication } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../src/infrastructure/queue/job-queue.port';
import { AccountsRepository } from '../src/modules/identity/persistence/accounts.repository';
import { demoPrincipal } from '../src/modules/identity/seed/demo-principal';
import { PdfRenderer } from '../src/modules/rendering/browser/pdf-renderer';
import { CertificateService } from '../src/modules/rendering/certificates/certificate.service';
import { CertificateRenderProcessor } from '../src/modules/rendering/jobs/certificate-render.processor';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { api, readModelsCaughtUp } from './verification-support';

/** Issue 17: Download All's certificates are rendered by jobs on the queue when several are due, inline when one is. */
describe('bulk certificates through the job queue', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let ids: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase('pdfbulk');
    ({ app } = await startTestApp({
      DATABASE_URL: db.url,
      SEED_DEMO: 'true',
      PUBLIC_URL: 'https://credence.example',
    }));
    await readModelsCaughtUp(app);
    const token = (await signIn(app, 'alice@acme.test')).token;
    const list = (await api(app, token).get('/v1/verification?size=100').expect(200)).body.content as {
      id: string;
      customerReference: string;
    }[];
    const byRef = Object.fromEntries(list.map((v) => [v.customerReference, v.id]));
    ids = ['ACME-1001', 'ACME-1005', 'ACME-1006'].map((ref) => byRef[ref]);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });
  afterEach(() => jest.restoreAllMocks());

  const alice = () => demoPrincipal(app.get(AccountsRepository), 'alice@acme.test');
  const renders = () => app.get(PdfRenderer).stats().renders;
  const spyOnJobs = () => {
    const enqueue = jest.spyOn(app.get<JobQueue>(JOB_QUEUE), 'enqueue');
    const worked = jest.spyOn(app.get(CertificateRenderProcessor), 'render');
    const keys = () =>
      enqueue.mock.calls.filter(([queue]) => queue === 'certificate.render').map(([, key]) => key);
    return { keys, worked };
  };

  it('renders a single missing certificate inline, without a job', async () => {
    const { keys, worked } = spyOnJobs();
    const before = renders();
    const pdfs = await app.get(CertificateService).forApplication(await alice(), [ids[0]]);
    expect(pdfs).toHaveLength(1);
    expect(keys()).toEqual([]);
    expect(worked).not.toHaveBeenCalled();
    expect(renders() - before).toBe(1);
  });

  it('renders several through one job each, keyed by verification, revision and options; the cached one is not asked for', async () => {
    const { keys, worked } = spyOnJobs();
    const before = renders();
    const pdfs = await app.get(CertificateService).forApplication(await alice(), ids);
    expect(pdfs.map((p) => p.title)).toHaveLength(3);
    expect(keys().sort()).toEqual(
      [ids[1], ids[2]].sort().map((id) => expect.stringMatching(new RegExp(`^${id}:\\d+:notes=1;brand=-$`))),
    );
    expect(worked).toHaveBeenCalledTimes(2);
    expect(renders() - before).toBe(2);
  });

  it('renders nothing and asks for no job the second time', async () => {
    const { keys, worked } = spyOnJobs();
    const before = renders();
    expect(await app.get(CertificateService).forApplication(await alice(), ids)).toHaveLength(3);
    expect(keys()).toEqual([]);
    expect(worked).not.toHaveBeenCalled();
    expect(renders() - before).toBe(0);
  });

  it('a job repeated, or for a revision the stream has moved past, renders nothing', async () => {
    const processor = app.get(CertificateRenderProcessor);
    const before = renders();
    const job = (revision: string) => ({
      queue: 'certificate.render' as const,
      key: `${ids[1]}:${revision}:notes=1;brand=-`,
      payload: { verificationId: ids[1], revision, ignoreNotes: false, issuedByCompanyId: 'acme' },
      attempt: 1,
    });
    const current = (
      await app
        .get(CertificateService)
        .verify(
          (
            await app
              .get(CertificateService)
              .download(await alice(), ids[1], { ignoreNotes: false, brand: false })
          ).code,
        )
    ).revision;
    await processor.render(job(current));
    await processor.render(job('1'));
    expect(renders() - before).toBe(0);
  });
});
