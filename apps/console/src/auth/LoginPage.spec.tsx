import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { consoleRoutes } from '@/router';
import { loginResponse, mockFetch } from '@/test/fetchMock';

function renderConsole(url = '/console/') {
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('console login page', () => {
  it('is where a signed-out visitor lands, branded for staff', async () => {
    mockFetch(() => undefined);
    const router = renderConsole('/console/');

    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Credence console' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email address \/ Username/ })).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/login');
  });

  it('shows the refusal to a customer who signs in here', async () => {
    const { response } = loginResponse({ sub: 'ann@acme.example' });
    mockFetch((url, init) => {
      if (url === '/v1/auth' && init.method === 'POST') return response;
      if (url === '/v1/auth') return new Response(null, { status: 204 });
      return undefined;
    });
    renderConsole('/console/login');
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('textbox', { name: /Email address \/ Username/ }),
      'ann@acme.example',
    );
    await user.type(screen.getByLabelText(/^Password/), 'Secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('This console is for Credence staff. Please sign in to the portal instead.'),
    ).toBeInTheDocument();
  });

  it('opens the service overview for staff', async () => {
    const { response } = loginResponse({ sub: 'sam@credence.test', authorities: [{ authority: 'ROLE_QC_ADMIN' }] });
    mockFetch((url) => (url === '/v1/auth' ? response : undefined));
    const router = renderConsole('/console/login');
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('textbox', { name: /Email address \/ Username/ }),
      'sam@credence.test',
    );
    await user.type(screen.getByLabelText(/^Password/), 'Secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Service overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/');
    expect(screen.getByText(/Signed in as sam@credence.test/)).toBeInTheDocument();
  });
});
