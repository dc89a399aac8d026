import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tokens } from '@/auth/tokens';
import { consoleRoutes } from '@/router';
import { json, makeToken, mockFetch } from '@/test/fetchMock';

describe('mails resource', () => {
  it('lists what the service sent, newest first, with to, subject, when and where its delivery stands', async () => {
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
                delivery: 'outbox',
              },
              {
                id: 8,
                to: 'bo@acme.example',
                subject: 'Verification QC1 for Bo: Verified',
                createdAt: '2026-11-20T09:00:00Z',
                delivery: 'failed',
                error: 'No such user here',
              },
            ],
            { headers: { 'Content-Range': 'mails 0-1/2' } },
          )
        : undefined,
    );
    render(
      <RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/console/mails'] })} />,
    );

    const row = (await screen.findByText('ann@acme.example')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Please check your email')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Outbox only')).toBeInTheDocument();
    const failed = (await screen.findByText('bo@acme.example')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    for (const name of ['To', 'Subject', 'Created', 'Delivery'])
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    expect(decodeURIComponent(String(fetch.mock.calls[0][0]))).toContain('sort=["createdAt","DESC"]');
  });
});

describe('one mail', () => {
  it('shows where its delivery stands: waiting, or failed with the error of its last attempt', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test' }), 'r');
    const mail = (id: number, over: Record<string, unknown>) => ({
      id,
      to: 'ann@acme.example',
      subject: `Mail ${id}`,
      template: 'passwordReset',
      text: 'Hello',
      createdAt: '2026-11-20T10:00:00Z',
      sentAt: null,
      error: null,
      ...over,
    });
    mockFetch((url) =>
      url.startsWith('/admin/mails/1')
        ? json(mail(1, { delivery: 'waiting' }))
        : url.startsWith('/admin/mails/2')
          ? json(mail(2, { delivery: 'failed', error: 'No such user here' }))
          : undefined,
    );
    const { unmount } = render(
      <RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/console/mails/1/show'] })} />,
    );
    expect(await screen.findByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Delivery')).toBeInTheDocument();
    unmount();
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/console/mails/2/show'] })} />);
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.getByText(/No such user here/)).toBeInTheDocument();
  });
});
