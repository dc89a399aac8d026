import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { InstituteRecordsService } from '../src/modules/catalogue/records/institute-records.service';
import { freshDatabase } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';

describe('catalogue administration (staff) and institute records', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  let staff: string;
  let customer: string;
  const http = () => app.getHttpServer();
  const as = (token: string) => ({
    get: (path: string) => request(http()).get(path).set('X-AUTH-TOKEN', token),
    post: (path: string) => request(http()).post(path).set('X-AUTH-TOKEN', token),
    put: (path: string) => request(http()).put(path).set('X-AUTH-TOKEN', token),
    delete: (path: string) => request(http()).delete(path).set('X-AUTH-TOKEN', token),
  });
  const list = (resource: string, params: Record<string, unknown>) =>
    as(staff).get(
      `/admin/${resource}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]))}`,
    );
  const audit = async (type: string) =>
    (await app.get<EventStore>(EVENT_STORE).readStream('audit-catalogue')).filter((e) => e.type === type);
  const recordCount = async (id: string) =>
    (await as(staff).get(`/admin/institutes/${id}`).expect(200)).body.records as number;

  beforeAll(async () => {
    const db = await freshDatabase('catalogue_admin');
    drop = db.drop;
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    staff = sessionToken(app, { sub: 'sam@credence.test', staff: true, cid: 'credence' });
    customer = sessionToken(app, { admin: true });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  describe('access', () => {
    it.each([
      ['GET', '/admin/institutes'],
      ['GET', '/admin/institutes/uni-demo'],
      ['POST', '/admin/institutes'],
      ['PUT', '/admin/institutes/uni-demo'],
      ['DELETE', '/admin/institutes/uni-demo'],
      ['POST', '/admin/institutes/uni-demo/records/import'],
      ['GET', '/admin/institutes/uni-demo/records'],
      ['GET', '/admin/countries'],
      ['PUT', '/admin/countries/GB'],
      ['GET', '/admin/regions'],
      ['PUT', '/admin/regions/150'],
    ])('%s %s: 401 anonymous, 403 for a customer admin', async (method, path) => {
      const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      await request(http())[m](path).expect(401);
      const res = await request(http())[m](path).set('X-AUTH-TOKEN', customer).send({}).expect(403);
      expect(res.body).toEqual({ errors: [{ message: 'This is for Credence staff only.' }] });
    });

    it('is not under /v1', async () => {
      await as(staff).get('/v1/admin/institutes').expect(404);
    });
  });

  describe('institutes resource', () => {
    it('lists with filter, sort and range, and says the total in Content-Range', async () => {
      const all = await list('institutes', { filter: { countryId: 'GB' }, range: [0, 999] }).expect(200);
      const total = all.body.length as number;
      expect(total).toBeGreaterThan(150);
      expect(all.headers['content-range']).toBe(`institutes 0-${total - 1}/${total}`);

      const page = await list('institutes', {
        filter: { countryId: 'GB' },
        sort: ['id', 'DESC'],
        range: [10, 19],
      }).expect(200);
      expect(page.headers['content-range']).toBe(`institutes 10-19/${total}`);
      expect(page.headers['x-total-count']).toBe(String(total));
      const ids = all.body
        .map((i: { id: string }) => i.id)
        .sort()
        .reverse();
      expect(page.body.map((i: { id: string }) => i.id)).toEqual(ids.slice(10, 20));

      const prices = await list('institutes', { sort: ['price', 'DESC'], range: [0, 49] }).expect(200);
      const values = prices.body.map((i: { price: number }) => i.price);
      expect(values).toEqual([...values].sort((a, b) => b - a));

      // By name as a person reads it: case does not count (the demo has 'AQA' and 'Abeokuta ...').
      const names = (await list('institutes', { sort: ['name', 'ASC'], range: [0, 199] }).expect(200)).body.map((i: { name: string }) => i.name);
      expect(names.some((n: string) => /^[A-Z]{2}/.test(n))).toBe(true);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));

      const empty = await list('institutes', { filter: { q: 'no such institute anywhere' } }).expect(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['content-range']).toBe('institutes */0');
    });

    it('filters by name text, type and read-only, and gets many by id', async () => {
      const demo = await list('institutes', { filter: { q: 'demo univ' } }).expect(200);
      expect(demo.body.map((i: { id: string }) => i.id)).toEqual(['uni-demo']);
      const ro = await list('institutes', { filter: { readOnly: true }, range: [0, 999] }).expect(200);
      expect(ro.body.length).toBeGreaterThan(10);
      expect(ro.body.every((i: { readOnly: boolean }) => i.readOnly)).toBe(true);
      const boards = await list('institutes', {
        filter: { parentId: 'QC_HS_VER_GB', type: ['HIGH_SCHOOL'] },
      }).expect(200);
      expect(boards.body).toHaveLength(7);
      const many = await list('institutes', {
        filter: { id: ['uni-demo', 'QC_EL_VER'] },
        sort: ['id', 'ASC'],
      }).expect(200);
      expect(many.body.map((i: { id: string }) => i.id)).toEqual(['QC_EL_VER', 'uni-demo']);
      expect(many.body[1]).toMatchObject({
        name: 'University of Demo',
        records: 300,
        children: 0,
        price: 45,
        otherNames: ['Demo University'],
      });
    });

    it('refuses unknown sort fields, filters and oversized ranges', async () => {
      expect(
        (await list('institutes', { sort: ['secret', 'ASC'] }).expect(400)).body.errors[0].message,
      ).toMatch(/^Cannot sort by 'secret'/);
      expect(
        (await list('institutes', { filter: { secret: 1 } }).expect(400)).body.errors[0].message,
      ).toMatch(/^Cannot filter by 'secret'/);
      expect((await list('institutes', { range: [0, 5000] }).expect(400)).body).toEqual({
        errors: [{ message: 'The range may cover at most 1000 rows.' }],
      });
    });

    it('creates an institute, which the search then finds, and audits it', async () => {
      const res = await as(staff)
        .post('/admin/institutes')
        .send({
          id: 'test-poly',
          name: 'Testshire Polytechnic',
          otherNames: ['Polytechnic of Testshire'],
          countryId: 'GB',
          price: 40,
          surcharge: 2.5,
          fields: [
            {
              key: 'gradYear',
              name: 'Year of Graduation / Issue',
              required: true,
              type: 'INTEGER',
              mask: '9999',
            },
          ],
          notices: [{ type: 'INFO', message: 'New in the catalogue.' }],
        })
        .expect(201);
      expect(res.body).toMatchObject({
        id: 'test-poly',
        type: 'UNI',
        price: 40,
        surcharge: 2.5,
        allowsPending: true,
        searchable: true,
        children: 0,
        records: 0,
      });
      const found = await as(customer)
        .get('/v1/institute/summary?name=Polytechnic%20of%20Testshire')
        .expect(200);
      expect(found.body.content[0]).toMatchObject({ id: 'test-poly', totalPrice: 42.5 });
      const [created] = (await audit('InstituteCreated')).filter(
        (e) => (e.data as { institute: { id: string } }).institute.id === 'test-poly',
      );
      expect(created.metadata).toMatchObject({ actor: 'sam@credence.test', tenantId: 'credence' });

      await as(staff)
        .post('/admin/institutes')
        .send({ id: 'test-poly', name: 'Again', price: 1 })
        .expect(409);
      const badCountry = await as(staff)
        .post('/admin/institutes')
        .send({ name: 'X', countryId: 'QQ', price: 1 })
        .expect(400);
      expect(badCountry.body).toEqual({ errors: [{ message: "Unknown country 'QQ'." }] });
      const bad = await as(staff)
        .post('/admin/institutes')
        .send({ name: 'X', fields: [{ key: '1bad', name: 'x', required: true, type: 'COLOUR' }] })
        .expect(400);
      expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual(
        expect.arrayContaining([
          'price must be an amount',
          expect.stringContaining('field key must start with a letter'),
          expect.stringContaining('field type must be one of TEXT, INTEGER, DATE, PASSWORD'),
        ]),
      );
    });

    it('updates only what is sent, audits the differences, and the change shows at once', async () => {
      const before = (await as(staff).get('/admin/institutes/test-poly').expect(200)).body;
      const res = await as(staff)
        .put('/admin/institutes/test-poly')
        .send({ ...before, readOnly: true, notices: [{ type: 'READONLY_INFO', message: 'Closed.' }] })
        .expect(200);
      expect(res.body).toMatchObject({ readOnly: true, price: 40, name: 'Testshire Polytechnic' });
      const [updated] = (await audit('InstituteUpdated')).filter(
        (e) => (e.data as { id: string }).id === 'test-poly',
      );
      expect(Object.keys((updated.data as { changes: object }).changes).sort()).toEqual([
        'notices',
        'readOnly',
      ]);
      const seen = await as(customer).get('/v1/institute/test-poly').expect(200);
      expect(seen.body).toMatchObject({
        readOnly: true,
        notices: [{ type: 'READONLY_INFO', message: 'Closed.' }],
      });

      await as(staff).put('/admin/institutes/test-poly').send({ name: 'Testshire University' }).expect(200);
      const renamed = await as(customer).get('/v1/institute/summary?name=Testshire%20Univ').expect(200);
      expect(renamed.body.content.map((r: { id: string }) => r.id)).toEqual(['test-poly']);
      await as(staff).put('/admin/institutes/test-poly').send({ parentId: 'test-poly' }).expect(400);
      await as(staff).put('/admin/institutes/nope').send({ name: 'x' }).expect(404);
    });

    it('replaces the options of a reference-data field', async () => {
      await as(staff)
        .put('/admin/institutes/test-poly/refdata/gradYear')
        .send([
          { id: '2020', name: '2020' },
          { id: '2021', name: '2021' },
        ])
        .expect(200);
      const res = await as(customer).get('/v1/institute/test-poly/refdata?key=gradYear').expect(200);
      expect(res.body.content).toEqual([
        { id: '2020', name: '2020' },
        { id: '2021', name: '2021' },
      ]);
      await as(staff).put('/admin/institutes/test-poly/refdata/nofield').send([]).expect(400);
    });

    it('deletes an institute, but not the product ones or one with children', async () => {
      const res = await as(staff).delete('/admin/institutes/test-poly').expect(200);
      expect(res.body.id).toBe('test-poly');
      await as(customer).get('/v1/institute/test-poly').expect(404);
      expect(await audit('InstituteDeleted')).toHaveLength(1);
      await as(staff).delete('/admin/institutes/test-poly').expect(404);
      const fixed = await as(staff).delete('/admin/institutes/QC_EMP_VER').expect(409);
      expect(fixed.body.errors[0].message).toBe(
        'This institute is part of the product and cannot be deleted; set it read-only instead.',
      );
      const parent = await as(staff).delete('/admin/institutes/QC_HS_VER_GB').expect(409);
      expect(parent.body.errors[0].message).toBe(
        'This institute has 7 institutes under it; delete or move them first.',
      );
    });
  });

  describe('countries and regions resources', () => {
    it('lists countries with filters, sort and Content-Range', async () => {
      const vat = await list('countries', {
        filter: { vat: true },
        sort: ['id', 'ASC'],
        range: [0, 99],
      }).expect(200);
      expect(vat.headers['content-range']).toBe('countries 0-27/28');
      expect(vat.body[0]).toMatchObject({ id: 'AT', name: 'Austria', vat: true, regionId: '150' });
      const africa = await list('countries', { filter: { regionId: '002' }, range: [0, 4] }).expect(200);
      expect(africa.headers['content-range']).toMatch(/^countries 0-4\/5\d$/);
      const busiest = await list('countries', { sort: ['institutes', 'DESC'], range: [0, 0] }).expect(200);
      expect(busiest.body[0].id).toBe('US');
    });

    it('edits a country: disabling shows in the public picker; audited', async () => {
      await as(staff)
        .put('/admin/countries/AQ')
        .send({ disabled: true, notices: [{ type: 'INFO', message: 'Research stations only.' }] })
        .expect(200);
      const picker = await request(http()).get('/v1/company/country?name=antarctica').expect(200);
      expect(picker.body).toEqual([{ id: 'AQ', name: 'Antarctica', vat: false, disabled: true }]);
      const [event] = await audit('CountryUpdated');
      expect(Object.keys((event.data as { changes: object }).changes).sort()).toEqual([
        'disabled',
        'notices',
      ]);
      await as(staff).put('/admin/countries/AQ').send({ regionId: '999' }).expect(400);
      await as(staff).get('/admin/countries/QQ').expect(404);
    });

    it('lists regions and sets a region’s name and members', async () => {
      const regions = await list('regions', {}).expect(200);
      expect(regions.headers['content-range']).toBe('regions 0-5/6');
      expect(regions.body.map((r: { id: string }) => r.id)).toEqual([
        '001',
        '150',
        '142',
        '002',
        '019',
        '009',
      ]);
      const oceania = (await as(staff).get('/admin/regions/009').expect(200)).body;
      expect(oceania.countryIds).toContain('AU');
      const res = await as(staff)
        .put('/admin/regions/009')
        .send({ name: 'Oceania & Antarctica', countryIds: [...oceania.countryIds, 'AQ'] })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Oceania & Antarctica', countries: oceania.countries + 1 });
      const meta = await as(customer).get('/v1/region/meta').expect(200);
      expect(meta.body.countries.find((c: { id: string }) => c.id === 'AQ').regionId).toBe('009');
      expect((await audit('RegionUpdated')).length).toBe(1);
      await as(staff)
        .put('/admin/regions/001')
        .send({ countryIds: ['GB'] })
        .expect(400);
      await as(staff)
        .put('/admin/regions/009')
        .send({ countryIds: ['QQ'] })
        .expect(400);
    });
  });

  describe('institute records', () => {
    const records = () => app.get(InstituteRecordsService);

    it('matches a request against the demo records of University of Demo', async () => {
      expect(await records().holdsRecords('uni-demo')).toBe(true);
      expect(await records().holdsRecords('uni-demo-archive')).toBe(false);
      const match = await records().findMatch('uni-demo', {
        firstName: 'JANE',
        lastName: ' doe ',
        dob: '12/04/1995',
        fields: { gradYear: '2017', qualification: 'bsc (hons)', course: '' },
      });
      expect(match).toMatchObject({
        outcome: 'MATCH',
        record: { firstName: 'Jane', lastName: 'Doe', dob: '1995-04-12' },
      });
      expect(
        await records().findMatch('uni-demo', {
          firstName: 'Jane',
          lastName: 'Doe',
          dob: '1995-04-12',
          fields: { gradYear: 2016 },
        }),
      ).toMatchObject({
        outcome: 'DETAILS_MISMATCH',
        mismatchedFields: ['gradYear'],
      });
      expect(
        await records().findMatch('uni-demo', { firstName: 'Jane', lastName: 'Doe', dob: '1995-04-13' }),
      ).toEqual({ outcome: 'NO_MATCH', hints: ['DOB'] });
      expect(
        await records().findMatch('uni-demo', { firstName: 'Janet', lastName: 'Doe', dob: '1995-04-12' }),
      ).toEqual({ outcome: 'NO_MATCH', hints: ['NAME'] });
      expect(
        await records().findMatch('uni-demo', {
          firstName: 'siobhan',
          lastName: 'OBrien',
          dob: '1992-02-29',
        }),
      ).toMatchObject({ outcome: 'MATCH' });
    });

    it('imports a good CSV, all of it, and audits the import', async () => {
      const csv =
        'firstName,middleName,lastName,dob,qualification,course,gradYear\nAda,,Lovelace,10/12/1995,MSc,Mathematics,2018\n"Grace ""Amazing""",Brewster,Hopper,1996-12-09,PhD,Computer Science,2021\n';
      const res = await as(staff)
        .post('/admin/institutes/uni-demo/records/import')
        .set('Content-Type', 'text/csv')
        .send(csv)
        .expect(200);
      expect(res.body).toEqual({
        importId: expect.any(String),
        instituteId: 'uni-demo',
        mode: 'append',
        imported: 2,
        removed: 0,
      });
      expect(await recordCount('uni-demo')).toBe(302);
      expect(
        await records().findMatch('uni-demo', {
          firstName: 'Ada',
          lastName: 'Lovelace',
          dob: '1995-12-10',
          fields: { gradYear: 2018 },
        }),
      ).toMatchObject({ outcome: 'MATCH' });
      const [event] = await audit('InstituteRecordsImported');
      expect(event.data).toMatchObject({ instituteId: 'uni-demo', imported: 2 });
      expect(event.metadata.actor).toBe('sam@credence.test');

      const page = await list('institutes/uni-demo/records', { filter: { q: 'lovel' } }).expect(200);
      expect(page.headers['content-range']).toBe('records 0-0/1');
      expect(page.body[0]).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        dob: '1995-12-10',
        fields: { gradYear: 2018, qualification: 'MSc' },
      });
    });

    it('imports nothing when any line is bad, and says which lines and why', async () => {
      const csv = [
        'firstName,lastName,dob,qualification,gradYear',
        'Alan,Turing,1992-06-23,MSc,2015',
        'Bad,Date,1992-02-30,MSc,2015',
        'No,Option,1990-01-01,Wizardry,2012',
        ',Nameless,1990-01-01,MSc,2012',
      ].join('\n');
      const res = await as(staff)
        .post('/admin/institutes/uni-demo/records/import')
        .set('Content-Type', 'text/csv')
        .send(csv)
        .expect(422);
      expect(res.body).toEqual({
        errors: [
          { message: 'Nothing was imported: 3 lines have errors.' },
          { message: "Line 3: dob '1992-02-30' is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)." },
          { message: "Line 4: qualification 'Wizardry' is not one of the institute's options." },
          { message: 'Line 5: firstName is required.' },
        ],
      });
      expect(await recordCount('uni-demo')).toBe(302);
      expect(
        await records().findMatch('uni-demo', { firstName: 'Alan', lastName: 'Turing', dob: '1992-06-23' }),
      ).toEqual({ outcome: 'NO_MATCH', hints: [] });
    });

    it('refuses, when appending, records already held; accepts JSON {csv}; replaces on request', async () => {
      const again =
        'firstName,lastName,dob,qualification,course,gradYear\nAda,Lovelace,1995-12-10,MSc,Mathematics,2018\n';
      const dup = await as(staff)
        .post('/admin/institutes/uni-demo/records/import')
        .send({ csv: again })
        .expect(422);
      expect(dup.body.errors).toEqual([
        { message: 'Nothing was imported: 1 line has an error.' },
        { message: 'Line 2: this record is already held for this institute.' },
      ]);

      const replaced = await as(staff)
        .post('/admin/institutes/uni-demo-archive/records/import?mode=replace')
        .send({ csv: 'firstName,lastName,dob,gradYear\nOld,Timer,1950-05-05,1972\n' })
        .expect(200);
      expect(replaced.body).toMatchObject({ mode: 'replace', imported: 1, removed: 0 });
      const twice = await as(staff)
        .post('/admin/institutes/uni-demo-archive/records/import?mode=replace')
        .set('Content-Type', 'text/csv')
        .send('firstName,lastName,dob\nNew,Comer,2000-01-01\nSecond,Person,2001-01-01\n')
        .expect(200);
      expect(twice.body).toMatchObject({ imported: 2, removed: 1 });
      expect(await recordCount('uni-demo-archive')).toBe(2);
    });

    it('refuses files it cannot read, unknown institutes and modes', async () => {
      const post = (path: string) => as(staff).post(path).set('Content-Type', 'text/csv');
      expect(
        (await post('/admin/institutes/uni-demo/records/import').send('first,last\nA,B').expect(400)).body
          .errors[0].message,
      ).toMatch(/^Unknown column 'first'/);
      expect(
        (
          await post('/admin/institutes/uni-demo/records/import')
            .send('firstName,lastName,dob\n"A,B,1990-01-01')
            .expect(400)
        ).body,
      ).toEqual({
        errors: [{ message: 'The file is not valid CSV. Line 2: a quoted value is not closed.' }],
      });
      await post('/admin/institutes/no-such/records/import')
        .send('firstName,lastName,dob\nA,B,1990-01-01')
        .expect(404);
      await post('/admin/institutes/uni-demo/records/import?mode=merge').send('x').expect(400);
      const xml = await as(staff)
        .post('/admin/institutes/uni-demo/records/import')
        .set('Content-Type', 'application/xml')
        .send('<a/>')
        .expect(400);
      expect(xml.body.errors[0].message).toBe(
        'Send the records as a text/csv body, or as JSON {"csv": "..."}.',
      );
    });
  });
});
