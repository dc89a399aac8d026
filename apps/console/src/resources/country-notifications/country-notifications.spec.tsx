import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, query, renderConsole } from '@/test/render';
import { searchIn } from '@/test/reference';

const spain = { id: 'ES', name: 'Spain' };
const france = { id: 'FR', name: 'France' };
const strike = {
  id: 4,
  countryCode: 'ES',
  message: 'Universities answer slowly during the strike',
  link: 'https://example.test/strike',
  active: true,
  createdAt: '2026-11-21T09:00:00Z',
  createdBy: 'sam@credence.test',
};
const countries = (c: { url: string }) => {
  const filter = JSON.parse(query(c as never).filter ?? '{}') as { id?: string[]; q?: string };
  const { id, q } = filter;
  const all = [spain, france];
  const rows = id
    ? all.filter((r) => id.includes(r.id))
    : q
      ? all.filter((r) => r.name.toLowerCase().includes(q.toLowerCase()))
      : all;
  return page('countries', rows);
};

describe('country notifications resource', () => {
  it("lists notifications with the country's name and switches one off from the list", async () => {
    const { calls } = renderConsole('/country-notifications', {
      'GET /admin/country-notifications': page('country-notifications', [strike]),
      'GET /admin/countries': countries,
      'PUT /admin/country-notifications/4': (c) => json({ ...strike, ...(c.body as object) }),
    });
    const row = (await screen.findByText(strike.message)).closest('tr') as HTMLElement;
    // In the sidebar's Content section, after news.
    expect(screen.getByRole('menuitem', { name: 'Country notifications' })).toBeInTheDocument();
    expect(await within(row).findByText('Spain')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('switch', { name: 'Active' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        id: 4,
        active: false,
        countryCode: 'ES',
      }),
    );
  });

  it('creates one for a country picked by name, active unless switched off, and refuses a link that is not http(s)', async () => {
    const { calls } = renderConsole('/country-notifications/create', {
      'GET /admin/countries': countries,
      'GET /admin/country-notifications': page('country-notifications', []),
      'POST /admin/country-notifications': (c) => json({ ...strike, id: 5, ...(c.body as object) }),
    });
    await searchIn(await screen.findByRole('combobox', { name: /Country/ }), 'Fra');
    await userEvent.click(await screen.findByRole('option', { name: 'France' }));
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Offices closed on Friday' } });
    fireEvent.change(screen.getByLabelText(/^Link$/), { target: { value: 'ftp://example.test' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Starts with http:// or https://')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Link$/), { target: { value: 'https://example.test/closures' } });
    fireEvent.change(screen.getByLabelText(/^Link text/), { target: { value: 'Read the announcement' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        countryCode: 'FR',
        message: 'Offices closed on Friday',
        link: 'https://example.test/closures',
        linkName: 'Read the announcement',
        active: true,
      }),
    );
  });
});
