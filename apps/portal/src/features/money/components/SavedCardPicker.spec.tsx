import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { renderMoney } from '@/features/money/test/renderMoney';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const info = {
  credit: 0,
  btToken: null,
  vatPayer: true,
  usesTokens: false,
  currency: 'GBP',
  currencySymbol: '£',
  unseenInvoices: 0,
};
const visa = {
  id: 'sbx_visa',
  cardType: 'Visa',
  last4: '1111',
  expiry: '12/2030',
  label: 'Visa ending 1111',
};
const slow = { timeout: 10_000 };

/** The card form's API with saved cards that DELETE removes. */
function api(cards: (typeof visa)[]) {
  let saved = [...cards];
  const seen: MockRequest[] = [];
  const fetch = mockFetch((req) => {
    seen.push(req);
    if (req.path === '/v1/credit' && req.method === 'GET') {
      return json(
        req.query.get('includeBTToken') === 'true' ? { ...info, btToken: 'sandbox_eyJ0Ijp0cnVlfQ' } : info,
      );
    }
    if (req.path === '/v1/credit/cards' && req.method === 'GET') return json(saved);
    if (req.path === '/v1/credit/cards/sbx_visa/nonce' && req.method === 'POST')
      return json({ nonce: 'tokencc_sbx_one' });
    if (req.path === '/v1/credit/cards/sbx_visa' && req.method === 'DELETE') {
      saved = saved.filter((c) => c.id !== 'sbx_visa');
      return new Response(null, { status: 204 });
    }
    if (req.path === '/v1/credit' && req.method === 'POST') return json({ total: 10, id: 'INV-3001' });
    return undefined;
  });
  return { fetch, seen };
}

describe('Save card for later: the saved cards at the next payment (money 2.9)', { timeout: 90_000 }, () => {
  it('offers the saved card masked to pick, and pays with it through a nonce made for it', async () => {
    signInAs({ sub: 'alice@acme.test' });
    const { seen } = api([visa]);
    const { router, container } = renderMoney('/credit/buy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const pick = await screen.findByRole('radiogroup', { name: 'Pay with' }, slow);
    // A new card stays the default: its fields show until a saved card is picked.
    expect(within(pick).getByRole('radio', { name: 'A new card' })).toBeChecked();
    expect(screen.getByLabelText(/^Card number/)).toBeInTheDocument();
    await user.click(within(pick).getByRole('radio', { name: 'Visa ending 1111 (expires 12/2030)' }));
    expect(within(pick).getByRole('radio', { name: 'Visa ending 1111 (expires 12/2030)' })).toBeChecked();
    // A saved card needs no card details, and is saved already.
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    expect(screen.queryByLabelText('Save card for later')).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit/history/INV-3001'), slow);
    const post = seen.find((r) => r.path === '/v1/credit' && r.method === 'POST');
    expect(post?.body).toEqual({ amount: 10, btNonce: 'tokencc_sbx_one', btSaveCard: false });
  });

  it('takes a new card instead (the default), with its details and the Save card for later switch', async () => {
    signInAs({ sub: 'alice@acme.test' });
    const { seen } = api([visa]);
    renderMoney('/credit/buy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await user.click(await screen.findByRole('radio', { name: 'Visa ending 1111 (expires 12/2030)' }, slow));
    await user.click(screen.getByRole('radio', { name: 'A new card' }));
    await user.type(await screen.findByLabelText(/^Card number/), '5555555555554444');
    await user.type(screen.getByLabelText(/^Expiration date/), '1230');
    await user.type(screen.getByLabelText(/^CVV/), '123');
    expect(screen.getByRole('switch', { name: 'Save card for later' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(
      () => expect(seen.some((r) => r.path === '/v1/credit' && r.method === 'POST')).toBe(true),
      slow,
    );
    expect(seen.find((r) => r.path === '/v1/credit' && r.method === 'POST')?.body).toEqual({
      amount: 10,
      btNonce: 'fake-valid-mastercard-nonce',
      btSaveCard: true,
    });
    expect(seen.some((r) => r.path.endsWith('/nonce'))).toBe(false);
  });

  it('removes a saved card after a confirmation; the form then asks for a new card', async () => {
    signInAs({ sub: 'alice@acme.test' });
    const { seen } = api([visa]);
    renderMoney('/credit/buy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await user.click(await screen.findByRole('radio', { name: 'Visa ending 1111 (expires 12/2030)' }, slow));
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove saved card' });
    expect(
      within(dialog).getByText(
        'Remove the saved Visa ending 1111? You can save it again with your next payment.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(
      () =>
        expect(seen.some((r) => r.method === 'DELETE' && r.path === '/v1/credit/cards/sbx_visa')).toBe(true),
      slow,
    );
    expect(await screen.findByLabelText(/^Card number/, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('shows no choice to an account without saved cards', async () => {
    signInAs({ sub: 'alice@acme.test' });
    api([]);
    renderMoney('/credit/buy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByLabelText(/^Card number/, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
