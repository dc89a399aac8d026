import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VerificationListItem } from '@credence/api-contract';
import type { AuditEvent } from '@credence/domain';
import { DISCOUNT_NOTICE, WalletScreen } from '@/features/wallet/components/WalletScreen';
import { row, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';

const INDIVIDUAL = { sub: 'indy@mail.test', isIndividual: true, allowedTypes: '["edu","pli","pce","hsc"]' };

const EVENTS: AuditEvent[] = [
  { id: 'e1', type: 'VERIFICATION_USER_ACTION', event: 'Verification request submitted by indy@mail.test.', created: '2026-11-02T10:00:00.000Z' },
  { id: 'e2', type: 'VERIFICATION_INSTITUTE_ACTION', event: 'Irene Ingram (Registrar), University of Demo, changed status to Verified.', created: '2026-11-03T09:00:00.000Z' },
];

const item = (over: Partial<VerificationListItem>) => row({ username: 'indy@mail.test', company: { id: 'indy', name: 'Indy' }, ...over }) as VerificationListItem;

const WALLET = [
  item({ id: 'QCV1', result: 'VERIFIED', currentResult: 'VERIFIED', approvedDate: '2026-11-03T09:00:00.000Z', auditEvents: EVENTS }),
  item({ id: 'QCP1', result: 'PENDING', currentResult: 'PENDING', resultLabel: 'Pending', credential: 'History, Current student', auditEvents: [] }),
  item({ id: 'QCR1', result: 'REJECTED', currentResult: 'REJECTED', resultLabel: 'Action Required', instituteName: 'Demo College', auditEvents: [] }),
];

/** The wallet's calls: its verifications (with their timelines), the shares, what others shared. */
function walletServer(content: VerificationListItem[], more: (req: MockRequest) => Response | undefined = () => undefined) {
  const calls: string[] = [];
  mockFetch((req) => {
    calls.push(`${req.method} ${req.path}?${req.query.toString()}`);
    if (req.path === '/v1/verification') return json({ content, totalSize: content.length });
    if (req.path === '/v1/wallet/share') return json([]);
    if (req.path === '/v1/share') return json([]);
    return more(req);
  });
  return calls;
}

const renderWallet = () =>
  renderRoutes(
    [
      { path: '/wallet', element: <WalletScreen /> },
      { path: '*', element: <Where /> },
    ],
    '/wallet',
  );

describe("I'm Verified Wallet (verifications 2.12)", { timeout: 30_000 }, () => {
  it('shows the pockets with their counts, opens the only non-empty one, and each item with its timeline', async () => {
    signInAs(INDIVIDUAL);
    const calls = walletServer(WALLET);
    const { container } = renderWallet();
    const education = await screen.findByRole('button', { name: /^Education History/ });
    expect(education).toHaveAttribute('aria-expanded', 'true');
    expect(within(education).getByText('1 action required')).toBeInTheDocument();
    expect(within(education).getByText('1 pending')).toBeInTheDocument();
    expect(within(education).getByText('1 verified')).toBeInTheDocument();
    // Every pocket is there for an owner with sharing enabled, the empty ones closed.
    for (const title of ['High School History', 'Employment History', 'Professional Licences', 'Professional Certificates', 'Identity', 'SELT Validation', 'Academic Reference']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${title}`) })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(calls.find((c) => c.startsWith('GET /v1/verification?'))).toContain('includeAuditHistory=true');
    // Two entries from one university say which qualification each is.
    expect(screen.getAllByText('Computer Science, 2017')).toHaveLength(2);
    expect(screen.getByText('History, Current student')).toBeInTheDocument();

    // REJECTED reads 'Action Required' and is edited at its view; the others are viewed there.
    expect(screen.getByRole('link', { name: 'Edit Demo College' })).toHaveAttribute('href', '/verification/history/QCR1');
    expect(screen.getAllByText('Action Required').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText("This verification is being reviewed by the Institute's records staff. A notification will be sent by email when a result is ready.")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show the timeline of University of Demo' }));
    expect(await screen.findByText('Irene Ingram (Registrar), University of Demo, changed status to Verified.')).toBeInTheDocument();
    expect(screen.getByText('Verification request submitted by indy@mail.test.')).toBeInTheDocument();

    expect(await seriousViolations(container)).toEqual([]);
  });

  it("offers 'Add another {title} Verification' for the allowed types, with the wizard's flag for that type", async () => {
    signInAs(INDIVIDUAL);
    walletServer(WALLET);
    renderWallet();
    expect(await screen.findByRole('link', { name: 'Add another Education History Verification' })).toHaveAttribute('href', '/verification/new?nedu=1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^High School History/ }));
    expect(await screen.findByRole('link', { name: 'Add another High School History Verification' })).toHaveAttribute('href', '/verification/new?nhsc=1');
    // Individuals order no employment checks (6): no add link in that pocket.
    await user.click(screen.getByRole('button', { name: /^Employment History/ }));
    expect(await screen.findByText('No employment history verifications yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add another Employment History Verification' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add another Education History Verification' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/verification/new?nedu=1');
  });

  it('offers to add an identity check while the individual has none (2.12, 9), and not once they have one', async () => {
    // As the API issues the token: idCount 0, whatever the wallet holds.
    const withIdc = { ...INDIVIDUAL, allowedTypes: '["edu","idc"]', idCount: 0 };
    signInAs(withIdc);
    walletServer(WALLET);
    const user = userEvent.setup();
    const first = renderWallet();
    await user.click(await screen.findByRole('button', { name: /^Identity/ }));
    expect(await screen.findByRole('link', { name: 'Add another Identity Verification' })).toHaveAttribute('href', '/verification/new?idce=1');
    first.unmount();

    signInAs(withIdc);
    walletServer([...WALLET, item({ id: 'QCI1', type: 'IDENTITY', result: 'PENDING', currentResult: 'PENDING', auditEvents: [] })]);
    renderWallet();
    const identity = await screen.findByRole('button', { name: /^Identity/ });
    expect(within(identity).getByText('1 pending')).toBeInTheDocument();
    if (identity.getAttribute('aria-expanded') !== 'true') await user.click(identity);
    expect(identity).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'Add another Identity Verification' })).not.toBeInTheDocument();
  });

  it('Share opens the Sharing Center of the whole wallet', async () => {
    signInAs(INDIVIDUAL);
    walletServer(WALLET);
    // jsdom does not lay out or scroll: the call is what is checked.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { container } = renderWallet();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(await screen.findByText('Only Verified results from your wallet will be visible to third parties you share it with.')).toBeInTheDocument();
    expect(await screen.findByText('This verification wallet is not being privately shared with anyone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sharing Center' })).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('is empty with the spec text and its add link, and the discount notice when the account has one', async () => {
    // While the promotion runs (October to 5 November).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-20T10:00:00Z'));
    signInAs({ ...INDIVIDUAL, hasDiscount: true });
    walletServer([]);
    const { container } = renderWallet();
    expect(await screen.findByText('Your Verification Wallet is currently empty!')).toBeInTheDocument();
    expect(screen.getByText('Start building up your wallet by adding a new verification.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a new Verification' })).toHaveAttribute('href', '/verification/new');
    expect(screen.getByText(DISCOUNT_NOTICE)).toBeInTheDocument();
    // Nothing to share yet.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sharing Center' })).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    vi.useRealTimers();
  });

  it('leaves the discount notice out once the promotion has ended (after 5 November)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    signInAs({ ...INDIVIDUAL, hasDiscount: true });
    walletServer([]);
    renderWallet();
    expect(await screen.findByText('Your Verification Wallet is currently empty!')).toBeInTheDocument();
    expect(screen.queryByText(DISCOUNT_NOTICE)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("sharing disabled, an applicant: only the pockets with entries, no Share or add links, and the 'Applications' table", async () => {
    signInAs({ ...INDIVIDUAL, sub: 'anna@mail.test', isApplicant: true, sharingDisabled: true });
    walletServer(WALLET.slice(0, 1), (req) =>
      req.path === '/v1/application'
        ? json({
            content: [
              {
                id: 'A1',
                created: '2026-10-01T00:00:00.000Z',
                submitted: '2026-10-02T00:00:00.000Z',
                status: 'COMPLETED',
                owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 0 },
                verificationCount: 1,
                verifications: [],
              },
            ],
            totalSize: 1,
          })
        : undefined,
    );
    const { container } = renderWallet();
    expect(await screen.findByRole('button', { name: /^Education History/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^High School History/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sharing Center' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add another/ })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getByText('Acme Recruitment Ltd')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Verifications included' })).toBeInTheDocument();
    expect(screen.getByText(/^Please note any listed applications are closed\. If you need to add any additional verifications, please contact/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@credence.test' })).toHaveAttribute('href', 'mailto:support@credence.test');
    expect(await seriousViolations(container)).toEqual([]);
  });
});
