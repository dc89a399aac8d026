import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/App';
import { EntryDetails, type EntryContext } from '@/features/ordering/components/EntryDetails';
import { NAIRA_WARNING, PaymentStep } from '@/features/ordering/components/PaymentStep';
import { ReviewStep } from '@/features/ordering/components/ReviewStep';
import { documentCards, newEntry, type WizardValues } from '@/features/ordering/wizard/model';
import { MONEY_QUOTE, UNI, seriousViolations } from '@/features/ordering/test/fixtures';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { DROPIN_SCRIPT } from '@/features/ordering/wizard/cardForm';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const ctx: EntryContext = { priceMode: 'prices', currency: 'GBP', refLabel: 'Your Reference', refRequired: false, inApplication: false, individual: false };

function Harness({ permissions, priceMode = 'prices' }: { permissions: number; priceMode?: EntryContext['priceMode'] }) {
  const entry = { ...newEntry('edu', { firstname: 'Jane', middlename: '', lastname: 'Doe', dob: '12/04/1995', customerReference: '' }, 'uni-demo'), prepared: true, documents: documentCards(UNI) };
  const { control, watch } = useRulesForm<WizardValues>({ defaultValues: { entries: [entry] }, validate: () => ({}) });
  const live = watch('entries.0');
  return <EntryDetails control={control} index={0} entry={live} institute={UNI} permissions={permissions} ctx={{ ...ctx, priceMode }} onChangeInstitute={() => undefined} />;
}

const renderHarness = (permissions: number, priceMode?: EntryContext['priceMode']) =>
  render(
    <AppProviders>
      <Harness permissions={permissions} priceMode={priceMode} />
    </AppProviders>,
  );

describe('the details of one verification under the permission bitmask (access 6.5)', () => {
  it('252 (a new verification): Change, the price breakdown, editable fields, Upload', () => {
    signInAs();
    mockFetch();
    renderHarness(252);
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Price breakdown' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upload Institute Consent Form' })).toBeInTheDocument();
  });

  it('56 (a saved draft): no Change and no price breakdown, fields and documents still editable', () => {
    signInAs();
    mockFetch();
    renderHarness(56);
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upload Institute Consent Form' })).toBeInTheDocument();
  });

  it("0: read-only fields, and a missing required document says 'Missing! The request is likely to be rejected!'", () => {
    signInAs();
    mockFetch();
    renderHarness(0);
    expect(screen.getByLabelText(/^First name/)).toBeDisabled();
    expect(screen.getByLabelText(/^Year of Graduation/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upload Institute Consent Form' })).not.toBeInTheDocument();
    expect(screen.getByText('Missing! The request is likely to be rejected!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add another document' })).not.toBeInTheDocument();
  });

  it('a token payer sees the cost in credits, no money', () => {
    signInAs({ paymentType: 'TOKEN_SINGLE_CREDIT' });
    mockFetch();
    renderHarness(252, 'credits');
    expect(screen.getByText('Cost: 1 credit')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
  });
});

