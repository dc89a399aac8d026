import type { INestApplication } from '@nestjs/common';
import { CqrsModule, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Module } from '@nestjs/common';
import type { Pool } from 'pg';
import request from 'supertest';
import { IS_PUBLIC } from '../src/common/auth/public.decorator';
import { REQUIRED_ROLE } from '../src/common/auth/roles.decorator';
import { PG_POOL } from '../src/infrastructure/database/database.tokens';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { AdminCountriesController } from '../src/modules/catalogue/admin/admin-countries.controller';
import { AdminInstitutesController } from '../src/modules/catalogue/admin/admin-institutes.controller';
import { AdminRegionsController } from '../src/modules/catalogue/admin/admin-regions.controller';
import { CompanyReferenceController } from '../src/modules/catalogue/http/company-reference.controller';
import { InstitutesController } from '../src/modules/catalogue/http/institutes.controller';
import { RegionsController } from '../src/modules/catalogue/http/regions.controller';
import { InstituteRequested } from '../src/modules/catalogue/requests/institute-requested.event';
import { freshDatabase, waitFor } from './fresh-database';
import { sessionToken } from './sessions';
import { startTestApp } from './test-app';

/** Stands in for the mail module: records what it would mail to staff. */
const requested: InstituteRequested[] = [];
@EventsHandler(InstituteRequested)
class RecordInstituteRequests implements IEventHandler<InstituteRequested> {
  handle(event: InstituteRequested) {
    requested.push(event);
  }
}
@Module({ imports: [CqrsModule], providers: [RecordInstituteRequests] })
class MailProbeModule {}

interface SummaryRow {
  id: string;
  name: string;
  names: { name: string }[];
  region: { id: string; name: string } | null;
  product: { price: number | null };
  surcharge: number | null;
  totalPrice: number | null;
  credits: number | null;
  readOnly: boolean;
  children: number;
}

