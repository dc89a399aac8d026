import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tokens } from '@/auth/tokens';
import { consoleRoutes } from '@/router';
import { json, makeToken, mockFetch } from '@/test/fetchMock';

describe('mails resource', () => {
  it('lists what the service sent, newest first, with to, subject and when', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test' }), 'r');
    const fetch = mockFetch((url) =>
      url.startsWith('/admin/mails')
        ? json(
            [
              {
                id: 7,
                to: 'ann@acme.example',
                subject: 'Please check your email',
                createdAt: '2026-11-20T10:00:00Z',
              },
            ],
            { headers: { 'Content-Range': 'mails 0-0/1' } },
          )
        : undefined,
    );
    render(
      <RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/console/mails'] })} />,
    );

    const row = (await screen.findByText('ann@acme.example')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Please check your email')).toBeInTheDocument();
    for (const name of ['To', 'Subject', 'Sent'])
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    expect(decodeURIComponent(String(fetch.mock.calls[0][0]))).toContain('sort=["createdAt","DESC"]');
  });
});
