import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareView } from '@credence/api-contract';
import { SharingCenter } from '@/features/sharing/components/SharingCenter';
import { ShareViewScreen } from '@/features/share-view/components/ShareViewScreen';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { sessionStore } from '@/shared/session/sessionStore';
import { signInAs } from '@/test/session';
import { detail, INSTITUTE, renderAt, seriousViolations } from '@/features/verifications/test/fixtures';

const share = (over: Partial<ShareView> = {}): ShareView => ({
  id: 'AbCdEfGhIjKlMnOpQrStUvWx',
  type: 'PRIVATE',
  key: 'hr@employer.test',
  extra: 'Invited, not yet registered.',
  registeredName: null,
  created: '2026-11-20T10:00:00Z',
  expiresAt: null,
  viewCount: 0,
  lastViewed: null,
  views: [],
  ...over,
});

/** The wallet's shares on a little server: POST adds, DELETE removes, GET lists. */
function walletServer(initial: ShareView[] = []) {
  let shares = [...initial];
  const posted: unknown[] = [];
  const fetch = mockFetch((req: MockRequest) => {
    if (req.path === '/v1/wallet/share' && req.method === 'GET') return json(shares);
    if (req.path === '/v1/application' && req.method === 'GET') return json({ content: [], totalSize: 0 });
    if (req.path === '/v1/wallet/share' && req.method === 'POST') {
      posted.push(req.body);
      const body = req.body as { type: 'PRIVATE' | 'PUBLIC'; key?: string };
      const made = share({ id: `id${shares.length}xxxxxxxxxxxxxxxxxxx`, type: body.type, key: body.key ?? `id${shares.length}`, extra: body.type === 'PRIVATE' ? 'Invited, not yet registered.' : null });
      shares = [...shares, made];
      return json(made, { status: 201 });
    }
    if (req.path.startsWith('/v1/wallet/share/') && req.method === 'DELETE') {
      shares = shares.filter((s) => `/v1/wallet/share/${s.id}` !== req.path);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { fetch, posted };
}

const renderCenter = () => {
  signInAs({ isIndividual: true });
  return renderRoutes([{ path: '/wallet', element: <SharingCenter scope={{ kind: 'WALLET' }} /> }], '/wallet');
};

describe('Sharing Center (verifications 2.12)', { timeout: 30_000 }, () => {
  it('shares the wallet privately: the characters left, Share, the toast and the invitee row', async () => {
    const { posted } = walletServer();
    renderCenter();
    expect(await screen.findByText('This verification wallet is not being privately shared with anyone.')).toBeInTheDocument();
    expect(screen.getByText('Only Verified results from your wallet will be visible to third parties you share it with.')).toBeInTheDocument();
    // The Applications section (2.12), empty.
    expect(await screen.findByText('No applications made.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Privately share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privately share' });
    expect(within(dialog).getByText('500 character(s) left')).toBeInTheDocument();
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Email/), 'hr@employer.test');
    expect(within(dialog).getByText('484 character(s) left')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Private share added.')).toBeInTheDocument();
    expect(posted).toEqual([{ type: 'PRIVATE', key: 'hr@employer.test', expiresAt: null }]);
    const row = (await screen.findByText('hr@employer.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invited, not yet registered.')).toBeInTheDocument();
  });

  it('refuses an invalid e-mail in the modal without calling the API', async () => {
    const { posted } = walletServer();
    renderCenter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Privately share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privately share' });
    await user.type(within(dialog).getByLabelText(/Email/), 'not an email');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('generates a public link after confirming, copies it, and deletes it after confirming', async () => {
    walletServer();
    renderCenter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate public sharing link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generate public sharing link' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to add a public sharing url? Anyone with this url will be able to view your verification wallet. You can delete it any time.',
      ),
    ).toBeInTheDocument();
    expect(await seriousViolations(confirm)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Public share added.')).toBeInTheDocument();
    expect(((await screen.findByLabelText('Public link')) as HTMLInputElement).value).toMatch(/\/view\/id0x+$/);

    // The confirm dialog fades out first (the page is aria-hidden until then).
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete share' });
    expect(within(del).getByText('Nobody will be able to view your verification wallet any longer.')).toBeInTheDocument();
    await user.click(within(del).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Share deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Generate public sharing link' })).toBeInTheDocument();
  });

  it('confirms a private delete naming the invitee, and shows only the first public share', async () => {
    walletServer([
      share({ extra: 'Registered as Hannah Recruiter.', registeredName: 'Hannah Recruiter', viewCount: 2, lastViewed: '2026-11-21T09:00:00Z' }),
      share({ id: 'firstpublicxxxxxxxxxxxxx', type: 'PUBLIC', key: 'firstpublicxxxxxxxxxxxxx', extra: null, created: '2026-11-01T00:00:00Z' }),
      share({ id: 'secondpublicxxxxxxxxxxxx', type: 'PUBLIC', key: 'secondpublicxxxxxxxxxxxx', extra: null, created: '2026-11-02T00:00:00Z' }),
    ]);
    const { container } = renderCenter();
    expect(await screen.findByText('Registered as Hannah Recruiter.')).toBeInTheDocument();
    expect(screen.getByText(/Viewed 2 times, last/)).toBeInTheDocument();
    expect((screen.getByLabelText('Public link') as HTMLInputElement).value).toMatch(/firstpublic/);
    const table = screen.getByRole('table', { name: 'Private shares' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email', 'Details', 'Date Shared', 'Activity', 'Actions']);
    expect(await seriousViolations(container)).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete the private share with hr@employer.test' }));
    const del = await screen.findByRole('dialog', { name: 'Delete share' });
    expect(
      within(del).getByText('Are you sure you want to delete this private share? User hr@employer.test will no longer be able to view your verification wallet'),
    ).toBeInTheDocument();
    expect(await seriousViolations(del)).toEqual([]);
  });

  describe('Copy where the Clipboard API is missing (plain http on a network address)', () => {
    const original = Object.getOwnPropertyDescriptor(document, 'execCommand');
    afterEach(() => {
      if (original) Object.defineProperty(document, 'execCommand', original);
      else delete (document as { execCommand?: unknown }).execCommand;
    });
    const withoutClipboard = async (copied: boolean) => {
      walletServer([share({ id: 'firstpublicxxxxxxxxxxxxx', type: 'PUBLIC', key: 'firstpublicxxxxxxxxxxxxx', extra: null })]);
      renderCenter();
      const user = userEvent.setup();
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      const execCommand = vi.fn(() => copied);
      Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
      await user.click(await screen.findByRole('button', { name: 'Copy' }));
      expect(execCommand).toHaveBeenCalledWith('copy');
      const field = screen.getByLabelText('Public link') as HTMLInputElement;
      expect(field.selectionStart).toBe(0);
      expect(field.selectionEnd).toBe(field.value.length);
    };

    it('copies the selected link with the copy command', async () => {
      await withoutClipboard(true);
      expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    });

    it('says so when nothing could copy it, and leaves the link selected', async () => {
      await withoutClipboard(false);
      expect(await screen.findByText('The link could not be copied for you: it is selected, copy it from the field.')).toBeInTheDocument();
      expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    });
  });
});

describe('public share view (/view/{id})', { timeout: 30_000 }, () => {
  const renderView = () =>
    renderRoutes(
      [
        { path: '/view/:id', element: <ShareViewScreen /> },
        { path: '*', element: <Where /> },
      ],
      '/view/AbCdEfGhIjKlMnOpQrStUvWx',
    );

  it('shows the shared wallet headed with the person, only non-empty pockets, no pending or action counts', async () => {
    mockFetch((req) =>
      req.path === '/v1/share/AbCdEfGhIjKlMnOpQrStUvWx'
        ? json([
            {
              type: 'UNI',
              name: 'University of Demo',
              instituteName: 'University of Demo',
              instituteCountry: 'United Kingdom',
              fields: { firstname: 'Indy', middlename: null, surname: 'Individual' },
              result: 'VERIFIED',
              resultLabel: 'Verified',
              resultDetail: null,
              recorded: '2026-11-01T00:00:00Z',
              approvedDate: '2026-11-02T00:00:00Z',
              accreditationStatus: null,
            },
          ])
        : undefined,
    );
    const { container } = renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Indy Individual' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    expect(screen.getByRole('heading', { name: /^Education History/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Identity/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/pending|action required/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add another|View/ })).not.toBeInTheDocument();
  });

  it('answers the 204 with the spec text', async () => {
    mockFetch((req) => (req.path.startsWith('/v1/share/') ? new Response(null, { status: 204 }) : undefined));
    const { container } = renderView();
    expect(
      await screen.findByRole('heading', { name: 'This verification or wallet could not be found, or the owner has stopped sharing it with you.' }),
    ).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    expect(screen.getByText('Please close this window.')).toBeInTheDocument();
  });

  it('signed out, the 204 also offers to sign in, and comes back to the share afterwards', async () => {
    sessionStore.signOut('logout');
    mockFetch((req) => (req.path.startsWith('/v1/share/') ? new Response(null, { status: 204 }) : undefined));
    const { container } = renderView();
    expect(await screen.findByText('If it was shared with you privately, sign in with the e-mail address it was sent to.')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(sessionStore.takeRedirect()).toBe('/view/AbCdEfGhIjKlMnOpQrStUvWx');
  });

  it('signed in, the 204 is only the spec text (the share is not for this account)', async () => {
    signInAs({ isIndividual: true });
    mockFetch((req) => (req.path.startsWith('/v1/share/') ? new Response(null, { status: 204 }) : undefined));
    renderView();
    expect(await screen.findByText('Please close this window.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows Oops! when the share cannot be loaded', async () => {
    mockFetch((req) => (req.path.startsWith('/v1/share/') ? json({ errors: [{ message: 'boom' }] }, { status: 500 }) : undefined));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Oops!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong loading this verification request. Please try again or report this error.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument());
  });
});

describe('the verification view opens the Sharing Center of that verification', { timeout: 30_000 }, () => {
  it('for an individual with sharing enabled, on a result', async () => {
    signInAs({ isIndividual: true });
    const v = detail();
    const calls: string[] = [];
    mockFetch((req) => {
      calls.push(`${req.method} ${req.path}`);
      if (req.path === `/v1/verification/${v.id}/share`) return json([]);
      if (req.path === '/v1/application') return json({ content: [], totalSize: 0 });
      if (req.path === `/v1/verification/${v.id}`) return json(v);
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    renderAt(`/verification/history/${v.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sharing Center' }));
    expect(await screen.findByText('This verification is not being privately shared with anyone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate public sharing link' })).toBeInTheDocument();
    expect(calls).toContain(`GET /v1/verification/${v.id}/share`);
    expect(await screen.findByText('No applications made.')).toBeInTheDocument();
  });

  it('not when sharing is disabled', async () => {
    signInAs({ isIndividual: true, sharingDisabled: true });
    const v = detail();
    mockFetch((req) => (req.path === `/v1/verification/${v.id}` ? json(v) : req.path === '/v1/institute/uni-demo' ? json(INSTITUTE) : undefined));
    renderAt(`/verification/history/${v.id}`);
    await screen.findByRole('region', { name: 'Result' });
    expect(screen.queryByRole('button', { name: 'Sharing Center' })).not.toBeInTheDocument();
  });
});
