import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { DataProvider, RaRecord } from 'ra-core';
import { adminDataProvider } from './admin-data-provider';
import request from 'supertest';
import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * The staff console's `applications` resource, driven by ra-data-simple-rest's own dataProvider over real HTTP on
 * the demo applications to Acme (anna OPEN, jane COMPLETED, omar PENDING): list, filters, sorting, one record with
 * what staff link by, and the staff archive, recorded on the application's stream with the staff member as actor.
 */
describe('admin applications (ra-data-simple-rest)', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let base: string;
  let staff: DataProvider;
  let alice: string;
  const byApplicant: Record<string, RaRecord> = {};

  const providerFor = (token: string | null) => adminDataProvider(base, token);
  const page = (perPage = 25, page = 1) => ({ page, perPage });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => ({ status: 200, message: '' }),
      (e: { status?: number; body?: { errors?: { message: string }[] } }) => ({
        status: e.status ?? 0,
        message: e.body?.errors?.map((m) => m.message).join(' ') ?? '',
      }),
    );
  const list = (
    filter: Record<string, unknown> = {},
    sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'created', order: 'DESC' },
    pagination = page(),
  ) => staff.getList('applications', { pagination, sort, filter });
  const names = (rows: RaRecord[]) => rows.map((r) => r.applicantName as string);

  beforeAll(async () => {
    db = await freshDatabase('admin_applications');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    staff = providerFor((await signIn(app, 'admin@credence.test')).token);
    alice = (await signIn(app, 'alice@acme.test')).token;
    for (const row of (await list()).data) byApplicant[row.applicantName as string] = row;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('who may call it', () => {
    it('anonymous 401, a customer (even the organisation applied to) 403, an impersonating staff session 403', async () => {
      const jane = byApplicant['Jane Doe'].id;
      const acting = (await signIn(app, 'admin@credence.test', { impersonate: 'alice@acme.test' })).token;
      for (const [token, status] of [
        [null, 401],
        [alice, 403],
        [acting, 403],
      ] as const) {
        const as = providerFor(token);
        expect(
          (
            await failure(
              as.getList('applications', {
                pagination: page(),
                sort: { field: 'created', order: 'DESC' },
                filter: {},
              }),
            )
          ).status,
        ).toBe(status);
        expect((await failure(as.getOne('applications', { id: jane }))).status).toBe(status);
        expect(
          (
            await failure(
              as.update('applications', {
                id: jane,
                data: { status: 'ARCHIVED' },
                previousData: { id: jane },
              }),
            )
          ).status,
        ).toBe(status);
      }
      expect((await staff.getOne('applications', { id: jane })).data.status).toBe('COMPLETED');
    });
  });

  describe('the list', () => {
    it('lists every application across organisations, newest first, with a Content-Range total', async () => {
      const all = await list();
      expect(all.total).toBe(3);
      expect(names(all.data)).toEqual(['Omar Haddad', 'Jane Doe', 'Anna Applicant']);
      expect(all.data.map((r) => r.status)).toEqual(['PENDING', 'COMPLETED', 'OPEN']);
      expect(all.data[0]).toMatchObject({
        ownerCompanyId: 'acme',
        ownerName: 'Acme Recruitment Ltd',
        applicantCompanyId: 'omar',
        customerReference: 'CAND-0003',
      });

      const res = await request(app.getHttpServer())
        .get('/admin/applications')
        .query({ range: '[1,1]' })
        .set('X-AUTH-TOKEN', (await signIn(app, 'admin@credence.test')).token)
        .expect(200);
      expect(res.headers['content-range']).toBe('applications 1-1/3');
      expect(res.body.map((r: { applicantName: string }) => r.applicantName)).toEqual(['Jane Doe']);
    });

    it('pages with range and sorts by created, status, applicant and organisation both ways', async () => {
      const second = await list({}, { field: 'created', order: 'DESC' }, page(2, 2));
      expect(second.total).toBe(3);
      expect(names(second.data)).toEqual(['Anna Applicant']);
      expect(names((await list({}, { field: 'created', order: 'ASC' })).data)).toEqual([
        'Anna Applicant',
        'Jane Doe',
        'Omar Haddad',
      ]);
      expect(names((await list({}, { field: 'applicantName', order: 'ASC' })).data)).toEqual([
        'Anna Applicant',
        'Jane Doe',
        'Omar Haddad',
      ]);
      expect(names((await list({}, { field: 'applicantName', order: 'DESC' })).data)).toEqual([
        'Omar Haddad',
        'Jane Doe',
        'Anna Applicant',
      ]);
      expect((await list({}, { field: 'status', order: 'ASC' })).data.map((r) => r.status)).toEqual([
        'COMPLETED',
        'OPEN',
        'PENDING',
      ]);
      expect((await list({}, { field: 'status', order: 'DESC' })).data.map((r) => r.status)).toEqual([
        'PENDING',
        'OPEN',
        'COMPLETED',
      ]);
      // One organisation: the id breaks the tie the same way each time, reversed with the order.
      const byOwner = (await list({}, { field: 'ownerName', order: 'ASC' })).data.map((r) => r.id);
      expect((await list({}, { field: 'ownerName', order: 'DESC' })).data.map((r) => r.id)).toEqual(
        [...byOwner].reverse(),
      );
    });

    it('filters by one or many statuses, quick search and organisation', async () => {
      expect(names((await list({ status: 'COMPLETED' })).data)).toEqual(['Jane Doe']);
      expect(names((await list({ status: ['OPEN', 'PENDING'] })).data)).toEqual([
        'Omar Haddad',
        'Anna Applicant',
      ]);
      expect((await list({ status: ['APPLICANT_ACTION', 'ARCHIVED'] })).total).toBe(0);
      expect(names((await list({ q: 'jane' })).data)).toEqual(['Jane Doe']);
      expect(names((await list({ q: 'cand-0003' })).data)).toEqual(['Omar Haddad']);
      expect(names((await list({ q: 'acme', status: 'OPEN' })).data)).toEqual(['Anna Applicant']);
      expect((await list({ ownerCompanyId: 'acme' })).total).toBe(3);
      expect((await list({ ownerCompanyId: 'globex' })).total).toBe(0);
    });

    it('answers getMany and getManyReference (the applications made to one organisation)', async () => {
      const ids = [byApplicant['Anna Applicant'].id, byApplicant['Omar Haddad'].id];
      expect((await staff.getMany('applications', { ids })).data.map((r) => r.id).sort()).toEqual(
        [...ids].sort(),
      );
      const ref = await staff.getManyReference('applications', {
        target: 'ownerCompanyId',
        id: 'acme',
        pagination: page(2),
        sort: { field: 'applicantName', order: 'ASC' },
        filter: {},
      });
      expect(ref.total).toBe(3);
      expect(names(ref.data)).toEqual(['Anna Applicant', 'Jane Doe']);
    });

    it('refuses an unknown status, filter or sort with 400 in the spec error body', async () => {
      expect(await failure(list({ status: 'DONE' }))).toEqual({
        status: 400,
        message:
          'Unknown application status: DONE. Use OPEN, PENDING, APPLICANT_ACTION, COMPLETED, ARCHIVED.',
      });
      expect(await failure(list({ colour: 'red' }))).toEqual({
        status: 400,
        message: "Cannot filter by 'colour'. Filters allowed: id, q, status, ownerCompanyId.",
      });
      expect(await failure(list({}, { field: 'price', order: 'ASC' }))).toEqual({
        status: 400,
        message: "Cannot sort by 'price'. Sortable fields: created, status, applicantName, ownerName.",
      });
    });
  });

  describe('one application', () => {
    it('is the presented application with owner and applicant ids, documents, insights and its verifications with their results', async () => {
      const { data } = await staff.getOne('applications', { id: byApplicant['Jane Doe'].id });
      expect(data).toMatchObject({
        status: 'COMPLETED',
        owner: { name: 'Acme Recruitment Ltd', companyId: 'acme' },
        applicant: { name: 'Jane Doe', username: 'jane@mail.test', companyId: 'jane' },
        ownerCompanyId: 'acme',
        applicantCompanyId: 'jane',
        customerReference: 'CAND-0002',
        verificationCount: 1,
      });
      expect(data.completed).toEqual(expect.any(String));
      expect(data.documents).toEqual([
        expect.objectContaining({
          name: 'Curriculum vitae',
          requirementId: 'cv',
          filename: 'cv.pdf',
          applicationId: data.id,
        }),
      ]);
      expect(data.verificationIds).toHaveLength(1);
      expect(data.verifications).toEqual([
        expect.objectContaining({
          id: data.verificationIds[0],
          result: 'VERIFIED',
          applicationResult: 'VERIFIED',
        }),
      ]);
      expect(data.insight).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'NAME', isMatch: true })]),
      );
      expect(data.fields).toEqual(
        expect.arrayContaining([expect.objectContaining({ key: 'candidateNumber', value: 'CAND-0002' })]),
      );
      // The list row and the record are the same thing: react-admin may show either from its cache.
      expect((await list({ q: 'jane' })).data[0]).toEqual(data);
    });

    it('answers 404 for an application that does not exist', async () => {
      expect(await failure(staff.getOne('applications', { id: 'no-such-application' }))).toEqual({
        status: 404,
        message: 'Application not found.',
      });
    });
  });

  describe('archive', () => {
    it('accepts {status: ARCHIVED} only', async () => {
      const anna = byApplicant['Anna Applicant'];
      for (const data of [{ status: 'COMPLETED' }, { status: 'ARCHIVED', customerReference: 'X' }, {}]) {
        expect(
          await failure(staff.update('applications', { id: anna.id, data, previousData: anna })),
        ).toEqual({
          status: 400,
          message: "Staff can only archive an application: send {status: 'ARCHIVED'}.",
        });
      }
      expect(
        await failure(
          staff.update('applications', {
            id: 'no-such-application',
            data: { status: 'ARCHIVED' },
            previousData: { id: 'no-such-application' },
          }),
        ),
      ).toEqual({
        status: 404,
        message: 'Application not found.',
      });
      expect((await staff.getOne('applications', { id: anna.id })).data.status).toBe('OPEN');
    });

    it('archives an incomplete application, recorded with the staff member as actor; a second archive is refused', async () => {
      const anna = byApplicant['Anna Applicant'];
      const { data } = await staff.update('applications', {
        id: anna.id,
        data: { status: 'ARCHIVED' },
        previousData: anna,
      });
      expect(data).toMatchObject({ id: anna.id, status: 'ARCHIVED' });
      expect(data.archived).toEqual(expect.any(String));
      expect(names((await list({ status: 'ARCHIVED' })).data)).toEqual(['Anna Applicant']);

      const events = await staff.getList('audit-events', {
        pagination: page(100),
        sort: { field: 'revision', order: 'DESC' },
        filter: { stream: `application-${anna.id}` },
      });
      expect(events.data[0]).toMatchObject({
        type: 'ApplicationArchived',
        actor: 'admin@credence.test',
        impersonator: null,
        data: { status: 'ARCHIVED', previousStatus: 'OPEN' },
      });

      expect(
        await failure(
          staff.update('applications', { id: anna.id, data: { status: 'ARCHIVED' }, previousData: data }),
        ),
      ).toEqual({
        status: 409,
        message: 'This application is already archived.',
      });
    });
  });
});
