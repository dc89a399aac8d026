import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CountryInsightPromptScreen } from '@/features/country-insights/components/CountryInsightPromptScreen';
import { CountryInsightsScreen } from '@/features/country-insights/components/CountryInsightsScreen';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';
import { stubResizeObserver } from '@/shared/ui/test/renderUi';

const names = [
  'France',
  'Germany',
  'United Kingdom',
  ...Array.from({ length: 17 }, (_, i) => `Country ${String(i + 10)}`),
];
const meta = {
  regions: [],
  totalInstitutes: 3,
  countries: names.map((name, i) => ({
    id:
      name === 'France'
        ? 'FR'
        : name === 'Germany'
          ? 'DE'
          : name === 'United Kingdom'
            ? 'GB'
            : `Q${String.fromCharCode(65 + i)}`,
    ccn3: null,
    name,
    regionId: '150',
    institutes: name === 'United Kingdom' ? 3 : 0,
    annualAverageVerificationDays: -1,
    currentVerificationDays: -1,
    fraudulentPercent: -1,
  })),
};

function answer() {
  mockFetch((req) => {
    if (req.path === '/v1/region/meta') return json(meta);
    if (req.path === '/v1/insights/countries') {
      return json({
        months: 12,
        averageDays: 2.5,
        fraudPercent: 10,
        countries: [{ country: 'United Kingdom', completed: 4, averageDays: 1, fraudPercent: 25 }],
        destinations: {
          GB: { incoming: ['China', 'India', 'Nigeria'], outgoing: ['United States', 'Germany', 'Bulgaria'] },
          // Germany: outgoing destinations only, as for a country OECD does not break down by origin.
          DE: { incoming: null, outgoing: ['Austria', 'Netherlands', 'Switzerland'] },
        },
      });
    }
    if (req.path === '/v1/insights/countries/GB') {
      return json({
        code: 'GB',
        name: 'United Kingdom',
        capital: 'London',
        population: 66_488_991,
        languages: 'English',
        government: null,
        religion: null,
        holidays: [
          { event: 'Christmas Day', date: '2026-12-25', endDate: null, regions: [] },
          { event: "St Andrew's Day", date: '2026-11-30', endDate: null, regions: ['Scotland'] },
        ],
        celebrating: ['Christmas Day'],
        macro: {
          netMigrationPer1000: [
            { year: 2024, value: 6.02 },
            { year: 2025, value: 5.61 },
          ],
          gdpPerCapita: [],
        },
        // UIS has an inbound figure for 2021 and, here, no outbound one.
        studentMobility: { year: 2021, inbound: 600_589, outbound: null },
        inDepth: [
          {
            title: 'Government',
            paragraphs: [
              'Government type: constitutional monarchy and Commonwealth realm.',
              'Legal system: common law system; has nonbinding judicial review of Acts of Parliament under the Human Rights Act of 1998.',
            ],
          },
          {
            title: 'Education Systems',
            paragraphs: ['Education expenditures: 6% of GDP (2011).'],
          },
        ],
        notifications: [
          {
            id: 3,
            message: 'Universities answer slowly during the strike',
            link: 'https://example.test/strike',
            linkName: 'Read about the strike',
          },
        ],
        sources: [
          'Public holidays: date-holidays',
          'Top incoming and outgoing destinations: OECD (2024), Education at a Glance / OECD Data Explorer, 2022 (CC BY 4.0)',
        ],
      });
    }
    return undefined;
  });
}

