import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_CHANGES, queryKeys } from '@/shared/query/queryKeys';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { claimsOf, signInAs } from '@/test/session';

const account = {
  firstname: 'Ann',
  lastname: 'Able',
  username: 'ann@acme.example',
  tcsVersion: 3,
  interuptMessageAck: '2024-01-01',
};

function meta(pending: number) {
  return json({ resultCounts: [{ key: 'PENDING', value: pending }], pendingCount: 0 });
}

function shellApi(extra: (req: MockRequest) => Response | Promise<Response> | undefined) {
  return mockFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/v1/account' && req.method === 'GET') return json(account);
    if (req.path === '/v1/notice') return json({ content: [] });
    return undefined;
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([u]) => String(u).split('?')[0] === path).length;

async function openNav() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('navigation', { name: 'Main' });
}

async function openMenu() {
  const user = userEvent.setup();
  // After the phone menu closes, the top bar is back once its transition has ended.
  await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: /Account menu/ }));
  return screen.findByRole('menu');
}

describe('the shell reads its badges and balance from the query cache', () => {
  it('asks once for everything the sidebar and the user menu both show', async () => {
    const fetch = shellApi((req) => {
      if (req.path === '/v1/verification/meta') return meta(2);
      if (req.path === '/v1/credit') return json({ credit: 7, unseenInvoices: 3 });
      return undefined;
    });
    signInAs();
    renderApp('/home');
    const nav = await openNav();
    expect(await within(nav).findByLabelText('3 unseen')).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    await openMenu();
    expect(await screen.findByText('Current credit: £7.00')).toBeInTheDocument();
    // The Invoices badge and the balance are one answer of GET /credit.
    expect(calls(fetch, '/v1/credit')).toBe(1);
    expect(calls(fetch, '/v1/verification/meta')).toBe(1);
    expect(calls(fetch, '/v1/account')).toBe(1);
  });

  it('updates the badges and the balance when an order invalidates what it changes', async () => {
    let pending = 2;
    let credit = 10;
    shellApi((req) => {
      if (req.path === '/v1/verification/meta') return meta(pending);
      if (req.path === '/v1/credit') return json({ credit, unseenInvoices: 0 });
      return undefined;
    });
    signInAs();
    const { queryClient } = renderApp('/home');
    const nav = await openNav();
    expect(await within(nav).findByLabelText('2 in progress')).toBeInTheDocument();

    pending = 5;
    credit = 4;
    await act(() =>
      Promise.all(ORDER_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    );

    expect(await within(nav).findByLabelText('5 in progress')).toBeInTheDocument();
    expect(within(nav).queryByLabelText('2 in progress')).not.toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    await openMenu();
    expect(await screen.findByText('Current credit: £4.00')).toBeInTheDocument();
  });

  it('leaves out a part that fails, and shows the others', async () => {
    shellApi((req) => {
      if (req.path === '/v1/verification/meta')
        return json({ errors: [{ message: 'down' }] }, { status: 400 });
      if (req.path === '/v1/credit') return json({ credit: 1, unseenInvoices: 6 });
      return undefined;
    });
    signInAs();
    renderApp('/home');
    const nav = await openNav();
    expect(await within(nav).findByLabelText('6 unseen')).toBeInTheDocument();
    expect(within(nav).queryByLabelText(/in progress|need action/)).not.toBeInTheDocument();
    // Spec 8: the shell's calls fail silently.
    expect(screen.queryByText('down')).not.toBeInTheDocument();
  });

  it("never shows the previous user's balance to the next user", async () => {
    let bobsCredit: (r: Response) => void = () => undefined;
    const bob = makeToken(claimsOf({ sub: 'bob@acme.example' }));
    shellApi((req) => {
      if (req.path !== '/v1/credit') return undefined;
      // Bob's balance is slow to come: until it does, the menu must not show Ann's.
      if (req.headers.get('X-AUTH-TOKEN') !== bob) return json({ credit: 12.5 });
      return new Promise<Response>((resolve) => (bobsCredit = resolve));
    });
    signInAs();
    const { queryClient } = renderApp('/home');
    await openMenu();
    expect(await screen.findByText('Current credit: £12.50')).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');

    act(() => sessionStore.signIn(bob, 'r2'));

    expect(queryClient.getQueryData(queryKeys.credit.summary())).toBeUndefined();
    await openMenu();
    expect(screen.getByText('bob@acme.example', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText(/Current credit/)).not.toBeInTheDocument();

    await act(async () => bobsCredit(json({ credit: 3 })));
    expect(await screen.findByText('Current credit: £3.00')).toBeInTheDocument();
  });
});

describe('open applications (spec 2.3, 2.5)', () => {
  it('shapes the sidebar from the count made at sign-in until the shell has counted, then follows the count', async () => {
    let answer: (r: Response) => void = () => undefined;
    shellApi((req) =>
      req.path === '/v1/application'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : req.path === '/v1/credit'
          ? json({})
          : undefined,
    );
    signInAs({ isIndividual: true, isApplicant: true });
    sessionStore.setOpenApplicationsAtSignIn(2);
    renderApp('/applications/open');
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'Open Applications' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: "I'm Verified Wallet" })).not.toBeInTheDocument();

    await act(async () => answer(json({ totalSize: 0, content: [] })));
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Open Applications' })).not.toBeInTheDocument(),
    );
    expect(within(nav).getByRole('link', { name: "I'm Verified Wallet" })).toBeInTheDocument();
  });
});
