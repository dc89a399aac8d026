import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, renderConsole } from '@/test/render';

const draft = { id: 7, message: 'Planned maintenance on Sunday', scope: 'DASHBOARD', type: null, instituteId: null, regionId: null, published: false, createdAt: '2026-11-21T09:00:00Z', createdBy: 'sam@credence.test' };

describe('notices resource', () => {
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
