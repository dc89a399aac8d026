import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { onPhone, page, renderConsole } from '@/test/render';

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
    });
    fireEvent.change(await screen.findByLabelText(/Message/), { target: { value: 'Checks in Spain are delayed' } });
    expect(screen.getByRole('combobox', { name: /Scope/ })).toHaveTextContent('Portal banner');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ message: 'Checks in Spain are delayed', scope: 'DASHBOARD', published: false }));
  });
});
