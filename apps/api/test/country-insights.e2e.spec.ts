import type { INestApplication } from '@nestjs/common';
import type { CountryDetailView, CountryInsightsView } from '@credence/api-contract';
import type { AddressInfo } from 'node:net';
import type { DataProvider } from 'ra-core';
import { adminDataProvider } from './admin-data-provider';
import request from 'supertest';
import inDepthText from '../src/modules/insights/data/in-depth.json';
import macroSeries from '../src/modules/insights/data/macro-series.json';
import mobility from '../src/modules/insights/data/student-mobility.json';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * Country Insights' expanded row (money 2.18): the Macro-Level series from the World Bank extract and the Student
 * Mobility figures from the UNESCO UIS extract shipped in the repo, the In-Depth text from The World Factbook, and the country notifications staff manage through /admin/country-notifications (simple-rest, staff only, audited).
 */
describe('Country Insights: macro-level series, student mobility and country notifications', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  let staff: DataProvider;
  let staffToken: string;
  let alice: string;

  const statusOf = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: { status?: number }) => e.status ?? 0,
    );
  const detail = async (code: string) =>
    (
      await request(app.getHttpServer())
        .get(`/v1/insights/countries/${code}`)
        .set('X-AUTH-TOKEN', alice)
        .expect(200)
    ).body as CountryDetailView;
  const admin = () => request(app.getHttpServer());

  beforeAll(async () => {
    const db = await freshDatabase('country_insights');
    drop = db.drop;
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    staffToken = (await signIn(app, 'admin@credence.test')).token;
    staff = adminDataProvider(base, staffToken);
    alice = (await signIn(app, 'alice@acme.test')).token;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it("answers a country's net migration per 1000 and GDP per capita for the newest years of the shipped extract", async () => {
    const gb = await detail('GB');
    const source = macroSeries.countries.GB;
    expect(gb.macro.gdpPerCapita).toEqual(source.gdpPerCapita.map(([year, value]) => ({ year, value })));
    expect(gb.macro.netMigrationPer1000).toEqual(
      source.netMigrationPer1000.map(([year, value]) => ({ year, value })),
    );
    expect(gb.macro.gdpPerCapita.length).toBe(10);
    const years = gb.macro.gdpPerCapita.map((p) => p.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(gb.sources.some((s) => s.includes('World Bank'))).toBe(true);
    // Antarctica has no World Bank series: the charts are empty and say so.
    expect((await detail('AQ')).macro).toEqual({ netMigrationPer1000: [], gdpPerCapita: [] });
  });

  it("answers a country's 2021 inbound and outbound students from the UIS extract, null where UIS has none", async () => {
    // UIS February 2025: AUS 2021 inbound 378,439, net flow 364,961, so 13,478 went abroad.
    const au = await detail('AU');
    expect(au.studentMobility).toEqual({ year: 2021, inbound: 378_439, outbound: 13_478 });
    expect(au.sources.some((s) => s.includes('UNESCO Institute for Statistics (UIS)'))).toBe(true);
    expect((await detail('GB')).studentMobility).toEqual({ year: 2021, ...mobility.countries.GB });
    expect((await detail('AQ')).studentMobility).toEqual({ year: 2021, inbound: null, outbound: null });
  });

  it("lists each country's Top Incoming and Top Outgoing Destinations from the OECD extract, none where it has none", async () => {
    const list = (
      await request(app.getHttpServer()).get('/v1/insights/countries').set('X-AUTH-TOKEN', alice).expect(200)
    ).body as CountryInsightsView;
    // OECD 2022: Australia's international students come from China (23.0%), India (18.1%), Nepal (10.1%); Australians
    // abroad: 0.459% of the United States' 833,204, 9.87% of New Zealand's 25,390, 0.296% of the United Kingdom's 674,931.
    expect(list.destinations.AU).toEqual({
      incoming: ['China', 'India', 'Nepal'],
      outgoing: ['United States', 'New Zealand', 'United Kingdom'],
    });
    expect(list.destinations.CN).toEqual({
      incoming: null,
      outgoing: ['United States', 'United Kingdom', 'Japan'],
    });
    expect(list.destinations.AQ).toBeUndefined();
    expect(
      (await detail('AU')).sources.some((s) => s.startsWith('Top incoming and outgoing destinations: OECD')),
    ).toBe(true);
  });

  it("answers a country's In-Depth text from The World Factbook, in the spec's order, and none where it has no profile", async () => {
    const gb = await detail('GB');
    expect(gb.inDepth.map((s) => s.title)).toEqual([
      'Government',
      'Economy',
      'Migration',
      'Education Systems',
    ]);
    expect(gb.inDepth).toEqual(inDepthText.countries.GB);
    // The factbook's own words (europe/uk.json, Government > Government type).
    expect(gb.inDepth[0].paragraphs[0]).toBe(
      'Government type: constitutional monarchy and Commonwealth realm.',
    );
    expect(gb.inDepth[1].paragraphs.join(' ')).toContain('leading trading power and financial center');
    expect(gb.inDepth[2].paragraphs[0]).toMatch(/^Net migration rate: .*migrant\(s\)\/1,000 population/);
    expect(gb.inDepth[3].paragraphs.some((p) => p.startsWith('School life expectancy'))).toBe(true);
    expect(gb.sources).toContain('In-depth text: The World Factbook (CIA), 2015 edition, public domain');
    // The factbook has no profile for the Åland Islands.
    expect((await detail('AX')).inDepth).toEqual([]);
  });

  it('lets staff write, switch off and delete a country notification, which the country row shows while active', async () => {
    expect((await detail('ES')).notifications).toEqual([]);
    const { data: created } = await staff.create('country-notifications', {
      data: {
        countryCode: 'es',
        message: '  Universities in Spain answer slowly during the strike  ',
        link: 'https://example.test/es',
        linkName: '  Read about the strike ',
      },
    });
    expect(created).toMatchObject({
      countryCode: 'ES',
      message: 'Universities in Spain answer slowly during the strike',
      linkName: 'Read about the strike',
      active: true,
      createdBy: 'admin@credence.test',
    });
    await staff.create('country-notifications', {
      data: { countryCode: 'ES', message: 'Second notice, no link' },
    });
    await staff.create('country-notifications', {
      data: { countryCode: 'FR', message: 'Only about France' },
    });
    const es = await detail('ES');
    expect(es.notifications.map((n) => [n.message, n.link, n.linkName])).toEqual([
      ['Second notice, no link', null, null],
      [
        'Universities in Spain answer slowly during the strike',
        'https://example.test/es',
        'Read about the strike',
      ],
    ]);

    const list = await staff.getList('country-notifications', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { countryCode: 'ES' },
    });
    expect(list.total).toBe(2);
    const { data: off } = await staff.update('country-notifications', {
      id: created.id,
      data: { ...created, active: false },
      previousData: created,
    });
    expect(off.active).toBe(false);
    expect((await detail('ES')).notifications.map((n) => n.message)).toEqual(['Second notice, no link']);
    expect(
      (
        await staff.getList('country-notifications', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'countryCode', order: 'ASC' },
          filter: { active: true },
        })
      ).data.map((n) => n.countryCode),
    ).toEqual(['ES', 'FR']);
    await staff.delete('country-notifications', { id: created.id, previousData: off });
    expect(await statusOf(staff.getOne('country-notifications', { id: created.id }))).toBe(404);

    const stream = `audit-${claimsOf(staffToken).cid as string}`;
    const audit = await staff.getList('audit-events', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'revision', order: 'DESC' },
      filter: { stream },
    });
    const mine = audit.data.filter((e) => String(e.type).startsWith('CountryNotification'));
    expect(mine.map((e) => e.type)).toEqual([
      'CountryNotificationDeleted',
      'CountryNotificationUpdated',
      'CountryNotificationCreated',
      'CountryNotificationCreated',
      'CountryNotificationCreated',
    ]);
    expect(mine[0]).toMatchObject({ actor: 'admin@credence.test' });
  });

  it('refuses bad input with 400 and the spec body, and everyone but staff with 401 or 403', async () => {
    const post = (body: object, token = staffToken) =>
      admin().post('/admin/country-notifications').set('X-AUTH-TOKEN', token).send(body);
    for (const body of [
      { countryCode: 'XX', message: 'Unknown country' },
      { countryCode: 'GBR', message: 'Alpha-3' },
      { countryCode: 'GB', message: '   ' },
      { countryCode: 'GB', message: 'Bad link', link: 'javascript:alert(1)' },
      { countryCode: 'GB', message: 'Bad flag', active: 'yes' },
    ]) {
      const res = await post(body).expect(400);
      expect(res.body.errors[0].message).toEqual(expect.any(String));
    }
    expect((await post({ countryCode: 'XX', message: 'm' }).expect(400)).body.errors[0].message).toBe(
      'countryCode must be an ISO 3166 alpha-2 code',
    );
    await admin().get('/admin/country-notifications').expect(401);
    await admin().get('/admin/country-notifications').set('X-AUTH-TOKEN', alice).expect(403);
    await post({ countryCode: 'GB', message: 'From a customer' }, alice).expect(403);
    const auditor = (await signIn(app, 'auditor@credence.test')).token;
    await admin().get('/admin/country-notifications').set('X-AUTH-TOKEN', auditor).expect(403);
    const refused = await post({ countryCode: 'GB', message: 'From an auditor' }, auditor).expect(403);
    expect(refused.body.errors[0].message).toBe(
      'Auditors can replay, export and verify; they cannot change anything.',
    );
    await admin()
      .put('/admin/country-notifications/1')
      .set('X-AUTH-TOKEN', staffToken)
      .send({ active: 'no' })
      .expect(400);
  });
});
