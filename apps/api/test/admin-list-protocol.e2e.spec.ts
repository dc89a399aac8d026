import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

import { signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';
import { readModelsCaughtUp } from './verification-support';

/**
 * react-admin's defaults on every /admin resource, through the one simple-rest helper: a list sorted by
 * ["id","ASC"] (react-admin's default sort when a resource names none) and getMany (filter={"id":[...]}, no range)
 * answering every record it names, including records far beyond the first page of the default sort.
 */
describe('admin list protocol: sort by id and getMany on every resource', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let token: string;

  // [resource, an extra filter some resources need]
  const resources: [string, Record<string, unknown>][] = [
    ['customers', {}],
    ['users', {}],
    ['notices', {}],
    ['news', {}],
    ['approval-processes', {}],
    ['projections', {}],
    ['failed-jobs', {}],
    ['mails', {}],
    ['verifications', {}],
    ['applications', {}],
    ['institutes', {}],
    ['countries', {}],
    ['regions', {}],
    ['audit-events', { stream: 'audit-acme' }],
  ];

  const list = (resource: string, query: Record<string, unknown>) =>
    request(app.getHttpServer())
      .get(`/admin/${resource}`)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('X-AUTH-TOKEN', token);
  const ids = (body: { id: string | number }[]) => body.map((r) => String(r.id));

  beforeAll(async () => {
    db = await freshDatabase('admin_list_protocol');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    await readModelsCaughtUp(app);
    token = (await signIn(app, 'admin@credence.test')).token;
    // A notice of our own, so that list is not empty, and a staff change on acme's audit stream.
    await request(app.getHttpServer()).post('/admin/notices').set('X-AUTH-TOKEN', token).send({ message: 'Maintenance tonight' }).expect(201);
    await request(app.getHttpServer()).put('/admin/customers/acme').set('X-AUTH-TOKEN', token).send({ name: 'Acme Ltd' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const totalOf = (res: request.Response) => Number(String(res.headers['content-range']).split('/')[1]);

  it.each(resources)('%s: sort ["id","ASC"] and ["id","DESC"] answer 200 in opposite orders', async (resource, extra) => {
    const asc = await list(resource, { sort: ['id', 'ASC'], range: [0, 49], filter: extra });
    expect(asc.status).toBe(200);
    expect(asc.headers['content-range']).toMatch(new RegExp(`^${resource} `));
    const total = totalOf(asc);
    const n = Math.min(50, total);
    if (!n) return;
    const desc = await list(resource, { sort: ['id', 'DESC'], range: [total - n, total - 1], filter: extra }).expect(200);
    expect(ids(desc.body).reverse()).toEqual(ids(asc.body));
  });

  it.each(resources)('%s: getMany answers every id it names, and only them', async (resource, extra) => {
    const first = await list(resource, { sort: ['id', 'ASC'], range: [0, 0], filter: extra }).expect(200);
    const total = totalOf(first);
    if (resource !== 'failed-jobs') expect(total).toBeGreaterThan(0);
    if (!total) return;
    // The last rows of the id order: for the big lists these are not on the first page of the default sort.
    const last = await list(resource, { sort: ['id', 'DESC'], range: [0, 2], filter: extra }).expect(200);
    const wanted = ids(last.body);
    const many = await list(resource, { filter: { ...extra, id: wanted } }).expect(200);
    expect(ids(many.body).sort()).toEqual([...wanted].sort());
    // The total is of the records named, not of the whole list (the verifications list counted every row).
    expect(many.headers['content-range']).toBe(`${resource} 0-${wanted.length - 1}/${wanted.length}`);
  });
});
