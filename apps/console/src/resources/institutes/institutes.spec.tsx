import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { referenceList, searches, searchIn } from '@/test/reference';
import { renderConsole } from '@/test/render';

const uniDemo = { id: 'uni-demo', name: 'University of Demo', countryId: 'GB' };
const sorbonne = { id: 'sorbonne', name: 'Sorbonne Université', countryId: 'FR' };
const school = {
  id: 'demo-business',
  name: 'Demo Business School',
  otherNames: [],
  countryId: null,
  parentId: 'uni-demo',
  type: 'UNI',
  minYear: null,
  price: 20,
  surcharge: 0,
  accreditationPrice: null,
  maxAdditionalDocs: 0,
  allowsPending: false,
  readOnly: false,
  allowsCurrentStudent: false,
  searchable: true,
  fields: [],
  documentRequirements: [],
  notices: [],
  children: 0,
  records: 0,
};
const institutes = referenceList('institutes', [uniDemo, sorbonne, school]);
const countries = referenceList('countries', [
  { id: 'GB', name: 'United Kingdom' },
  { id: 'FR', name: 'France' },
]);

describe('institute form', () => {
  it('picks the country by name and clears the parent, saving the country code and a null parent', async () => {
    const { calls } = renderConsole('/institutes/demo-business', {
      'GET /admin/institutes/demo-business': json(school),
      'PUT /admin/institutes/demo-business': (c) => json({ ...school, ...(c.body as object) }),
      'GET /admin/institutes': institutes,
      'GET /admin/countries': countries,
    });
    const parent = await screen.findByRole('combobox', { name: /^Parent institute/ });
    // The parent by its name and country, not its id.
    await waitFor(() => expect(parent).toHaveValue('University of Demo (GB)'));
    const country = screen.getByRole('combobox', { name: /^Country/ });
    expect(country).toHaveValue('');

    await searchIn(country, 'king');
    // The typed text goes to the API's `q` search; only the matching country is left to pick.
    await waitFor(() => expect(searches(calls, 'countries')).toContain('king'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'France' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'United Kingdom' }));
    // The picker's own clear button, as staff would clear it.
    await userEvent.click(parent);
    await userEvent.click(within(parent.parentElement as HTMLElement).getByTitle('Clear value'));
    expect(parent).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        id: 'demo-business',
        countryId: 'GB',
        parentId: null,
      }),
    );
  });

  it('creates an institute under a parent found by part of its name', async () => {
    const { calls } = renderConsole('/institutes/create', {
      'POST /admin/institutes': (c) => json({ ...school, id: 'new-school', ...(c.body as object) }),
      'GET /admin/institutes/new-school': json({ ...school, id: 'new-school' }),
      'GET /admin/institutes': institutes,
      'GET /admin/countries': countries,
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Demo Law School' } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '25' } });
    await searchIn(screen.getByRole('combobox', { name: /^Parent institute/ }), 'of dem');
    // The search is debounced: on a loaded machine (npm test runs three suites side by side) it can take over a second.
    await waitFor(() => expect(searches(calls, 'institutes')).toContain('of dem'), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Sorbonne/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'University of Demo (GB)' }));
    await searchIn(screen.getByRole('combobox', { name: /^Country/ }), 'united');
    await userEvent.click(await screen.findByRole('option', { name: 'United Kingdom' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        name: 'Demo Law School',
        price: 25,
        parentId: 'uni-demo',
        countryId: 'GB',
      }),
    );
  });
});
