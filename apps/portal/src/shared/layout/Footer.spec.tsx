import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

describe('Footer', () => {
  it('shows the app version and the version the API reports', async () => {
    const fetch = mockFetch((req) => (req.path === '/v1/info/' ? json({ version: '3.4.5' }) : undefined));
    renderApp('/login');

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('App version 2.1.4c');
    expect(await screen.findByText('API version 3.4.5')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/v1/info/')).toHaveLength(1);
  });

  it('links the terms, privacy, cookie, data-protection and contact pages in a new tab', () => {
    mockFetch();
    renderApp('/login');

    for (const name of ['Terms', 'Privacy', 'Cookies', 'Data protection', 'Contact']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('leaves the API version out when the API cannot say', async () => {
    const fetch = mockFetch((req) => (req.path === '/v1/info/' ? json({}, { status: 503 }) : undefined));
    renderApp('/login');

    await expect.poll(() => fetch.mock.calls.length).toBeGreaterThan(0);
    await expect.poll(() => screen.getByRole('contentinfo').textContent).not.toContain('API version');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('App version 2.1.4c');
  });
});