describe('institute catalogue and reference data (demo catalogue)', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  let card: string;
  const http = () => app.getHttpServer();
  const get = (path: string, token: string | null = card) => {
    const r = request(http()).get(path);
    return token ? r.set('X-AUTH-TOKEN', token) : r;
  };
  const summary = async (query: string, token: string | null = card) => {
    const res = await get(`/v1/institute/summary?${query}`, token).expect(200);
    return res.body as { content: SummaryRow[]; totalSize: number };
  };

  beforeAll(async () => {
    const db = await freshDatabase('catalogue');
    drop = db.drop;
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }, [MailProbeModule]));
    card = sessionToken(app);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  describe('countries and industries (public, for registration)', () => {
    it('lists every ISO country without a session, GB first, then US, then by name', async () => {
      const res = await get('/v1/company/country', null).expect(200);
      expect(res.body).toHaveLength(249);
      expect(res.body.slice(0, 3)).toEqual([
        { id: 'GB', name: 'United Kingdom', vat: true, disabled: false },
        { id: 'US', name: 'United States', vat: false, disabled: false },
        { id: 'AF', name: 'Afghanistan', vat: false, disabled: false },
      ]);
      expect(res.body.filter((c: { vat: boolean }) => c.vat)).toHaveLength(28);
    });

    it('searches by a case-insensitive substring of the name, keeping GB and US first', async () => {
      const res = await get('/v1/company/country?name=UNITED', null).expect(200);
      expect(res.body.map((c: { id: string }) => c.id)).toEqual(['GB', 'US', 'AE', 'UM', 'VI']);
      expect((await get('/v1/company/country?name=zzz', null).expect(200)).body).toEqual([]);
      expect((await get('/v1/company/country?name=', null).expect(200)).body).toHaveLength(249);
    });

    it('lists industries without the individuals one (-1)', async () => {
      const res = await get('/v1/company/industry', null).expect(200);
      expect(res.body.length).toBeGreaterThanOrEqual(25);
      expect(res.body.map((i: { id: number }) => i.id)).not.toContain(-1);
      expect(res.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
      const bank = await get('/v1/company/industry?name=bank', null).expect(200);
      expect(bank.body).toEqual([{ id: 5, name: 'Banking' }]);
    });

    it('refuses a name longer than 200 characters', async () => {
      const res = await get(`/v1/company/country?name=${'x'.repeat(201)}`, null).expect(400);
      expect(res.body).toEqual({ errors: [{ message: 'name must be at most 200 characters' }] });
    });
  });

  describe('institute search', () => {
    it('finds University of Demo first when the name is mistyped', async () => {
      const { content } = await summary('page=0&size=20&name=Univrsity%20of%20Dmeo&fuzzy=true');
      expect(content[0]).toMatchObject({
        id: 'uni-demo',
        name: 'University of Demo',
        region: { id: 'GB', name: 'United Kingdom' },
      });
    });

    it('tolerates missing small words, swapped letters, partial words and accents', async () => {
      expect((await summary('name=University%20Demo&fuzzy=true')).content[0].id).toBe('uni-demo');
      expect((await summary('name=the%20univ%20of%20dem&fuzzy=true')).content[0].id).toBe('uni-demo');
      const dmeo = await summary('name=Dmeo&fuzzy=true');
      expect(dmeo.content.map((r) => r.id).sort()).toEqual(['uni-demo', 'uni-demo-archive']);
      const french = (await summary('regionId=FR&size=1000')).content.find((r) =>
        r.name.startsWith('Université de '),
      );
      if (!french) throw new Error('the demo catalogue has a Université de ... in France');
      const plain = french.name.normalize('NFD').replace(/\p{M}/gu, '').replace('Universite', 'Univesrite');
      const found = await summary(`name=${encodeURIComponent(plain)}&fuzzy=true&size=20`);
      expect(found.content.map((r) => r.id)).toContain(french.id);
    });

    it('answers nothing when a word matches nothing at all', async () => {
      expect(await summary('name=University%20of%20Qwxzv&fuzzy=true')).toEqual({ content: [], totalSize: 0 });
    });

    it('does not find it by typo without fuzzy, but does by substring', async () => {
      expect((await summary('name=Univrsity%20of%20Dmeo')).content).toEqual([]);
      const { content } = await summary('name=of%20dem');
      expect(content.map((r) => r.id)).toEqual(['uni-demo']);
    });

    it('matches any name of an institute and answers all of them', async () => {
      const { content } = await summary('name=Demo%20University&fuzzy=true&size=5');
      expect(content[0].id).toBe('uni-demo');
      expect(content[0].names).toEqual([{ name: 'University of Demo' }, { name: 'Demo University' }]);
    });

    it('filters by country, and by a map region', async () => {
      const fr = await summary('name=universit&fuzzy=true&regionId=FR&size=50');
      expect(fr.content.length).toBeGreaterThan(5);
      expect(fr.content.every((r) => r.region?.id === 'FR')).toBe(true);
      const europe = await summary('regionId=150&size=1000');
      const countries = new Set(europe.content.map((r) => r.region?.id));
      expect(countries.has('DE') && countries.has('GB')).toBe(true);
      expect(countries.has('US')).toBe(false);
      const world = await summary('regionId=001&size=1');
      const all = await summary('size=1');
      expect(world.totalSize).toBe(all.totalSize);
      expect(all.totalSize).toBeGreaterThanOrEqual(2000);
    });

    it('pages in a stable order without repeats', async () => {
      const pages = await Promise.all([0, 1, 2].map((p) => summary(`regionId=GB&size=25&page=${p}`)));
      const ids = pages.flatMap((p) => p.content.map((r) => r.id));
      expect(new Set(ids).size).toBe(75);
      const again = await summary('regionId=GB&size=25&page=1');
      expect(again.content.map((r) => r.id)).toEqual(pages[1].content.map((r) => r.id));
      const past = await summary('regionId=GB&size=25&page=999');
      expect(past.content).toEqual([]);
      expect(past.totalSize).toBe(pages[0].totalSize);
    });

    it('lists the countries of the high-school and employment selectors, and examination boards by parent', async () => {
      const hs = await summary('page=0&size=1000&name=HSVQCI');
      expect(hs.totalSize).toBeGreaterThan(30);
      expect(hs.content.every((r) => r.name === 'HSVQCI' && r.id.startsWith('QC_HS_VER_'))).toBe(true);
      const ng = hs.content.find((r) => r.region?.id === 'NG');
      expect(ng).toMatchObject({ id: 'QC_HS_VER_NG', children: 3 });
      expect(hs.content.map((r) => r.region?.name)).toContain('Nigeria');
      const emp = await summary('page=0&size=1000&name=EMPVQCI&fuzzy=true');
      expect(emp.content.every((r) => r.name === 'EMPVQCI')).toBe(true);
      expect(emp.totalSize).toBeGreaterThan(150);

      const boards = await summary('page=0&size=1000&parentId=QC_HS_VER_NG');
      expect(boards.content.map((r) => r.name)).toEqual([
        'National Business and Technical Examinations Board (NABTEB)',
        'National Examinations Council (NECO)',
        'West African Examinations Council (WAEC)',
      ]);
      expect((await summary('page=0&size=1000&parentId=QC_HS_VER_FR')).content).toEqual([]);
    });

    it('keeps the fixed institutes out of the education search, even by their exact name', async () => {
      for (const name of ['Employment Verification', 'SELT Validation', 'AQA']) {
        const { content } = await summary(`name=${encodeURIComponent(name)}&fuzzy=true&size=100`);
        expect(content.filter((r) => r.id.startsWith('QC_'))).toEqual([]);
      }
    });

    it('marks read-only institutes', async () => {
      const { content } = await summary('name=Demo%20College%20of%20Archives');
      expect(content).toEqual([expect.objectContaining({ id: 'uni-demo-archive', readOnly: true })]);
    });

    it('treats % and _ as text, not wildcards', async () => {
      expect((await summary('name=%25%25%25')).content).toEqual([]);
      expect((await summary('name=_')).content).toEqual([]);
    });

    it('clamps the size to 1000 and refuses bad paging with a message', async () => {
      const big = await summary('size=5000');
      expect(big.content).toHaveLength(1000);
      const bad = await get('/v1/institute/summary?size=0').expect(400);
      expect(bad.body).toEqual({ errors: [{ message: 'size must be at least 1' }] });
      const nan = await get('/v1/institute/summary?page=abc').expect(400);
      expect(nan.body.errors.map((e: { message: string }) => e.message)).toContain(
        'page must be a whole number',
      );
      const fuzzy = await get('/v1/institute/summary?fuzzy=maybe').expect(400);
      expect(fuzzy.body).toEqual({ errors: [{ message: 'fuzzy must be true or false' }] });
    });

    it('refuses unknown regions and parents', async () => {
      const region = await get('/v1/institute/summary?regionId=XX').expect(400);
      expect(region.body).toEqual({ errors: [{ message: "Unknown country or region 'XX'." }] });
      await get('/v1/institute/summary?parentId=nope').expect(404);
    });
  });

  describe('prices per account kind', () => {
    const demoRow = async (token: string) =>
      (await summary('name=University%20of%20Demo&size=1', token)).content[0];

    it('shows money to card and invoice payers', async () => {
      for (const paymentType of ['CARD', 'INVOICE']) {
        const row = await demoRow(sessionToken(app, { paymentType }));
        expect(row).toMatchObject({ product: { price: 45 }, surcharge: 5, totalPrice: 50, credits: null });
      }
    });

    it('shows one credit to token payers', async () => {
      const row = await demoRow(sessionToken(app, { paymentType: 'TOKEN_SINGLE_CREDIT' }));
      expect(row).toMatchObject({ product: { price: null }, surcharge: null, totalPrice: null, credits: 1 });
    });

    it('hides prices from an applicant who does not pay, and shows them to one who does', async () => {
      const free = await demoRow(
        sessionToken(app, { isIndividual: true, isApplicant: true, applicantPays: false }),
      );
      expect(free).toMatchObject({
        product: { price: null },
        surcharge: null,
        totalPrice: null,
        credits: null,
      });
      const paying = await demoRow(
        sessionToken(app, { isIndividual: true, isApplicant: true, applicantPays: true }),
      );
      expect(paying.totalPrice).toBe(50);
    });

    it('shows money to an individual paying by card', async () => {
      expect((await demoRow(sessionToken(app, { isIndividual: true }))).totalPrice).toBe(50);
    });

    it('prices the institute view the same way, with the accreditation price for payers only', async () => {
      const paid = await get('/v1/institute/uni-demo').expect(200);
      expect(paid.body).toMatchObject({
        product: { price: 45 },
        surcharge: 5,
        totalPrice: 50,
        accreditation: 10,
        accreditationSupported: true,
      });
      const token = await get(
        '/v1/institute/uni-demo',
        sessionToken(app, { paymentType: 'TOKEN_SINGLE_CREDIT' }),
      ).expect(200);
      expect(token.body).toMatchObject({
        product: { price: null },
        totalPrice: null,
        credits: 1,
        accreditation: null,
      });
    });
  });

  describe('one institute and its reference data', () => {
    it('answers every field of the institute', async () => {
      const res = await get('/v1/institute/uni-demo?applicationId=app-1').expect(200);
      expect(res.body).toMatchObject({
        id: 'uni-demo',
        name: 'University of Demo',
        names: [{ name: 'University of Demo' }, { name: 'Demo University' }],
        region: { id: 'GB', name: 'United Kingdom', notices: [] },
        type: 'UNI',
        minYear: 1990,
        allowsPending: true,
        readOnly: false,
        allowsCurrentStudent: true,
        maxAdditionalDocs: 5,
        customerReference: null,
        children: 0,
      });
      expect(res.body.fields.map((f: { key: string }) => f.key)).toEqual([
        'qualification',
        'course',
        'gradYear',
        'studentId',
        'email',
      ]);
      expect(res.body.fields[2]).toEqual({
        key: 'gradYear',
        name: 'Year of Graduation / Issue',
        description: null,
        required: true,
        type: 'INTEGER',
        refData: null,
        values: null,
        value: null,
        mask: '9999',
      });
      expect(res.body.documentRequirements).toEqual([
        expect.objectContaining({
          name: 'Institute Consent Form',
          type: 'CONSENT_INSTITUTE',
          required: true,
          template: '/templates/consent/uni-demo.pdf',
        }),
      ]);
      expect(res.body.documents[0]).toMatchObject({
        id: null,
        requirementId: 'consent-institute',
        data: null,
        required: true,
      });
    });

    it('answers a read-only institute with its READONLY_INFO notice', async () => {
      const res = await get('/v1/institute/uni-demo-archive').expect(200);
      expect(res.body.readOnly).toBe(true);
      expect(res.body.notices).toEqual([
        { type: 'READONLY_INFO', message: expect.stringContaining('does not accept') },
      ]);
    });

    it('answers a country entry with its number of examination boards', async () => {
      const res = await get('/v1/institute/QC_HS_VER_GB').expect(200);
      expect(res.body).toMatchObject({
        name: 'HSVQCI',
        type: 'HIGH_SCHOOL',
        children: 7,
        region: { id: 'GB' },
      });
      const board = await get('/v1/institute/QC_HS_VER_SUB_GB_AQA').expect(200);
      expect(board.body.parentId).toBe('QC_HS_VER_GB');
    });

    it('answers 404 for an unknown institute', async () => {
      const res = await get('/v1/institute/no-such-institute').expect(404);
      expect(res.body).toEqual({ errors: [{ message: 'Institute not found.' }] });
      await get('/v1/institute/no-such-institute/refdata?key=x').expect(404);
    });

    it('searches the options of a reference-data field', async () => {
      const all = await get('/v1/institute/uni-demo/refdata?key=qualification&size=300').expect(200);
      expect(all.body.totalSize).toBe(27);
      expect(all.body.content[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
      const msc = await get('/v1/institute/uni-demo/refdata?key=qualification&name=msc').expect(200);
      expect(msc.body).toEqual({ content: [{ id: 'msc', name: 'MSc' }], totalSize: 1 });
      const selt = await get('/v1/institute/QC_EL_VER/refdata?key=testProvider').expect(200);
      expect(selt.body.content.map((o: { name: string }) => o.name)).toContain('IELTS for UKVI');
    });

    it('refuses a refdata call without a key or for a field the institute lacks', async () => {
      const missing = await get('/v1/institute/uni-demo/refdata').expect(400);
      expect(missing.body.errors).toContainEqual({ message: 'key is required' });
      const res = await get('/v1/institute/uni-demo/refdata?key=shoeSize').expect(400);
      expect(res.body).toEqual({ errors: [{ message: "The institute has no field 'shoeSize'." }] });
    });
  });

  describe('regions and the coverage map', () => {
    it('lists the countries as regions, GB and US first, each with its map region', async () => {
      const res = await get('/v1/region?size=300').expect(200);
      expect(res.body.totalSize).toBe(249);
      expect(res.body.content[0]).toEqual({
        id: 'GB',
        name: 'United Kingdom',
        kind: 'COUNTRY',
        disabled: false,
        parent: { id: '150', name: 'Europe' },
      });
      expect(res.body.content[1].id).toBe('US');
      const small = await get('/v1/region?size=10&page=1').expect(200);
      expect(small.body.content.map((r: { id: string }) => r.id)).toEqual(
        res.body.content.slice(10, 20).map((r: { id: string }) => r.id),
      );
    });

    it('lists the map groups', async () => {
      const res = await get('/v1/region?kind=GROUP').expect(200);
      expect(res.body.content.map((r: { id: string; name: string }) => `${r.id} ${r.name}`)).toEqual([
        '001 World',
        '150 Europe',
        '142 Asia',
        '002 Africa',
        '019 Americas',
        '009 Oceania',
      ]);
    });

    it('answers per-country figures for the map', async () => {
      const res = await get('/v1/region/meta').expect(200);
      expect(res.body.regions).toHaveLength(6);
      const gb = res.body.countries.find((c: { id: string }) => c.id === 'GB');
      expect(gb).toEqual({
        id: 'GB',
        ccn3: '826',
        name: 'United Kingdom',
        regionId: '150',
        institutes: 162,
        // From the verifications completed there (region-meta.e2e.spec.ts): the demo's, once projected.
        annualAverageVerificationDays: expect.any(Number),
        currentVerificationDays: expect.any(Number),
        fraudulentPercent: expect.any(Number),
      });
      const listed = await summary('regionId=GB&size=1');
      expect(gb.institutes).toBe(listed.totalSize);
      expect(
        res.body.countries.filter((c: { institutes: number }) => c.institutes > 0).length,
      ).toBeGreaterThanOrEqual(150);
    });
  });

  describe('requesting a new institute', () => {
    const body = { name: 'University of Nowhere', region: { name: 'Atlantis' }, comment: 'Please add it.' };

    it('records the request, audits it and announces it for the mail to staff', async () => {
      requested.length = 0;
      const res = await request(http())
        .post('/v1/institute/')
        .set('X-AUTH-TOKEN', card)
        .send(body)
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'University of Nowhere',
        region: { name: 'Atlantis' },
        comment: 'Please add it.',
        created: expect.any(String),
      });
      expect(requested).toEqual([
        expect.objectContaining({
          requestId: res.body.id,
          name: 'University of Nowhere',
          country: 'Atlantis',
          requestedBy: 'tester@acme.test',
        }),
      ]);
      const events = await app.get<EventStore>(EVENT_STORE).readStream('audit-catalogue');
      const audit = events.find(
        (e) => e.type === 'InstituteRequested' && (e.data as { requestId: string }).requestId === res.body.id,
      );
      expect(audit?.metadata).toMatchObject({ actor: 'tester@acme.test', tenantId: 'company-test' });
      // Staff hear of it by mail (the account manager's address).
      const mail = await waitFor(async () => {
        const { rows } = await app
          .get<Pool>(PG_POOL)
          .query(`SELECT subject, text FROM mail_outbox WHERE template = 'instituteRequested' AND text LIKE '%University of Nowhere%'`);
        return rows[0] as { subject: string; text: string } | undefined;
      }, 5000, 'the mail to staff');
      expect(mail.subject).toBe('New institute requested');
      expect(mail.text).toContain('Country: Atlantis');
    });

    it('is not open to individuals', async () => {
      const res = await request(http())
        .post('/v1/institute/')
        .set('X-AUTH-TOKEN', sessionToken(app, { isIndividual: true }))
        .send(body)
        .expect(403);
      expect(res.body).toEqual({
        errors: [{ message: 'Only non-individuals can request a new institute.' }],
      });
    });

    it('enforces the 200/200/1000 limits and a name and country', async () => {
      const res = await request(http())
        .post('/v1/institute/')
        .set('X-AUTH-TOKEN', card)
        .send({ name: 'n'.repeat(201), region: { name: 'c'.repeat(201) }, comment: 'x'.repeat(1001) })
        .expect(400);
      expect(res.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
        'Additional Information must be at most 1000 characters',
        'Country must be at most 200 characters',
        'Name must be at most 200 characters',
      ]);
      const empty = await request(http())
        .post('/v1/institute/')
        .set('X-AUTH-TOKEN', card)
        .send({ name: '  ' })
        .expect(400);
      expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual(
        expect.arrayContaining(['Name is required', 'Country is required']),
      );
      await request(http())
        .post('/v1/institute/')
        .set('X-AUTH-TOKEN', card)
        .send({ name: 'n'.repeat(200), region: { name: 'c'.repeat(200) }, comment: 'x'.repeat(1000) })
        .expect(201);
    });
  });

  describe('who may call what', () => {
    it.each([
      '/v1/institute/summary?name=demo',
      '/v1/institute/uni-demo',
      '/v1/institute/uni-demo/refdata?key=qualification',
      '/v1/region?size=300',
      '/v1/region/meta',
      '/admin/institutes',
      '/admin/countries',
      '/admin/regions',
    ])('GET %s needs a session', async (path) => {
      await get(path, null).expect(401);
    });

    it('POST /v1/institute/ needs a session', async () => {
      await request(http())
        .post('/v1/institute/')
        .send({ name: 'x', region: { name: 'y' } })
        .expect(401);
    });

    it.each(['/v1/company/country', '/v1/company/industry'])('GET %s is public', async (path) => {
      await get(path, null).expect(200);
    });

    it('marks exactly the two pickers public, and every admin route staff-only', () => {
      const controllers = [
        CompanyReferenceController,
        InstitutesController,
        RegionsController,
        AdminInstitutesController,
        AdminCountriesController,
        AdminRegionsController,
      ];
      const publicRoutes: string[] = [];
      const unguardedAdmin: string[] = [];
      for (const controller of controllers) {
        const proto = controller.prototype as unknown as Record<string, unknown>;
        for (const method of Object.getOwnPropertyNames(proto).filter((m) => m !== 'constructor')) {
          const handler = proto[method] as object;
          if (Reflect.getMetadata(IS_PUBLIC, handler) || Reflect.getMetadata(IS_PUBLIC, controller))
            publicRoutes.push(`${controller.name}.${method}`);
          const path = String(Reflect.getMetadata('path', controller));
          const role =
            Reflect.getMetadata(REQUIRED_ROLE, handler) ?? Reflect.getMetadata(REQUIRED_ROLE, controller);
          if (path.startsWith('admin') && role !== 'staff')
            unguardedAdmin.push(`${controller.name}.${method}`);
        }
      }
      expect(publicRoutes.sort()).toEqual([
        'CompanyReferenceController.countries',
        'CompanyReferenceController.industries',
      ]);
      expect(unguardedAdmin).toEqual([]);
    });
  });
});
