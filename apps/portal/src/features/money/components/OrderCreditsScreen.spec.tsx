import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_NOT_SENT, ORDER_SENT_TEXT } from '@/features/money/components/OrderCreditsScreen';
import { orderCreditsFormErrors, orderCreditsDefaults } from '@/features/money/components/orderCreditsForm';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { renderMoney } from '@/features/money/test/renderMoney';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const TOKEN = { sub: 'dave@initech.test', paymentType: 'TOKEN' };

describe('Order Credits (/credit/order, money 2.12, 5)', () => {
  it('sends the order and shows Order sent', async () => {
    signInAs(TOKEN);
    const fetch = mockFetch((req) =>
      req.method === 'POST' && req.path === '/v1/credit/order' ? json({ id: 'o-1', toBuy: 25 }) : undefined,
    );
    renderMoney('/credit/order');
    expect(await screen.findByRole('heading', { name: 'Order Credits' })).toBeInTheDocument();
    expect(screen.getByText('Please fill out this form to order more credits. You will be contacted for payment.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('dave@initech.test');
    expect(screen.getByLabelText(/^Number of credits/)).toHaveValue(1);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Dave Bolton');
    await user.type(screen.getByLabelText(/^Organisation/), 'Initech');
    await user.type(screen.getByLabelText(/^Department \/ Faculty/), 'Admissions');
    await user.clear(screen.getByLabelText(/^Number of credits/));
    await user.type(screen.getByLabelText(/^Number of credits/), '25');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByRole('heading', { name: 'Order sent' })).toBeInTheDocument();
    expect(screen.getByText(ORDER_SENT_TEXT)).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url, init]) => String(url).endsWith('/v1/credit/order') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Dave Bolton',
      email: 'dave@initech.test',
      org: 'Initech',
      department: 'Admissions',
      toBuy: 25,
    });
  });

  it("starts with the account's name and organisation, which the user may change", async () => {
    signInAs(TOKEN);
    mockFetch((req) =>
      req.path === '/v1/account'
        ? json({ firstname: 'Dave', lastname: 'Dawson', username: 'dave@initech.test', company: { name: 'Initech' } })
        : undefined,
    );
    renderMoney('/credit/order');
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Dave Dawson'));
    expect(screen.getByLabelText(/^Organisation/)).toHaveValue('Initech');
    expect(screen.getByLabelText(/^Department \/ Faculty/)).toHaveValue('');
  });

  it('refuses a missing name and organisation and a number outside 1 to 1000', async () => {
    signInAs(TOKEN);
    const fetch = mockFetch();
    renderMoney('/credit/order');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Organisation is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Number of credits/));
    await user.type(screen.getByLabelText(/^Number of credits/), '1001');
    await user.tab();
    expect(await screen.findByText('Number of credits must be a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/credit/order'))).toBe(false);
  });

  it("says the order was NOT sent when the API refuses it", async () => {
    signInAs(TOKEN);
    mockFetch((req) =>
      req.path === '/v1/credit/order' ? json({ errors: [{ message: 'Something broke' }] }, { status: 500 }) : undefined,
    );
    renderMoney('/credit/order');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Dave');
    await user.type(screen.getByLabelText(/^Organisation/), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText(ORDER_NOT_SENT)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order sent' })).not.toBeInTheDocument();
  });

  it('puts the domain rule messages on their fields', () => {
    expect(orderCreditsFormErrors({ ...orderCreditsDefaults('x'), name: 'A', org: 'B' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(orderCreditsFormErrors({ ...orderCreditsDefaults(''), name: 'A', org: 'B', toBuy: '2.5' })).toEqual({
      email: 'Email is required.',
      toBuy: 'Number of credits must be a whole number from 1 to 1000.',
    });
  });

  it('has no serious axe violations, fresh and with every error showing', async () => {
    signInAs(TOKEN);
    mockFetch();
    const { container } = renderMoney('/credit/order');
    await screen.findByRole('heading', { name: 'Order Credits' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Name is required.');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