describe('Payment Details: the sandbox card form (money 2.10)', () => {
  function renderPay(onPay: (nonce: string, save: boolean) => Promise<string | null>, btToken = 'sandbox_eyJ0Ijp0cnVlfQ', country = 'GB') {
    signInAs();
    mockFetch((req) => {
      if (req.path === '/v1/account') return json({ username: 'alice@acme.test', company: { name: 'Acme', addressCountry: { id: country } } });
      return req.path === '/v1/credit' && req.query.get('includeBTToken') === 'true' ? json({ credit: 0, btToken }) : undefined;
    });
    return render(
      <AppProviders>
        <PaymentStep amount={54} currency="GBP" email="alice@acme.test" submitting={false} onBack={() => undefined} onPay={onPay} />
      </AppProviders>,
    );
  }

  it('warns an account registered in Nigeria about Naira card limits, and no one else', async () => {
    const first = renderPay(async () => null, undefined, 'NG');
    expect(await screen.findByText(NAIRA_WARNING)).toBeInTheDocument();
    first.unmount();
    renderPay(async () => null);
    await screen.findByRole('button', { name: 'Pay' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(NAIRA_WARNING)).not.toBeInTheDocument();
  });

  async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
    await user.type(screen.getByLabelText(/^Card number/), number);
    await user.type(screen.getByLabelText(/^Expiration date/), '1230');
    await user.type(screen.getByLabelText(/^CVV/), '123');
  }

  it('checks the card, pays with a test card, saves it by default, and shows a refusal on the form', async () => {
    const onPay = vi.fn(async (nonce: string) => (nonce === 'fake-processor-declined-visa-nonce' ? 'Do Not Honor' : null));
    const user = userEvent.setup();
    const { container } = renderPay(onPay);
    expect(await screen.findByText('£54.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText('Credit card number is invalid.')).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
    await fillCard(user, '4000111111111115');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Do Not Honor');
    expect(onPay).toHaveBeenLastCalledWith('fake-processor-declined-visa-nonce', true);
    await user.clear(screen.getByLabelText(/^Card number/));
    await user.type(screen.getByLabelText(/^Card number/), '5555555555554444');
    await user.click(screen.getByRole('switch', { name: 'Save card for later' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onPay).toHaveBeenLastCalledWith('fake-valid-mastercard-nonce', false));
  }, 60_000);

  it('asks for the 3-D Secure challenge: the right code passes, a wrong one fails, Cancel sends nothing', async () => {
    const onPay = vi.fn(async () => null);
    const user = userEvent.setup();
    renderPay(onPay);
    await screen.findByRole('button', { name: 'Pay' });
    await fillCard(user, '4000000000001091');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    let challenge = await screen.findByRole('dialog', { name: '3-D Secure' });
    await user.click(within(challenge).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '3-D Secure' })).not.toBeInTheDocument());
    expect(onPay).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    challenge = await screen.findByRole('dialog', { name: '3-D Secure' });
    await user.type(within(challenge).getByLabelText('Verification code'), '0000');
    await user.click(within(challenge).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPay).toHaveBeenLastCalledWith('fake-three-d-secure-visa-failed-authentication-nonce', true));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '3-D Secure' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    challenge = await screen.findByRole('dialog', { name: '3-D Secure' });
    await user.type(within(challenge).getByLabelText('Verification code'), '1234');
    await user.click(within(challenge).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onPay).toHaveBeenLastCalledWith('fake-three-d-secure-visa-full-authentication-nonce', true));
  }, 60_000);

  it("warns for 10 s that the payment provider failed, with the advice, when its script cannot be loaded", async () => {
    renderPay(vi.fn(async () => null), 'production-client-token');
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(`script[src="${DROPIN_SCRIPT}"]`);
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    script.dispatchEvent(new Event('error'));
    const advice = /Our card payment provider could not be reached\. Please clear your browser's cache and try again; if it still fails, please contact support@credence\.test\./;
    expect(await screen.findAllByText(advice)).toHaveLength(2); // the warning toast, and the form's own alert
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    script.remove();
  });

  it("uses Braintree's drop-in, loaded from its script only then, when the API pays through Braintree", async () => {
    const onPay = vi.fn(async () => null);
    renderPay(onPay, 'production-client-token');
    await waitFor(() => expect(document.head.querySelector(`script[src="${DROPIN_SCRIPT}"]`)).not.toBeNull());
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});

describe('Review & Consent for a card payer (money 2.9)', () => {
  function Review() {
    const [value, setValue] = useState('0');
    return (
      <ReviewStep
        entries={[]}
        institutes={{}}
        quote={{ ...MONEY_QUOTE, paymentType: 'CARD', lines: [{ ...MONEY_QUOTE.lines[0], fee: 40.5, originalFee: 45 }] }}
        quoteLoading={false}
        individual={false}
        consent={false}
        onConsent={() => undefined}
        payByCard
        submitting={false}
        extraCredit={{ value, onChange: setValue }}
        onBack={() => undefined}
        onEdit={() => undefined}
        onEditEntry={() => undefined}
        addable={[]}
        onAdd={() => undefined}
        onNext={() => undefined}
      />
    );
  }

  it('offers extra credit from 0 to 1000 (empty reads 1) with its tooltips, strikes the old fee, and says Next', async () => {
    signInAs();
    mockFetch();
    const user = userEvent.setup();
    const { container } = render(
      <AppProviders>
        <Review />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Extra credit (£)');
    expect(input).toHaveValue(0);
    expect(screen.getByRole('button', { name: 'Set extra credit to 0 in order to use your current credit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Current credit is not used when purchasing extra credit' })).toBeInTheDocument();
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue(1);
    await user.clear(input);
    await user.type(input, '5000');
    await user.tab();
    expect(input).toHaveValue(1000);
    expect(screen.getByLabelText('was £45.00')).toHaveTextContent('£45.00');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByText('Nothing to pay!')).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("says 'Nothing to pay!' and Submit when the order costs nothing (the credit covers it)", () => {
    signInAs();
    mockFetch();
    render(
      <AppProviders>
        <ReviewStep
          entries={[]}
          institutes={{}}
          quote={{ ...MONEY_QUOTE, paymentType: 'CARD', currentCredit: 60, creditUsed: 54, total: 0 }}
          quoteLoading={false}
          individual={false}
          consent
          onConsent={() => undefined}
          payByCard
          submitting={false}
          onBack={() => undefined}
          onEdit={() => undefined}
          onEditEntry={() => undefined}
          addable={[]}
          onAdd={() => undefined}
          onNext={() => undefined}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to pay!');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
