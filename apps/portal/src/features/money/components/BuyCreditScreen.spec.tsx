import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { renderMoney } from '@/features/money/test/renderMoney';
import { queryKeys } from '@/shared/query/queryKeys';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const info = { credit: 12.5, btToken: null, vatPayer: true, usesTokens: false, currency: 'GBP', currencySymbol: '£', unseenInvoices: 0 };

function api(pay: (req: MockRequest) => Response) {
  return mockFetch((req) => {
    if (req.path === '/v1/credit' && req.method === 'GET') {
      return json(req.query.get('includeBTToken') === 'true' ? { ...info, btToken: 'sandbox_eyJ0Ijp0cnVlfQ' } : info);
    }
    if (req.path === '/v1/credit' && req.method === 'POST') return pay(req);
    return undefined;
  });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiration date/), '1230');
  await user.type(screen.getByLabelText(/^CVV/), '123');
}

describe('Buy Credit (/credit/buy, money 2.11, 2.9)', () => {
  it("shows the 'Credit Order' form, pays by card, raises the balance and opens the new invoice", async () => {
    signInAs({ sub: 'alice@acme.test' });
    const fetch = api(() => json({ total: 50, id: 'INV-2001' }));
    const { router, queryClient, container } = renderMoney('/credit/buy');
    expect(await screen.findByRole('heading', { name: 'Credit Order' })).toBeInTheDocument();
    expect(screen.getByText('£12.50')).toBeInTheDocument();
    const extra = screen.getByLabelText('Extra credit (£)');
    expect(extra).toHaveValue(10);
    expect(screen.getByLabelText('Set extra credit to 0 in order to use your current credit')).toBeInTheDocument();
    expect(screen.getByLabelText('Current credit is not used when purchasing extra credit')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    const user = userEvent.setup();
    await user.clear(extra);
    await user.tab();
    expect(extra).toHaveValue(1);
    await user.clear(extra);
    await user.type(extra, '5000');
    await user.tab();
    expect(extra).toHaveValue(1000);
    await user.clear(extra);
    await user.type(extra, '50');
    await user.tab();
    expect(screen.getByRole('row', { name: 'Total £50.00' })).toBeInTheDocument();

    queryClient.setQueryData(queryKeys.credit.summary(), { credit: 12.5, unseenInvoices: 0 });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await fillCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit/history/INV-2001'));
    expect(await screen.findByText('Invoice INV-2001 has been saved to your invoices history.')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url, init]) => String(url).endsWith('/v1/credit') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 50, btNonce: 'fake-valid-mastercard-nonce', btSaveCard: true });
    expect(queryClient.getQueryState(queryKeys.credit.summary())?.isInvalidated).toBe(true);
  });

  it('tells the card form when the payment is refused, and buys nothing', async () => {
    signInAs({ sub: 'alice@acme.test' });
    api(() => json({ errors: [{ message: 'Do Not Honor' }] }, { status: 402 }));
    const { router } = renderMoney('/credit/buy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await fillCard(user, '4000111111111115');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Do Not Honor')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/credit/buy');
  });
});
