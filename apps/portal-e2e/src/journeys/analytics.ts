import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { expectTitle, signInThroughUi } from '../ui.ts';

interface Series {
  currentPeriod: { date: string; count: number }[];
}

async function post<T>(baseUrl: string, token: string, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/v1${path}`, {
    method: 'POST',
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The numbers a chart shows, read from its data table (one row per period, the value cells after the label). */
async function chartRows(figure: Locator): Promise<string[][]> {
  const rows = figure.locator('table tbody tr');
  const n = await rows.count();
  const out: string[][] = [];
  for (let i = 0; i < n; i++)
    out.push((await rows.nth(i).locator('th, td').allInnerTexts()).map((s) => s.trim()));
  return out;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function workbookOf(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(path) as unknown as Parameters<typeof book.xlsx.load>[0]);
  return book.worksheets[0];
}

/**
 * Issue 23 (money 2.15, 2.16): alice's Analytics with each period and Top-N against the API's numbers, the VOLUME
 * chart downloaded as Volume_Data.xlsx and opened back with exceljs, and a report downloaded through the dialog.
 */
export const analyticsJourney: Journey = {
  name: 'issue 23 analytics: periods, Top-N, a chart as xlsx and a report',
  async run({ page, shot, axe, baseUrl }) {
    const { token } = await signIn(baseUrl, 'alice@acme.test');
    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/analytics');
    await expectTitle(page, 'Analytics');
    const main = page.getByRole('main');

    const overview = await post<{ month: { first: number; second: number } }>(
      baseUrl,
      token,
      '/analytics/overview',
    );
    await main
      .getByLabel(`MONTHLY COUNT: ${overview.month.first}, Previous Month: ${overview.month.second}`)
      .waitFor();

    const volume = main.getByRole('region', { name: 'VOLUME' });
    const figure = volume.getByRole('figure', { name: 'VOLUME' });
    for (const [label, count] of [
      ['Daily (30)', 30],
      ['Weekly (52)', 52],
      ['Monthly (24)', 24],
      ['Monthly (12)', 12],
    ] as const) {
      await choose(page, volume, 'Period', label);
      const api = await post<Series>(baseUrl, token, '/analytics/volume', { range: count });
      await figure
        .locator('table tbody tr')
        .nth(count - 1)
        .waitFor();
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [
        `[aria-labelledby="analytics-volume"] figure table tbody tr`,
        count,
      ] as const);
      const rows = await chartRows(figure);
      assert.deepEqual(
        rows.map((r) => Number(r[1])),
        api.currentPeriod.map((p) => p.count),
        `VOLUME ${label} shows the API's counts`,
      );
    }

    // 'Download to spreadsheet format': Volume_Data.xlsx (Date, Volume) with the Monthly (12) numbers.
    const api12 = await post<Series>(baseUrl, token, '/analytics/volume', { range: 12 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      volume.getByRole('button', { name: 'Download to spreadsheet format' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Volume_Data.xlsx');
    const sheet = await workbookOf(await download.path());
    assert.deepEqual(
      [sheet.getRow(1).getCell(1).value, sheet.getRow(1).getCell(2).value],
      ['Date', 'Volume'],
    );
    const counts: number[] = [];
    for (let r = 2; r <= sheet.actualRowCount; r++) counts.push(Number(sheet.getRow(r).getCell(2).value));
    assert.deepEqual(
      counts,
      api12.currentPeriod.map((p) => p.count),
      'the workbook holds the API numbers',
    );

    // COUNTRY STATISTICS: the options the country total allows, each against the API.
    const all = await post<{ countryName: string; counter: number }[]>(
      baseUrl,
      token,
      '/analytics/countries?limit=200&months=12',
    );
    const countries = main.getByRole('region', { name: 'COUNTRY STATISTICS' });
    await countries
      .getByLabel(`You have completed verifications from ${all.length === 1 ? '1 country' : `${all.length} different countries`}`)
      .waitFor();
    const disabled = (n: number) =>
      n === 20 ? all.length <= 15 : n === 15 ? all.length <= 10 : n === 10 ? all.length < 5 : false;
    for (const n of [5, 10, 15, 20]) {
      await countries.getByRole('combobox', { name: 'Countries' }).click();
      const option = page.getByRole('option', { name: `Top ${n}`, exact: true });
      assert.equal(
        (await option.getAttribute('aria-disabled')) === 'true',
        disabled(n),
        `Top ${n} disabled for ${all.length} countries`,
      );
      if (disabled(n)) {
        await page.keyboard.press('Escape');
        continue;
      }
      await option.click();
      const expected = all.slice(0, n);
      await page.waitForFunction(
        (want) =>
          document.querySelectorAll('[aria-labelledby="analytics-countries"] figure table tbody tr')
            .length === want,
        expected.length,
      );
      const rows = await chartRows(countries.getByRole('figure', { name: 'COUNTRY STATISTICS' }));
      assert.deepEqual(
        rows.map((r) => [r[0], Number(r[1])]),
        expected.map((c) => [c.countryName, c.counter]),
        `Top ${n}`,
      );
    }
    await page.waitForTimeout(600); // the charts' entry animation
    await axe('analytics');
    await shot('analytics');

    // Download Reports: All Pending as AllPending.xlsx, the same rows as the API's report.
    await main.getByRole('button', { name: 'Download Reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Reports' });
    await dialog.getByRole('button', { name: 'Download' }).click();
    await page.getByText('Select a report to download.').waitFor();
    await dialog.getByRole('radio', { name: 'All Pending' }).check();
    // The picture shows the dialog as a user sees it with a report picked: the warning of the empty try (2.5 s)
    // gone, not over a dialog that no longer calls for it.
    await page.getByText('Select a report to download.').waitFor({ state: 'hidden' });
    await axe('analytics-reports');
    await shot('analytics-reports');
    const [report] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.equal(report.suggestedFilename(), 'AllPending.xlsx');
    const reportSheet = await workbookOf(await report.path());
    assert.equal(reportSheet.name, 'All Pending');
    const direct = await fetch(`${baseUrl}/v1/reports?report=pendings&format=csv`, {
      method: 'POST',
      headers: { 'X-AUTH-TOKEN': token },
    });
    const csvRows = (await direct.text()).trim().split('\r\n').length;
    assert.equal(reportSheet.actualRowCount, csvRows, 'the report has the rows the API reports');
    await dialog.getByRole('button', { name: 'Close' }).click();
  },
};

/**
 * Issue 23 (money 2.18, 2.19): Country Insights' table search and an expanded row with holidays and figures, the map
 * view selecting a country; a user without access lands on the prompt.
 */
export const countryInsightsJourney: Journey = {
  name: 'issue 23 country insights: search, an expanded row, the map; the prompt without access',
  async run({ page, shot, axe, baseUrl }) {
    // Staff write a notification about the United Kingdom in the console's resource (the same simple-rest API).
    const staff = (await signIn(baseUrl, 'admin@credence.test')).token;
    const created = await fetch(`${baseUrl}/admin/country-notifications`, {
      method: 'POST',
      headers: { 'X-AUTH-TOKEN': staff, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        countryCode: 'GB',
        message: 'Some UK universities answer slowly this month',
        link: 'https://example.test/uk',
        linkName: "Read the universities' notice",
      }),
    });
    assert.equal(created.status, 201, 'staff create a country notification');
    const notice = (await created.json()) as { id: number };
    const { token } = await signIn(baseUrl, 'alice@acme.test');
    const gbDetail = (await (
      await fetch(`${baseUrl}/v1/insights/countries/GB`, { headers: { 'X-AUTH-TOKEN': token } })
    ).json()) as {
      macro: { gdpPerCapita: { year: number; value: number }[] };
      studentMobility: { year: number; inbound: number | null; outbound: number | null };
    };
    const figures = (await (
      await fetch(`${baseUrl}/v1/insights/countries`, { headers: { 'X-AUTH-TOKEN': token } })
    ).json()) as {
      countries: { country: string; averageDays: number }[];
      destinations: Record<string, { incoming: string[] | null; outgoing: string[] | null }>;
    };
    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/countryinfo');
    await expectTitle(page, 'Country Insights');
    const main = page.getByRole('main');
    await main.getByText(/^Showing entries 1 to 15 of \d+ countries$/).waitFor();
    // The first page: Afghanistan's students abroad have destinations from OECD's data; the table keeps its columns.
    const afghanistan = figures.destinations.AF?.outgoing;
    assert.ok(afghanistan?.length, "OECD data names where Afghanistan's students go");
    await main
      .getByRole('cell', { name: afghanistan.join(', '), exact: true })
      .first()
      .waitFor();
    await axe('country-insights-table');
    await shot('country-insights-table');
    await main.getByLabel('Search').fill('zzzz');
    await main.getByText('No countries match your search').waitFor();
    await main.getByLabel('Search').fill('united kingdom');
    const row = main.getByRole('row', { name: /United Kingdom/ }).first();
    // Top Incoming and Top Outgoing Destinations: the API's names, comma-separated (OECD 2022: China, India, Nigeria).
    const gbDestinations = figures.destinations.GB;
    assert.deepEqual(
      gbDestinations?.incoming,
      ['China', 'India', 'Nigeria'],
      'OECD: where UK students come from',
    );
    const cells = row.getByRole('cell');
    assert.equal(await cells.nth(4).innerText(), gbDestinations.incoming.join(', '));
    assert.equal(await cells.nth(5).innerText(), (gbDestinations.outgoing ?? []).join(', '));
    await row.getByRole('button', { name: 'Expand United Kingdom' }).click();
    await main.getByText('London', { exact: true }).waitFor(); // the capital (the In-Depth text names London too)
    const holidays = main.getByRole('table', { name: 'Public Holidays, United Kingdom' });
    await holidays.getByRole('cell', { name: "New Year's Day", exact: true }).first().waitFor();
    await holidays.getByRole('cell', { name: 'All Regions' }).first().waitFor();
    const uk = figures.countries.find((c) => c.country === 'United Kingdom');
    if (uk && uk.averageDays >= 0)
      await main
        .getByText(new RegExp(`^${Math.round(uk.averageDays * 100) / 100} days? \\(global average`))
        .waitFor();
    // The staff's notification with its link, and the World Bank series in the Macro-Level charts.
    await main
      .getByRole('alert')
      .filter({ hasText: 'Some UK universities answer slowly this month' })
      .getByRole('link', { name: "Read the universities' notice" })
      .waitFor();
    const gdp = main.getByRole('figure', { name: 'GDP per capita ($)' });
    await gdp.waitFor();
    const gdpRows = await chartRows(gdp);
    assert.deepEqual(
      gdpRows.map((r) => r[0]),
      gbDetail.macro.gdpPerCapita.map((p) => String(p.year)),
      'the GDP chart has the years the API answers',
    );
    assert.ok(gdpRows.length >= 5, 'several years of GDP per capita for the United Kingdom');
    await main.getByRole('figure', { name: 'Net migration per 1000 population' }).waitFor();
    // Student mobility: UIS's 2021 figures for the United Kingdom, one bar each, with thousands separators.
    const { inbound, outbound } = gbDetail.studentMobility;
    assert.ok(inbound !== null && outbound !== null, 'UIS has both 2021 figures for the United Kingdom');
    const students = new Intl.NumberFormat('en-GB');
    for (const [title, value] of [
      ['Inbound students 2021', inbound],
      ['Outbound students 2021', outbound],
    ] as const) {
      const chart = main.getByRole('figure', { name: `${title}, United Kingdom` });
      await chart.waitFor();
      assert.deepEqual(await chartRows(chart), [['2021', students.format(value)]], `${title}: one bar`);
    }
    await main.getByText(/^Source: UNESCO Institute for Statistics \(UIS\)\./).waitFor();
    await main.getByText(/^Sources: .*Top incoming and outgoing destinations: OECD \(2024\)/).waitFor();
    // In-Depth: The World Factbook's text, a heading per section under the panel's In-Depth heading.
    const inDepth = main.getByRole('region', { name: 'In-Depth' });
    await inDepth.getByRole('heading', { level: 4, name: 'In-Depth' }).waitFor();
    for (const title of ['Government', 'Economy', 'Migration', 'Education Systems'])
      await inDepth.getByRole('heading', { level: 5, name: title, exact: true }).waitFor();
    await inDepth.getByText(/^Government type: constitutional monarchy/).waitFor();
    assert.equal(await main.getByText('Not enough current data available').count(), 0);
    await page.waitForTimeout(300);
    await axe('country-insights');
    await shot('country-insights');

    await main.getByRole('button', { name: 'Map View' }).click();
    await choose(page, main, 'Select a map', 'Current Number of Institutions');
    await main.getByRole('button', { name: 'Europe' }).click();
    const france = main.getByRole('button', { name: /^France: / });
    await france.focus();
    await page.keyboard.press('Enter');
    await main
      .getByRole('row', { name: /France/ })
      .first()
      .waitFor();
    assert.equal(await main.getByLabel('Search').inputValue(), 'France');
    await main.getByRole('table', { name: 'Public Holidays, France' }).waitFor();
    await main.getByRole('button', { name: 'Map View' }).click();
    await main.getByRole('group', { name: 'Current Number of Institutions' }).waitFor();
    await axe('country-insights-map');
    await shot('country-insights-map');
    const removed = await fetch(`${baseUrl}/admin/country-notifications/${notice.id}`, {
      method: 'DELETE',
      headers: { 'X-AUTH-TOKEN': staff },
    });
    assert.equal(removed.status, 200, 'staff delete the notification again');

    // carol's company has no Country Insights access.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signInThroughUi(page, 'carol@globex.test');
    await page.goto('/countryinfo');
    await page.waitForURL((url) => url.pathname === '/countryinfoprompt');
    await main.getByText(/shows global information regarding all country turnaround times/).waitFor();
    await main.getByRole('link', { name: 'Contact Us' }).waitFor();
    await axe('country-insights-prompt');
    await shot('country-insights-prompt');
  },
};

/** Issue 23 (money 2.7): an applicant's dashboard shows the progress of the application and its verifications. */
export const individualDashboardJourney: Journey = {
  name: "issue 23 dashboard: an individual's application progress",
  async run({ page, shot, axe }) {
    await signInThroughUi(page, 'omar@mail.test');
    await page.goto('/dashboard');
    await expectTitle(page, 'Dashboard');
    const card = page
      .getByRole('main')
      .getByRole('region', { name: 'Application progress: Acme Recruitment Ltd' });
    await card
      .getByText('Qualification verification progress for Acme Recruitment Ltd application.')
      .waitFor();
    await card
      .getByText(
        'Your application to Acme Recruitment Ltd has been submitted. You will be contacted again after it is reviewed.',
      )
      .waitFor();
    const steps = card.getByRole('list', { name: /University of Demo/ }).first();
    await steps.waitFor();
    assert.match(
      await steps.locator('[aria-current="step"]').innerText(),
      /Pending|Action Required|Completed/,
    );
    await axe('dashboard-individual');
    await shot('dashboard-individual');
  },
};

/**
 * Money 2.7: an individual's verifications outside any application are in the 'Qualification verification progress'
 * card, each with its steps; one dismissed is left out (Undo brings it back at once), stays out after a reload, and
 * 'Show 1 dismissed verification' brings it back.
 */
export const individualDismissJourney: Journey = {
  name: 'dashboard: indy follows her own verifications, dismisses a finished one, undoes it, and brings it back',
  async run({ page, shot, axe }) {
    await signInThroughUi(page, 'indy@mail.test');
    await page.goto('/dashboard');
    await expectTitle(page, 'Dashboard');
    const card = page.getByRole('main').getByRole('region', { name: 'Qualification verification progress' });
    const degree = card.getByRole('list', {
      name: /^Indy Individual, University of Demo, BA \(Hons\) Geography/,
    });
    await degree.waitFor();
    assert.match(await degree.innerText(), /Completed/);
    await card.getByRole('list', { name: /^Indy Individual, University of Demo, MA Geography/ }).waitFor();
    await axe('dashboard-individual-progress');
    await shot('dashboard-individual-progress');

    const dismiss = card.getByRole('button', {
      name: /^Dismiss Indy Individual, University of Demo, BA \(Hons\) Geography/,
    });
    await dismiss.click();
    await degree.waitFor({ state: 'detached' });
    await card.getByText(/BA \(Hons\) Geography, 2014 dismissed\.$/).waitFor();
    await card.getByRole('button', { name: 'Undo' }).click();
    await degree.waitFor();

    await dismiss.click();
    await degree.waitFor({ state: 'detached' });
    await page.reload();
    const showAgain = card.getByRole('button', { name: 'Show 1 dismissed verification' });
    await showAgain.waitFor();
    assert.equal(await degree.count(), 0, 'the dismissed verification stays out after a reload');
    await axe('dashboard-individual-dismissed');
    await shot('dashboard-individual-dismissed');
    await showAgain.click();
    await degree.waitFor();
  },
};
