import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstituteSummary } from '@/features/ordering/api/ordering';
import { renderWizard, serveWizard } from '@/features/ordering/test/fixtures';
import { json } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const refused = (status: number) =>
  json({ errors: [{ message: `The API's own words (${status})` }] }, { status });

const GB_EMPLOYMENT: InstituteSummary = {
  id: 'QC_EMP_VER_GB',
  name: 'EMPVQCI',
  names: [{ name: 'EMPVQCI' }],
  region: { id: 'GB', name: 'United Kingdom' },
  product: { price: 49 },
  surcharge: 0,
  totalPrice: 49,
  credits: null,
  readOnly: false,
  children: 0,
};

/** Every error toast shown so far (the API's own words must not be among them: the wizard says it once, its way). */
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');

describe("the wizard when an institute cannot be read (verifications 8: 'the loader closes')", () => {
  it("an institute chosen elsewhere (?institute=): 'Failed to get Institute Details', then the search", async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard((req) => (req.path === '/v1/institute/gone' ? refused(404) : undefined));
    renderWizard('/verification/new?institute=gone');
    expect(await screen.findByText('Failed to get Institute Details')).toBeInTheDocument();
    expect(await screen.findByLabelText('Institute name')).toBeInTheDocument();
    expect(screen.queryByText('Loading institute details…')).not.toBeInTheDocument();
    expect(alerts().join(' ')).not.toContain("The API's own words");
  });

  it("an employment check whose country cannot be read: 'Failed to build employment verification', the country again", async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard((req) => {
      if (req.path === '/v1/institute/summary' && req.query.get('name') === 'EMPVQCI')
        return json({ content: [GB_EMPLOYMENT], totalSize: 1 });
      if (req.path === '/v1/institute/QC_EMP_VER_GB') return refused(503);
      return undefined;
    });
    const user = userEvent.setup();
    renderWizard('/verification/new?nemp=1');
    await user.click(await screen.findByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    expect(
      await screen.findByText('Failed to build employment verification', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Country/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading institute details…')).not.toBeInTheDocument();
    expect(alerts().join(' ')).not.toContain("The API's own words");
  });

  it("a check with a fixed institute (the English test) that cannot be made: 'Error adding new verifications. Please try again.'", async () => {
    signInAs({ paymentType: 'INVOICE', allowedTypes: '["elc"]' });
    serveWizard((req) => (req.path === '/v1/institute/QC_EL_VER' ? refused(404) : undefined));
    renderWizard('/verification/new');
    expect(await screen.findByText('Error adding new verifications. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading institute details…')).not.toBeInTheDocument());
    expect(alerts().join(' ')).not.toContain("The API's own words");
  });
});
