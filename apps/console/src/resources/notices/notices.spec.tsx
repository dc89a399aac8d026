import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { referenceList, searches, searchIn } from '@/test/reference';
import { onPhone, page, renderConsole } from '@/test/render';

const institutes = referenceList('institutes', [
  { id: 'uni-demo', name: 'University of Demo', countryId: 'GB' },
  { id: 'sorbonne', name: 'Sorbonne Université', countryId: 'FR' },
]);
const regions = referenceList('regions', [
  { id: '150', name: 'Europe' },
  { id: '002', name: 'Africa' },
]);

const draft = { id: 7, message: 'Planned maintenance on Sunday', scope: 'DASHBOARD', type: null, instituteId: null, regionId: null, published: false, createdAt: '2026-11-21T09:00:00Z', createdBy: 'sam@credence.test' };

describe('notices resource', () => {
  it('is one item per notice on a phone, published or not at a glance, instead of a table wider than the screen', async () => {
    onPhone();
    renderConsole('/notices', { 'GET /admin/notices': page('notices', [draft, { ...draft, id: 8, message: 'Checks in Spain are delayed', published: true }]) });
    const item = (await screen.findByText('Planned maintenance on Sunday')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(item).getByText('Draft')).toBeInTheDocument();
    expect(within(item).getByText('Portal banner · 21 Nov 2026, 09:00 · sam@credence.test')).toBeInTheDocument();
    expect(within(item).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/\/notices\/7$/));
    expect(within(screen.getByText('Checks in Spain are delayed').closest('li') as HTMLElement).getByText('Published')).toBeInTheDocument();
  });

  it('publishes a draft from the list with one switch', async () => {
    const { calls } = renderConsole('/notices', {
      'GET /admin/notices': page('notices', [draft]),
      'PUT /admin/notices/7': (c) => json({ ...draft, ...(c.body as object) }),
    });
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Portal banner')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 7, published: true, message: draft.message }));
    expect(await screen.findByText('Published: Published')).toBeInTheDocument();
  });

  it('creates a DASHBOARD notice, unpublished unless switched on', async () => {
    const { calls } = renderConsole('/notices/create', {
      'POST /admin/notices': (c) => json({ ...draft, id: 8, ...(c.body as object) }),
      'GET /admin/notices': page('notices', []),
      'GET /admin/institutes': institutes,
      'GET /admin/regions': regions,
    });
    fireEvent.change(await screen.findByLabelText(/Message/), { target: { value: 'Checks in Spain are delayed' } });
    expect(screen.getByRole('combobox', { name: /Scope/ })).toHaveTextContent('Portal banner');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ message: 'Checks in Spain are delayed', scope: 'DASHBOARD', published: false }));
    // Untouched pickers narrow nothing and send nothing, as the empty text fields did.
    const body = calls.find((c) => c.method === 'POST')?.body;
    expect(body).not.toHaveProperty('instituteId');
    expect(body).not.toHaveProperty('regionId');
  });

  it('narrows a new notice to an institute and a region picked by name, and saves their ids', async () => {
    const { calls } = renderConsole('/notices/create', {
      'POST /admin/notices': (c) => json({ ...draft, id: 8, ...(c.body as object) }),
      'GET /admin/notices': page('notices', []),
      'GET /admin/institutes': institutes,
      'GET /admin/regions': regions,
    });
    fireEvent.change(await screen.findByLabelText(/Message/), { target: { value: 'Transcripts from Demo are delayed' } });
    // The typed text goes to the API's `q` search (not to a filter it would refuse): only the matches are left.
    await searchIn(screen.getByRole('combobox', { name: /^Institute/ }), 'demo');
    await waitFor(() => expect(searches(calls, 'institutes')).toContain('demo'));
    await waitFor(() => expect(screen.queryByRole('option', { name: /Sorbonne/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'University of Demo (GB)' }));
    await searchIn(screen.getByRole('combobox', { name: /^Region/ }), 'eur');
    await waitFor(() => expect(searches(calls, 'regions')).toContain('eur'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Africa' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Europe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ message: 'Transcripts from Demo are delayed', instituteId: 'uni-demo', regionId: '150' }),
    );
  });

  it('shows the institute and region of a notice by name, and clearing the region saves it as null', async () => {
    const narrowed = { ...draft, instituteId: 'uni-demo', regionId: '150' };
    const { calls } = renderConsole('/notices/7', {
      'GET /admin/notices/7': json(narrowed),
      'PUT /admin/notices/7': (c) => json({ ...narrowed, ...(c.body as object) }),
      'GET /admin/notices': page('notices', [narrowed]),
      'GET /admin/institutes': institutes,
      'GET /admin/regions': regions,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Institute/ })).toHaveValue('University of Demo (GB)'));
    const region = screen.getByRole('combobox', { name: /^Region/ });
    await waitFor(() => expect(region).toHaveValue('Europe'));
    await userEvent.clear(region);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 7, instituteId: 'uni-demo', regionId: null }));
  });
});