describe('Country Insights (/countryinfo, money 2.18, 2.19)', () => {
  it('says the countries could not be loaded, not that none match, and loads them on Try again', async () => {
    stubResizeObserver();
    signInAs({ hasCountryAccess: true });
    let down = true;
    mockFetch((req) => {
      if (req.path === '/v1/region/meta' && down)
        return json({ errors: [{ message: 'Try later' }] }, { status: 503 });
      if (req.path === '/v1/region/meta') return json(meta);
      if (req.path === '/v1/insights/countries')
        return json({ months: 12, averageDays: -1, fraudPercent: -1, countries: [], destinations: {} });
      return undefined;
    });
    renderRoutes([{ path: '/countryinfo', element: <CountryInsightsScreen /> }], '/countryinfo');
    // A 503 is retried twice (1 s, then 2 s) before the screen gives up.
    expect(
      await screen.findByText('Country Insights could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No countries match your search')).not.toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing entries 1 to 15 of 20 countries')).toBeInTheDocument();
    expect(screen.queryByText('Country Insights could not be loaded.')).not.toBeInTheDocument();
  }, 20_000);

  it('lists 15 countries a page sorted by name, searches, and expands a row into its details', async () => {
    stubResizeObserver();
    signInAs({ hasCountryAccess: true });
    answer();
    const { container } = renderRoutes(
      [{ path: '/countryinfo', element: <CountryInsightsScreen /> }],
      '/countryinfo',
    );
    expect(await screen.findByText('Showing entries 1 to 15 of 20 countries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Countries' });
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Country 10');
    // Top Incoming and Top Outgoing Destinations: the names, comma-separated; n/a where the API has none.
    const [incomingHeader, outgoingHeader] = ['Top Incoming Destinations', 'Top Outgoing Destinations'].map(
      (name) =>
        within(table)
          .getAllByRole('columnheader')
          .findIndex((h) => h.textContent === name),
    );
    const cellsOf = (name: string) => {
      const tr = within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
      const cells = [...tr.children];
      return [cells[incomingHeader].textContent, cells[outgoingHeader].textContent];
    };
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(cellsOf('United Kingdom')).toEqual(['China, India, Nigeria', 'United States, Germany, Bulgaria']);
    expect(cellsOf('Germany')).toEqual(['n/a', 'Austria, Netherlands, Switzerland']);
    expect(cellsOf('France')).toEqual(['n/a', 'n/a']);
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await userEvent.type(screen.getByLabelText('Search'), 'zzz');
    expect(await screen.findByText('No countries match your search')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.type(screen.getByLabelText('Search'), 'KINGDOM');
    const row = (await screen.findByRole('rowheader', { name: 'United Kingdom' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('1 day')).toBeInTheDocument();
    expect(within(row).getByText('25%')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Expand United Kingdom' }));
    expect(
      await screen.findByText(
        'United Kingdom is currently celebrating Christmas Day. Unfortunately, this may slow down verification times.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
    expect(screen.getByText('66,488,991')).toBeInTheDocument();
    expect(screen.getByText('1 day (global average 2.5 days)')).toBeInTheDocument();
    expect(screen.getByText('25% (global average 10%)')).toBeInTheDocument();
    const holidays = screen.getByRole('table', { name: 'Public Holidays, United Kingdom' });
    // Beginning, and Ending falling back to the start date.
    expect(within(holidays).getAllByText('25 December')).toHaveLength(2);
    expect(within(holidays).getByText('All Regions')).toBeInTheDocument();
    expect(within(holidays).getByText('Scotland')).toBeInTheDocument();
    // The staff's country notification with its link (read as the words staff gave it), above the holiday alert.
    const notice = screen
      .getByText('Universities answer slowly during the strike')
      .closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Read about the strike' })).toHaveAttribute(
      'href',
      'https://example.test/strike',
    );
    // Inbound students: one bar for 2021 with thousands separators, credited to UIS; outbound has no figure.
    const inbound = await screen.findByRole('table', { name: 'Inbound students 2021, United Kingdom' });
    expect(within(inbound).getByRole('rowheader', { name: '2021' })).toBeInTheDocument();
    expect(within(inbound).getByRole('cell', { name: '600,589' })).toBeInTheDocument();
    expect(screen.getByText('Outbound students 2021')).toBeInTheDocument();
    // The destinations again, for a phone, where the table leaves their columns out (jsdom applies the phone's styles).
    const details = screen
      .getByText('Top Incoming Destinations', { selector: 'dt' })
      .closest('dl') as HTMLElement;
    expect(within(details).getByText('China, India, Nigeria')).toBeInTheDocument();
    expect(within(details).getByText('United States, Germany, Bulgaria')).toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: 'Outbound students 2021, United Kingdom' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/^Source: UNESCO Institute for Statistics \(UIS\)\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Sources: .*Top incoming and outgoing destinations: OECD \(2024\), Education at a Glance/,
      ),
    ).toBeInTheDocument();
    // Net migration has two years; GDP per capita and outbound students have none and say so.
    const migration = await screen.findByRole('table', { name: 'Net migration per 1000 population' });
    expect(within(migration).getByRole('rowheader', { name: '2025' })).toBeInTheDocument();
    expect(within(migration).getByText('5.61')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'GDP per capita ($)' })).not.toBeInTheDocument();
    expect(screen.getByText('GDP per capita ($)')).toBeInTheDocument();
    expect(await screen.findAllByText('Not enough current data available')).toHaveLength(2);
    // In-Depth: its heading at the level of the panel's other sections, each factbook section a heading below it.
    const inDepth = screen.getByRole('region', { name: 'In-Depth' });
    expect(within(inDepth).getByRole('heading', { level: 4, name: 'In-Depth' })).toBeInTheDocument();
    expect(
      within(inDepth)
        .getAllByRole('heading', { level: 5 })
        .map((h) => h.textContent),
    ).toEqual(['Government', 'Education Systems']);
    expect(
      within(inDepth).getByText('Government type: constitutional monarchy and Commonwealth realm.'),
    ).toBeInTheDocument();
    expect(within(inDepth).getByText('Education expenditures: 6% of GDP (2011).')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('sends a user without access to the prompt, and the prompt sends one with access back', async () => {
    signInAs({ hasCountryAccess: false });
    answer();
    renderRoutes(
      [
        { path: '/countryinfo', element: <CountryInsightsScreen /> },
        { path: '/countryinfoprompt', element: <CountryInsightPromptScreen /> },
      ],
      '/countryinfo',
    );
    expect(
      await screen.findByText(
        /shows global information regarding all country turnaround times, fraudulent rates, public holidays/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@credence.test',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Country Insights' })).toBeInTheDocument();
  }, 60_000);
});
