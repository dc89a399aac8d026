import { APPROVAL_PROCESSES } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { fetchUtils, type DataProvider } from 'ra-core';
import { adminDataProvider } from './admin-data-provider';
import request from 'supertest';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { JOB_QUEUE, type JobQueue } from '../src/infrastructure/queue/job-queue.port';
import { verificationFigures } from '../src/modules/admin/dashboard/verification-figures.query';
import { DEMO_PASSWORD, mailsTo, signIn } from './demo-sessions';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * The /admin API driven by react-admin's own ra-data-simple-rest dataProvider over real HTTP, the way the console
 * drives it: every resource answers getList (totals, sorting, filters), getOne, getMany, getManyReference and the
 * writes it supports, for staff only, and every write lands on an audit stream with the staff member's username.
 */
describe('admin API contract (ra-data-simple-rest)', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let base: string;
  let staff: DataProvider;
  let staffToken: string;
  const STAFF = 'admin@credence.test';

  const providerFor = (token: string | null) => adminDataProvider(base, token);
  const page = (perPage = 25, page = 1) => ({ page, perPage });
  const statusOf = (p: Promise<unknown>) => p.then(() => 200, (e: { status?: number }) => e.status ?? 0);
  const auditOf = async (stream: string) =>
    (await staff.getList('audit-events', { pagination: page(100), sort: { field: 'revision', order: 'DESC' }, filter: { stream } })).data;

  beforeAll(async () => {
    db = await freshDatabase('admin_contract');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    staffToken = (await signIn(app, STAFF)).token;
    staff = providerFor(staffToken);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('who may call it', () => {
    const resources = ['customers', 'users', 'notices', 'news', 'approval-processes', 'projections', 'failed-jobs'];

    it.each(resources)('%s: anonymous 401, a customer (even a team admin) 403, staff 200', async (resource) => {
      const params = { pagination: page(), sort: { field: 'id', order: 'ASC' as const }, filter: {} };
      const alice = (await signIn(app, 'alice@acme.test')).token;
      expect(await statusOf(providerFor(null).getList(resource, params))).toBe(401);
      expect(await statusOf(providerFor(alice).getList(resource, params))).toBe(403);
      const sortable = resource === 'failed-jobs' ? 'failedAt' : resource === 'projections' || resource === 'approval-processes' ? 'name' : resource === 'users' ? 'username' : resource === 'customers' ? 'name' : 'createdAt';
      expect(await statusOf(staff.getList(resource, { ...params, sort: { field: sortable, order: 'ASC' } }))).toBe(200);
    });

    it('refuses the dashboard and an impersonating staff session as a customer', async () => {
      await request(app.getHttpServer()).get('/admin/dashboard').expect(401);
      const acting = (await signIn(app, STAFF, { impersonate: 'alice@acme.test' })).token;
      await request(app.getHttpServer()).get('/admin/dashboard').set('X-AUTH-TOKEN', acting).expect(403);
      await request(app.getHttpServer()).get('/admin/dashboard').set('X-AUTH-TOKEN', staffToken).expect(200);
    });
  });

  describe('every resource', () => {
    // [resource, sort field, getManyReference target and the value to ask for]
    const resources: [string, string, string, string | boolean][] = [
      ['customers', 'name', 'paymentType', 'CARD'],
      ['users', 'username', 'companyId', 'acme'],
      ['notices', 'createdAt', 'scope', 'DASHBOARD'],
      ['news', 'createdAt', 'type', 'NEWS'],
      ['approval-processes', 'name', 'active', true],
      ['projections', 'name', 'state', 'active'],
    ];

    it.each(resources)('%s answers getList, getOne, getMany and getManyReference consistently', async (resource, field, target, value) => {
      const all = await staff.getList(resource, { pagination: page(1000), sort: { field, order: 'ASC' }, filter: {} });
      expect(all.total).toBe(all.data.length);
      expect(all.total).toBeGreaterThan(0);
      const desc = await staff.getList(resource, { pagination: page(1000), sort: { field, order: 'DESC' }, filter: {} });
      expect(desc.data.map((r) => r.id)).toEqual([...all.data.map((r) => r.id)].reverse());

      const first = all.data[0];
      expect((await staff.getOne(resource, { id: first.id })).data).toEqual(first);
      const ids = all.data.slice(0, 30).map((r) => r.id);
      const many = await staff.getMany(resource, { ids });
      expect(many.data.map((r) => r.id).sort()).toEqual([...ids].sort());

      const ref = await staff.getManyReference(resource, { target, id: value as string, pagination: page(2), sort: { field, order: 'ASC' }, filter: {} });
      const expected = all.data.filter((r) => r[target] === value);
      expect(ref.total).toBe(expected.length);
      expect(ref.data.map((r) => r.id)).toEqual(expected.slice(0, 2).map((r) => r.id));
    });
  });

  describe('customers', () => {
    it('lists companies and individuals with a Content-Range total, sorted both ways', async () => {
      const asc = await staff.getList('customers', { pagination: page(3), sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(asc.total).toBe(10);
      expect(asc.data.map((c) => c.name)).toEqual(['Acme Recruitment Ltd', 'Anna Applicant', 'Credence']);
      const desc = await staff.getList('customers', { pagination: page(2, 2), sort: { field: 'name', order: 'DESC' }, filter: {} });
      expect(desc.total).toBe(10);
      expect(desc.data.map((c) => c.name)).toEqual(['Jane Doe', 'Initech']);
      const byUsers = await staff.getList('customers', { pagination: page(3), sort: { field: 'userCount', order: 'DESC' }, filter: {} });
      // Acme and Credence (its administrator and auditor) have two users each, more than any other customer.
      expect(byUsers.data.slice(0, 2).map((c) => [c.id, c.userCount]).sort()).toEqual([['acme', 2], ['credence', 2]]);
      expect(byUsers.data[2].userCount).toBeLessThan(2);
    });

    it('filters by text, individual, payment type and access flags', async () => {
      const list = (filter: Record<string, unknown>) =>
        staff.getList('customers', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter });
      expect((await list({ q: 'acme' })).data.map((c) => c.id)).toEqual(['acme']);
      // q also finds a customer by one of its users' usernames.
      expect((await list({ q: 'carol@' })).data.map((c) => c.id)).toEqual(['globex']);
      expect((await list({ individual: true })).data.map((c) => c.id).sort()).toEqual(['anna', 'indy', 'jane', 'omar']);
      expect((await list({ paymentType: 'INVOICE' })).data.map((c) => c.id).sort()).toEqual(['credence', 'globex']);
      expect((await list({ paymentType: ['INSTITUTE', 'INSTITUTE_PARENT'] })).total).toBe(2);
      expect((await list({ hasReferrals: true })).data.map((c) => c.id)).toEqual(['acme']);
      expect(await statusOf(list({ colour: 'red' }))).toBe(400);
    });

    it('shows one customer with every flag, and getMany returns exactly the ids asked for', async () => {
      const { data } = await staff.getOne('customers', { id: 'acme' });
      expect(data).toMatchObject({
        id: 'acme', name: 'Acme Recruitment Ltd', individual: false, paymentType: 'CARD', currency: 'GBP', vatPayer: true,
        country: 'GB', hasCountryAccess: true, hasAnalyticsAccess: true, hasReportsAccess: true, hasApplicants: true,
        inviteApplicants: true, hasReferrals: true, sharingDisabled: false, accreditationEnabled: false, showDeleted: false,
        hasDiscount: false, refRequired: false, refLabel: null, appRefLabel: null, allowedTypes: null, instituteId: null, userCount: 2,
      });
      const many = await staff.getMany('customers', { ids: ['globex', 'acme'] });
      expect(many.data.map((c) => c.id).sort()).toEqual(['acme', 'globex']);
      expect(await statusOf(staff.getOne('customers', { id: 'nope' }))).toBe(404);
    });

    it('updates at once (a whole record sent back changes only what moved) and audits it with the staff username', async () => {
      const { data: before } = await staff.getOne('customers', { id: 'globex' });
      const { data: after } = await staff.update('customers', { id: 'globex', data: { ...before, hasCountryAccess: true }, previousData: before });
      expect(after).toMatchObject({ id: 'globex', hasCountryAccess: true, hasAnalyticsAccess: false });
      expect((await staff.getOne('customers', { id: 'globex' })).data.hasCountryAccess).toBe(true);

      const [event] = await auditOf('audit-globex');
      expect(event).toMatchObject({
        type: 'CustomerUpdatedByStaff',
        actor: STAFF,
        impersonator: null,
        data: { customerId: 'globex', changes: { hasCountryAccess: { from: false, to: true } } },
      });
      expect(Date.parse(event.time)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('turning Reports on turns Analytics on too (access.md 4.7)', async () => {
      const { data } = await staff.update('customers', { id: 'initech', data: { hasReportsAccess: true }, previousData: { id: 'initech' } });
      expect(data).toMatchObject({ hasReportsAccess: true, hasAnalyticsAccess: true });
      // The mirror: Analytics off takes Reports off (Reports are downloaded from the Analytics page). react-admin sends
      // the whole record back, Reports still ticked.
      const { data: off } = await staff.update('customers', { id: 'initech', data: { ...data, hasAnalyticsAccess: false }, previousData: data });
      expect(off).toMatchObject({ hasReportsAccess: false, hasAnalyticsAccess: false });
    });

    it('validates payment type, currency and allowed types', async () => {
      const put = (data: Record<string, unknown>) => statusOf(staff.update('customers', { id: 'indy', data, previousData: { id: 'indy' } }));
      expect(await put({ paymentType: 'BITCOIN' })).toBe(400);
      expect(await put({ currency: 'JPY' })).toBe(400);
      expect(await put({ allowedTypes: ['edu', 'xyz'] })).toBe(400);
      expect(await put({ hasDiscount: 'yes' })).toBe(400);
      const ok = await staff.update('customers', {
        id: 'indy',
        data: { paymentType: 'TOKEN_SINGLE_CREDIT', currency: 'EUR', allowedTypes: ['edu', 'hsc'], refRequired: true, refLabel: 'Case number' },
        previousData: { id: 'indy' },
      });
      expect(ok.data).toMatchObject({ paymentType: 'TOKEN_SINGLE_CREDIT', currency: 'EUR', allowedTypes: ['edu', 'hsc'], refRequired: true, refLabel: 'Case number' });
      // The customer's next session carries the change.
      const claims = JSON.parse(Buffer.from((await signIn(app, 'indy@mail.test')).token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ paymentType: 'TOKEN_SINGLE_CREDIT', currency: 'EUR', refRequired: true, refLabel: 'Case number' });
    });
  });

  describe('users', () => {
    it('lists every user with their company, sorted and filtered', async () => {
      const all = await staff.getList('users', { pagination: page(2), sort: { field: 'username', order: 'ASC' }, filter: {} });
      expect(all.total).toBe(12);
      expect(all.data.map((u) => u.username)).toEqual(['admin@credence.test', 'alice@acme.test']);
      expect(all.data[1]).toMatchObject({ companyId: 'acme', companyName: 'Acme Recruitment Ltd', admin: true, pending: false, disabled: false, customRoles: [] });
      const byCompany = await staff.getList('users', { pagination: page(), sort: { field: 'companyName', order: 'DESC' }, filter: {} });
      expect(byCompany.data[0].companyName).toBe('University of Demo');
      const search = await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { q: 'Baker' } });
      expect(search.data.map((u) => u.username)).toEqual(['bob@acme.test']);
      const admins = await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { admin: false } });
      expect(admins.data.map((u) => u.username).sort()).toEqual(['anna@mail.test', 'auditor@credence.test', 'bob@acme.test', 'indy@mail.test', 'jane@mail.test', 'omar@mail.test']);
    });

    it('getManyReference: the users of one customer', async () => {
      const { data, total } = await staff.getManyReference('users', {
        target: 'companyId', id: 'acme', pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: {},
      });
      expect(total).toBe(2);
      expect(data.map((u) => u.username)).toEqual(['alice@acme.test', 'bob@acme.test']);
      const one = await staff.getOne('users', { id: data[1].id });
      expect(one.data).toMatchObject({ username: 'bob@acme.test', customRoles: ['Graduate hiring'] });
      const many = await staff.getMany('users', { ids: data.map((u) => u.id) });
      expect(many.data).toHaveLength(2);
    });

    it('disables a user (their sign-in stops at once) and enables them again, audited on their company stream', async () => {
      const [bob] = (await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { q: 'bob@acme.test' } })).data;
      const session = await signIn(app, 'bob@acme.test');
      await staff.update('users', { id: bob.id, data: { ...bob, disabled: true }, previousData: bob });
      await request(app.getHttpServer()).post('/v1/auth').send({ username: 'bob@acme.test', password: DEMO_PASSWORD }).expect(401);
      await request(app.getHttpServer()).get('/v1/auth').set('X-REFRESH-TOKEN', session.refresh).expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));
      const event = (await auditOf('audit-acme')).find((e) => e.type === 'UserDisabledByStaff');
      expect(event).toMatchObject({ actor: STAFF, data: { username: 'bob@acme.test', changes: { disabled: { from: false, to: true } } } });

      const { data } = await staff.update('users', { id: bob.id, data: { disabled: false }, previousData: bob });
      expect(data.disabled).toBe(false);
      await signIn(app, 'bob@acme.test');
    });

    it('staff cannot disable themselves', async () => {
      const [me] = (await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { q: STAFF } })).data;
      expect(await statusOf(staff.update('users', { id: me.id, data: { disabled: true }, previousData: me }))).toBe(422);
    });

    it('refuses a user update of the wrong shape with 400 and every message, changing nothing', async () => {
      const [bob] = (await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { q: 'bob@acme.test' } })).data;
      const put = (body: unknown) => request(app.getHttpServer()).put(`/admin/users/${bob.id}`).set('X-AUTH-TOKEN', staffToken).send(body as object);
      const res = await put({ firstname: null, lastname: '  ', disabled: 'yes', phone: 7, admin: 1 }).expect(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual(
        expect.arrayContaining(['First name is required', 'Last name is required', 'disabled must be true or false', 'phone must be text', 'admin must be true or false']),
      );
      const trimmed = await put({ ...bob, firstname: '  Robert ', phone: null, companyName: 'ignored' }).expect(200);
      expect(trimmed.body).toMatchObject({ firstname: 'Robert', phone: null, disabled: false });
      await put({ firstname: bob.firstname, phone: bob.phone }).expect(200);
      expect((await staff.getOne('users', { id: bob.id })).data).toMatchObject({ firstname: bob.firstname, phone: bob.phone, companyName: bob.companyName });
    });

    it('resends the registration mail of a pending team member through the team invitation', async () => {
      const alice = (await signIn(app, 'alice@acme.test')).token;
      await request(app.getHttpServer())
        .post('/v1/user')
        .set('X-AUTH-TOKEN', alice)
        .send({ username: 'newbie@acme.test', firstname: 'Nia', lastname: 'Newbie', phone: '+44 1' })
        .expect((r) => expect(r.status).toBeLessThan(300));
      const [pending] = (await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { pending: true } })).data;
      expect(pending).toMatchObject({ username: 'newbie@acme.test', pending: true });

      const res = await fetchUtils.fetchJson(`${base}/admin/users/${pending.id}/resend-registration`, {
        method: 'POST',
        headers: new Headers({ 'X-AUTH-TOKEN': staffToken }),
      });
      expect(res.json).toEqual({ sent: 'invitation' });
      const mails = await mailsTo(app, 'newbie@acme.test', staffToken);
      expect(mails).toHaveLength(2);
      expect(mails[0].text).toContain('Ada Admin');
      expect((await auditOf('audit-acme'))[0]).toMatchObject({ type: 'TeamInvitationResent', actor: STAFF });

      const [active] = (await staff.getList('users', { pagination: page(), sort: { field: 'username', order: 'ASC' }, filter: { q: 'alice@' } })).data;
      await request(app.getHttpServer()).post(`/admin/users/${active.id}/resend-registration`).set('X-AUTH-TOKEN', staffToken).expect(409);
    });
  });

  describe('mails', () => {
    it("says where each mail's delivery stands, and filters by it (no SMTP_URL here: the outbox keeps them)", async () => {
      const { data, total } = await staff.getList('mails', { pagination: page(), sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
      expect(total).toBeGreaterThan(0);
      expect(new Set(data.map((m) => m.delivery))).toEqual(new Set(['outbox']));
      expect((await staff.getOne('mails', { id: data[0].id })).data.delivery).toBe('outbox');
      const undelivered = await staff.getList('mails', { pagination: page(), sort: { field: 'createdAt', order: 'DESC' }, filter: { delivery: 'undelivered' } });
      expect(undelivered.total).toBe(total);
      const delivered = await staff.getList('mails', { pagination: page(), sort: { field: 'createdAt', order: 'DESC' }, filter: { delivery: 'delivered' } });
      expect(delivered.total).toBe(0);
      const bad = await request(app.getHttpServer())
        .get(`/admin/mails?filter=${encodeURIComponent('{"delivery":"lost"}')}`)
        .set('X-AUTH-TOKEN', staffToken)
        .expect(400);
      expect(bad.body).toEqual({ errors: [{ message: "The filter 'delivery' must be one of delivered, undelivered, failed." }] });
    });
  });

  describe('notices', () => {
    it('create, publish (then the portal shell sees it), unpublish, delete; audited on the staff stream', async () => {
      const alice = (await signIn(app, 'alice@acme.test')).token;
      const shell = async () =>
        (await request(app.getHttpServer()).get('/v1/notice?page=0&size=200&scope=DASHBOARD').set('X-AUTH-TOKEN', alice).expect(200)).body.content.map(
          (n: { message: string }) => n.message,
        );
      const { data: created } = await staff.create('notices', { data: { message: 'Contract test notice' } });
      expect(created).toMatchObject({ message: 'Contract test notice', scope: 'DASHBOARD', published: false, createdBy: STAFF });
      expect(await shell()).not.toContain('Contract test notice');

      await staff.update('notices', { id: created.id, data: { ...created, published: true }, previousData: created });
      expect(await shell()).toContain('Contract test notice');
      const [event] = await auditOf('audit-credence');
      expect(event).toMatchObject({ type: 'NoticePublished', actor: STAFF, data: { noticeId: String(created.id) } });

      const list = await staff.getList('notices', { pagination: page(), sort: { field: 'createdAt', order: 'DESC' }, filter: { published: true } });
      expect(list.total).toBe(2);
      expect(list.data[0].message).toBe('Contract test notice');
      expect((await staff.getMany('notices', { ids: [created.id] })).data).toHaveLength(1);

      const { data: withdrawn } = await staff.update('notices', { id: created.id, data: { published: false }, previousData: created });
      expect(withdrawn.published).toBe(false);
      expect(await shell()).not.toContain('Contract test notice');
      expect((await auditOf('audit-credence'))[0]).toMatchObject({ type: 'NoticeUnpublished', actor: STAFF });
      await staff.delete('notices', { id: created.id, previousData: created });
      expect((await auditOf('audit-credence'))[0]).toMatchObject({ type: 'NoticeDeleted', actor: STAFF });
      expect(await statusOf(staff.getOne('notices', { id: created.id }))).toBe(404);
      expect(await statusOf(staff.create('notices', { data: { message: '  ' } }))).toBe(400);
    });
  });

  describe('news', () => {
    it('create unpublished, publish, filter by type and published, delete', async () => {
      const { data: item } = await staff.create('news', { data: { type: 'NEWS', title: 'Contract news', message: 'Body text' } });
      expect(item).toMatchObject({ type: 'NEWS', published: false, publishedAt: null });
      const feed = async () => (await request(app.getHttpServer()).get('/v1/news/alerts').set('X-AUTH-TOKEN', staffToken).expect(200)).body.map((n: { title: string }) => n.title);
      expect(await feed()).not.toContain('Contract news');

      const { data: published } = await staff.update('news', { id: item.id, data: { ...item, published: true }, previousData: item });
      expect(published.published).toBe(true);
      expect(await feed()).toContain('Contract news');

      const alerts = await staff.getList('news', { pagination: page(), sort: { field: 'publishedAt', order: 'DESC' }, filter: { type: 'ALERT_MAINTENANCE' } });
      expect(alerts.data.map((n) => n.title)).toEqual(['Planned maintenance']);
      expect((await staff.getList('news', { pagination: page(), sort: { field: 'title', order: 'ASC' }, filter: { published: true } })).total).toBe(3);
      expect(await statusOf(staff.create('news', { data: { type: 'GOSSIP', title: 't', message: 'm' } }))).toBe(400);
      await staff.delete('news', { id: item.id, previousData: item });
      expect(await feed()).not.toContain('Contract news');
    });
  });

  describe('approval processes', () => {
    it('CRUD, and GET /v1/approvalprocess answers the active names to staff only', async () => {
      const all = await staff.getList('approval-processes', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(all.total).toBe(APPROVAL_PROCESSES.length);
      const { data: created } = await staff.create('approval-processes', { data: { name: 'Apostille check', description: 'Hague apostille' } });
      expect(created).toMatchObject({ name: 'Apostille check', active: true });
      expect(await statusOf(staff.create('approval-processes', { data: { name: 'Apostille check' } }))).toBe(409);

      const names = async (token: string) => (await request(app.getHttpServer()).get('/v1/approvalprocess').set('X-AUTH-TOKEN', token)).body;
      const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
      expect(await names(staffToken)).toEqual(['Apostille check', ...APPROVAL_PROCESSES].sort(byName));
      await request(app.getHttpServer()).get('/v1/approvalprocess').set('X-AUTH-TOKEN', (await signIn(app, 'irene@uni-demo.test')).token).expect(403);

      await staff.update('approval-processes', { id: created.id, data: { ...created, active: false }, previousData: created });
      expect(await names(staffToken)).not.toContain('Apostille check');
      const inactive = await staff.getList('approval-processes', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: { active: false } });
      expect(inactive.data.map((p) => p.name)).toEqual(['Apostille check']);
      await staff.delete('approval-processes', { id: created.id, previousData: created });
      expect((await staff.getList('approval-processes', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: {} })).total).toBe(APPROVAL_PROCESSES.length);
      expect((await auditOf('audit-credence')).map((e) => e.type)).toEqual(expect.arrayContaining(['ApprovalProcessCreated', 'ApprovalProcessUpdated', 'ApprovalProcessDeleted']));
    });
  });

  describe('projections, failed jobs, audit events and the dashboard', () => {
    it('projections: status per read model, one by name, and a rebuild that reports progress', async () => {
      const { data, total } = await staff.getList('projections', { pagination: page(), sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(total).toBeGreaterThanOrEqual(1);
      const stats = data.find((p) => p.name === 'stream-stats');
      expect(stats).toMatchObject({ id: 'stream-stats', state: 'active', lastError: null, rebuilding: false });
      expect(typeof stats?.lagMs).toBe('number');
      expect((await staff.getOne('projections', { id: 'stream-stats' })).data.name).toBe('stream-stats');

      const res = await request(app.getHttpServer()).post('/admin/projections/stream-stats/rebuild').set('X-AUTH-TOKEN', staffToken).expect(202);
      expect(res.body).toMatchObject({ name: 'stream-stats' });
      await waitFor(async () => !(await staff.getOne('projections', { id: 'stream-stats' })).data.rebuilding, 20000, 'rebuild to finish');
      await request(app.getHttpServer()).post('/admin/projections/nope/rebuild').set('X-AUTH-TOKEN', staffToken).expect(404);
      expect((await auditOf('audit-credence'))[0]).toMatchObject({ type: 'ProjectionRebuildRequested', actor: STAFF });
    });

    it('failed jobs: the dead-letter list, newest first, with getOne and getMany, and a retry', async () => {
      const queue = app.get<JobQueue>(JOB_QUEUE);
      let echoDown = true;
      const echoed: string[] = [];
      await queue.work('system.echo', async (job) => {
        if (echoDown) throw new Error(`cannot echo ${job.payload.message}`);
        echoed.push(job.key);
      });
      await queue.enqueue('system.echo', 'contract-1', { message: 'one' }, { attempts: 1 });
      await queue.enqueue('system.echo', 'contract-2', { message: 'two' }, { attempts: 1 });
      const { data, total } = await waitFor(async () => {
        const list = await staff.getList('failed-jobs', { pagination: page(), sort: { field: 'failedAt', order: 'DESC' }, filter: { queue: 'system.echo' } });
        return list.total === 2 && list;
      }, 20000, 'two failed jobs');
      expect(total).toBe(2);
      expect(data[0]).toMatchObject({ queue: 'system.echo', attempts: 1, error: expect.stringContaining('cannot echo') });
      expect((await staff.getOne('failed-jobs', { id: 'system.echo:contract-1' })).data.key).toBe('contract-1');
      expect((await staff.getMany('failed-jobs', { ids: ['system.echo:contract-2'] })).data).toHaveLength(1);
      const dashboard = (await request(app.getHttpServer()).get('/admin/dashboard').set('X-AUTH-TOKEN', staffToken).expect(200)).body;
      expect(dashboard.failedJobs.total).toBe(2);

      echoDown = false;
      const retried = await request(app.getHttpServer()).post('/admin/failed-jobs/system.echo:contract-1/retry').set('X-AUTH-TOKEN', staffToken).expect(200);
      expect(retried.body).toEqual({ id: 'system.echo:contract-1', queue: 'system.echo', key: 'contract-1', retried: true });
      await waitFor(async () => echoed.includes('contract-1'), 20000, 'the retried job to run');
      await waitFor(async () => (await staff.getList('failed-jobs', { pagination: page(), sort: { field: 'failedAt', order: 'DESC' }, filter: { queue: 'system.echo' } })).total === 1, 20000, 'the list without it');
      expect(echoed).toEqual(['contract-1']);
      expect((await auditOf('audit-credence'))[0]).toMatchObject({ type: 'FailedJobRetried', actor: STAFF, data: { queue: 'system.echo', key: 'contract-1' } });
      const gone = await request(app.getHttpServer()).post('/admin/failed-jobs/system.echo:contract-1/retry').set('X-AUTH-TOKEN', staffToken).expect(404);
      expect(gone.body).toEqual({ errors: [{ message: 'Failed job not found.' }] });
    });

    it('audit events: one stream, sorted either way, paged, one event by id', async () => {
      const asc = await staff.getList('audit-events', { pagination: page(2), sort: { field: 'revision', order: 'ASC' }, filter: { stream: 'audit-acme' } });
      const desc = await staff.getList('audit-events', { pagination: page(2), sort: { field: 'revision', order: 'DESC' }, filter: { stream: 'audit-acme' } });
      expect(asc.total).toBe(desc.total);
      expect(asc.total).toBeGreaterThan(2);
      expect(asc.data[0].revision).toBe(0);
      expect(desc.data[0].revision).toBe((desc.total ?? 0) - 1);
      const one = await staff.getOne('audit-events', { id: desc.data[0].id });
      expect(one.data).toEqual(desc.data[0]);
      expect((await staff.getMany('audit-events', { ids: [asc.data[0].id, desc.data[0].id] })).data).toHaveLength(2);
      expect(await statusOf(staff.getList('audit-events', { pagination: page(), sort: { field: 'revision', order: 'ASC' }, filter: {} }))).toBe(400);
      const staffOnly = await staff.getList('audit-events', { pagination: page(), sort: { field: 'time', order: 'DESC' }, filter: { stream: 'audit-acme', actor: 'admin@' } });
      expect(staffOnly.data.every((e) => e.actor === STAFF)).toBe(true);
    });

    it('the dashboard summarises accounts, projections and the verification read models of this build', async () => {
      const body = (await request(app.getHttpServer()).get('/admin/dashboard').set('X-AUTH-TOKEN', staffToken).expect(200)).body;
      expect(body.projections.map((p: { name: string }) => p.name)).toContain('stream-stats');
      expect(body.accounts).toMatchObject({ organisations: 6, individuals: 4, disabledUsers: 0 });
      // The verifications area registers verification-counts/verification-list; their figures are what it projected.
      const registered = app.get(ProjectionsService).list().map((d) => d.projection.name);
      expect(body.verifications.available).toBe(registered.includes('verification-list') || registered.includes('verification-counts'));
      expect(Array.isArray(body.verifications.byResult)).toBe(true);
    });

    it('counts by result and pending by institute from the verification read models once they are registered', async () => {
      const table = (name: string, columns: Record<string, string>) => ({ projection: { name } as never, table: { name: `zz_${name.replace(/-/g, '_')}`, columns } });
      const list = table('verification-list', { result: 'text', instituteId: 'text', instituteName: 'text' });
      const counts = table('verification-counts', { companyId: 'text', result: 'text', count: 'integer' });
      expect(await verificationFigures(db.pool, [])).toEqual({ available: false, source: null, byResult: [], pendingByInstitute: [] });
      // Registered but its table not created yet: still no figures, and no failure.
      expect((await verificationFigures(db.pool, [list])).available).toBe(false);

      await db.pool.query(`CREATE TABLE zz_verification_list (id text PRIMARY KEY, result text, "instituteId" text, "instituteName" text)`);
      await db.pool.query(
        `INSERT INTO zz_verification_list VALUES ('a','PENDING','uni-demo','University of Demo'),('b','PENDING','uni-demo','University of Demo'),('c','PENDING','x','X'),('d','VERIFIED','x','X')`,
      );
      expect(await verificationFigures(db.pool, [list])).toEqual({
        available: true,
        source: 'zz_verification_list',
        byResult: [{ result: 'PENDING', count: 3 }, { result: 'VERIFIED', count: 1 }],
        pendingByInstitute: [{ instituteId: 'uni-demo', instituteName: 'University of Demo', count: 2 }, { instituteId: 'x', instituteName: 'X', count: 1 }],
      });

      // With the counts model, the counts come from it (summed over companies).
      await db.pool.query(`CREATE TABLE zz_verification_counts (id text PRIMARY KEY, "companyId" text, result text, count integer)`);
      await db.pool.query(`INSERT INTO zz_verification_counts VALUES ('acme|VERIFIED','acme','VERIFIED',5),('globex|VERIFIED','globex','VERIFIED',2),('acme|PENDING','acme','PENDING',3),('acme|UNPAID','acme','UNPAID',0)`);
      const figures = await verificationFigures(db.pool, [list, counts]);
      expect(figures.byResult).toEqual([{ result: 'VERIFIED', count: 7 }, { result: 'PENDING', count: 3 }]);
      expect(figures.pendingByInstitute[0]).toEqual({ instituteId: 'uni-demo', instituteName: 'University of Demo', count: 2 });
    });
  });
});
