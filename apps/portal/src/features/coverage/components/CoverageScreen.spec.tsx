import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CountryMetaView, RegionMetaView } from '@credence/api-contract';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { UNI_ROW } from '@/features/ordering/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { signInAs } from '@/test/session';

const country = (over: Partial<CountryMetaView> & Pick<CountryMetaView, 'id' | 'name'>): CountryMetaView => ({
  ccn3: null,
  regionId: null,
  institutes: 0,
  annualAverageVerificationDays: -1,
  currentVerificationDays: -1,
  fraudulentPercent: -1,
  ...over,
});

const META: RegionMetaView = {
  regions: [{ id: '150', name: 'Europe', parentId: '001' }],
  countries: [
    country({ id: 'GB', name: 'United Kingdom', ccn3: '826', regionId: '150', institutes: 162, annualAverageVerificationDays: 3.5, currentVerificationDays: 2.25, fraudulentPercent: 12.5 }),
    country({ id: 'FR', name: 'France', ccn3: '250', regionId: '150', institutes: 55, annualAverageVerificationDays: 14 }),
    country({ id: 'JP', name: 'Japan', ccn3: '392', regionId: '142', institutes: 0 }),
  ],
  totalInstitutes: 217,
};

const MAP_KINDS = [
  'Annual Average Verification Times (Days)',
  'Fraudulent Verifications (%)',
  'Current Verification Times (Days)',
  'Current Number of Institutions',
  'Institutions Map',
];

function serve() {
  const searches: URLSearchParams[] = [];
  mockFetch((req: MockRequest) => {
    if (req.path === '/v1/region/meta') return json(META);
    if (req.path === '/v1/region') return json({ content: [{ id: 'GB', name: 'United Kingdom' }, { id: 'FR', name: 'France' }], totalSize: 2 });
    if (req.path === '/v1/institute/summary') {
      searches.push(req.query);
      if ((req.query.get('name') ?? '').includes('zzz')) return json({ content: [], totalSize: 0 });
      return json({ content: [UNI_ROW], totalSize: 1 });
    }
    return undefined;
  });
  return { lastSearch: () => searches.at(-1) };
}

const map = (title: string) => screen.findByRole('figure', { name: title });

afterEach(() => vi.restoreAllMocks());

describe('Coverage (/verification/coverage, money 2.17)', () => {
  it('switches between the five map kinds, each coloured by its figures from GET /region/meta', async () => {
    signInAs();
    serve();
    renderApp('/verification/coverage');
    expect(await screen.findByRole('heading', { name: 'Coverage', level: 1 })).toBeInTheDocument();
    await map('Institutions Map');
    expect(await screen.findByRole('button', { name: 'United Kingdom: 162' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'France: 55' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Japan/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Select a map' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(MAP_KINDS);
    await userEvent.click(screen.getByRole('option', { name: 'Fraudulent Verifications (%)' }));
    await map('Fraudulent Verifications (%)');
    expect(await screen.findByRole('button', { name: 'United Kingdom: 12.5' })).toBeInTheDocument();
    // -1 (n/a) is left off the map (money 9).
    expect(screen.queryByRole('button', { name: /^France/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Select a map' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Annual Average Verification Times (Days)' }));
    await map('Annual Average Verification Times (Days)');
    expect(await screen.findByRole('button', { name: 'France: 14' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'United Kingdom: 3.5' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Select a map' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Current Verification Times (Days)' }));
    await map('Current Verification Times (Days)');
    expect(await screen.findByRole('button', { name: 'United Kingdom: 2.25' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^France/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Select a map' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Current Number of Institutions' }));
    await map('Current Number of Institutions');
    // Institute numbers drop only non-numeric values: Japan's 0 is on this map.
    expect(await screen.findByRole('button', { name: 'Japan: 0' })).toBeInTheDocument();
  });

  it('opens on initRegion; the region buttons and a click on a country choose the region and narrow the search', async () => {
    signInAs();
    const api = serve();
    renderApp('/verification/coverage/europe');
    const group = await screen.findByRole('group', { name: 'Region' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['World', 'Europe', 'Asia', 'Africa', 'Americas', 'Oceania']);
    expect(within(group).getByRole('button', { name: 'Europe' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.lastSearch()?.get('regionId')).toBe('150'));

    await userEvent.click(within(group).getByRole('button', { name: 'Asia' }));
    expect(within(group).getByRole('button', { name: 'Asia' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.lastSearch()?.get('regionId')).toBe('142'));

    await userEvent.click(within(group).getByRole('button', { name: 'World' }));
    await waitFor(() => expect(api.lastSearch()?.has('regionId')).toBe(false));

    // On the institutions map a country selects its region and lists its institutes.
    await userEvent.click(await screen.findByRole('button', { name: 'France: 55' }));
    expect(within(group).getByRole('button', { name: 'Europe' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.lastSearch()?.get('regionId')).toBe('FR'));
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('France');
  });

  it('opens the wizard with the institute chosen', async () => {
    signInAs();
    serve();
    const { router } = renderApp('/verification/coverage');
    const table = await screen.findByRole('table', { name: 'Institutes' });
    await userEvent.click(await within(table).findByRole('button', { name: 'University of Demo / UoD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/new'));
    expect(router.state.location.search).toBe('?institute=uni-demo');
  });

  it('shows the prices the caller may see, credits to token payers, and Request a new institute when nothing matches', async () => {
    signInAs();
    const api = serve();
    const user = userEvent.setup();
    const first = renderApp('/verification/coverage');
    const table = await screen.findByRole('table', { name: 'Institutes' });
    for (const h of ['Our Price', 'Institute Surcharge', 'Total']) expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(await within(table).findByText('£45.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Institute name'), 'zzz');
    await waitFor(() => expect(api.lastSearch()?.get('name')).toBe('zzz'), { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Request a new institute' }, { timeout: 10_000 }));
    expect(await screen.findByRole('dialog', { name: 'Request a new institute' })).toBeInTheDocument();
    first.unmount();

    signInAs({ paymentType: 'TOKEN_SINGLE_CREDIT' });
    const second = renderApp('/verification/coverage');
    const tokens = await screen.findByRole('table', { name: 'Institutes' });
    expect(within(tokens).getByRole('columnheader', { name: 'Credits' })).toBeInTheDocument();
    expect(within(tokens).queryByRole('columnheader', { name: 'Total' })).not.toBeInTheDocument();
    second.unmount();

    signInAs({ isIndividual: true, sub: 'indy@mail.test', allowedTypes: '["edu","hsc"]' });
    renderApp('/verification/coverage');
    await user.type(await screen.findByLabelText('Institute name'), 'zzz');
    expect(await screen.findByText(/If you cannot find your institute, please e-mail/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a new institute' })).not.toBeInTheDocument();
  }, 120_000);

  it('has no serious or critical axe violations', async () => {
    signInAs();
    serve();
    const { container } = renderApp('/verification/coverage');
    await screen.findByRole('button', { name: 'United Kingdom: 162' });
    await screen.findByRole('button', { name: 'University of Demo / UoD' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
