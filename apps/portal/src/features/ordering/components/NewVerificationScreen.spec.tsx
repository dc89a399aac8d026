import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstituteBody } from '@/features/ordering/api/ordering';
import { PDF_BYTES, renderWizard, serveWizard, seriousViolations, UNI, UNI_ROW } from '@/features/ordering/test/fixtures';
import { json } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

async function pickUniversity(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'University of Demo / UoD' }));
  await screen.findByRole('region', { name: 'Institute Details' });
}

async function fillJane(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Jane');
  await user.type(screen.getByLabelText(/^Last name/), 'Doe');
  await user.type(screen.getByLabelText(/^Date of birth/), '12041995');
  await user.type(screen.getByLabelText(/^Year of Graduation/), '2017');
  await user.type(screen.getByLabelText(/^Course \/ Subject/), 'Computer Science');
}

/** University of Demo with its Qualification list (reference data, ONLY), as the catalogue has it. */
const WITH_QUALIFICATIONS: InstituteBody = {
  ...UNI,
  fields: [
    { key: 'qualification', name: 'Qualification', description: null, required: true, type: 'TEXT', refData: 'ONLY', values: ['BSc (Hons)', 'MPhil', 'PhD', 'EdD'], value: null, mask: null },
    ...UNI.fields,
  ],
};
const serveQualifications = () => serveWizard((req) => (req.path === '/v1/institute/uni-demo' ? json(WITH_QUALIFICATIONS) : undefined));

async function chooseQualification(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Qualification/ }));
  await user.click(await screen.findByRole('option', { name }));
}

const pdf = (name: string) => new File([PDF_BYTES], name, { type: 'application/pdf' });

describe('New Verification wizard (verifications 2.2)', () => {
  it('opens on Start with a card per allowed type, its help text, and the step bar', async () => {
    signInAs();
    serveWizard();
    const { container } = renderWizard('/verification/new');
    const cards = await screen.findByRole('list', { name: 'Check types' });
    expect(within(cards).getAllByRole('listitem').map((li) => li.querySelector('h3')?.textContent)).toEqual([
      'Higher Education',
      'High School',
      'Employment History',
      'Professional License',
      'Professional Certificate',
    ]);
    expect(screen.getByText('Add one per qualification.')).toBeInTheDocument();
    expect(screen.getByText('Add one per institute.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Individual's Details" })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'New verification steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Start'),
      expect.stringContaining('Verification Details'),
      expect.stringContaining('Review & Consent'),
      expect.stringContaining('Payment Details'),
    ]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('offers an individual their own types, identity bounded to one, and an invoice payer no Payment Details', async () => {
    signInAs({ isIndividual: true, paymentType: 'INVOICE', allowedTypes: '["edu","idc","pli"]', sub: 'indy@mail.test' });
    serveWizard();
    renderWizard('/verification/new');
    expect(await screen.findByText('Max one per individual.')).toBeInTheDocument();
    expect(screen.getByLabelText('Number of Identity Document checks')).toHaveAttribute('max', '1');
    const steps = screen.getByRole('list', { name: 'New verification steps' });
    expect(within(steps).queryByText('Payment Details')).not.toBeInTheDocument();
  });

  it("refuses Next with no check chosen, in the spec's words, and creates the counted verifications", async () => {
    signInAs();
    serveWizard();
    const user = userEvent.setup();
    renderWizard('/verification/new');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('At least one type of check must be selected')).toBeInTheDocument();
    const edu = screen.getByLabelText('Number of Higher Education checks');
    await user.clear(edu);
    await user.type(edu, '2');
    await user.type(screen.getByLabelText('First name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const card = await screen.findByRole('region', { name: 'Education Verification' });
    // Two entries: an accordion of 'Higher Education Verification 1' and '... 2', the first open with its search.
    expect(within(card).getByText(/Higher Education Verification 1/)).toBeInTheDocument();
    expect(within(card).getByText(/Higher Education Verification 2/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add another Higher Education Verification' })).toBeInTheDocument();
  });

  it('goes straight to Verification Details for ?nedu=1, and shows prices to a card payer', async () => {
    signInAs();
    serveWizard();
    const { container } = renderWizard('/verification/new?nedu=1');
    expect(await screen.findByRole('heading', { name: 'Institute Search' })).toBeInTheDocument();
    expect(screen.getByText('Select an institute to verify where an individual studied at:')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Institutes' });
    for (const h of ['Name', 'Country', 'Our Price', 'Institute Surcharge', 'Total', 'Select']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(within(table).getByText('£45.00')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows credits to a token payer and no prices to an applicant whose owner pays', async () => {
    signInAs({ paymentType: 'TOKEN_SINGLE_CREDIT' });
    serveWizard();
    const first = renderWizard('/verification/new?nedu=1');
    const table = await screen.findByRole('table', { name: 'Institutes' });
    expect(within(table).getByRole('columnheader', { name: 'Credits' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Our Price' })).not.toBeInTheDocument();
    expect(await within(table).findByText('1 credit')).toBeInTheDocument();
    first.unmount();

    signInAs({ isIndividual: true, isApplicant: true, applicantPays: false, allowedTypes: '["edu"]' });
    renderWizard('/verification/new');
    const plain = await screen.findByRole('table', { name: 'Institutes' });
    expect(within(plain).queryByRole('columnheader', { name: 'Total' })).not.toBeInTheDocument();
    expect(within(plain).queryByRole('columnheader', { name: 'Credits' })).not.toBeInTheDocument();
  });

  it("opens a read-only institute's modal with its and its region's READONLY_INFO notices, and Ok (2.3)", async () => {
    signInAs();
    serveWizard((req) => {
      if (req.path === '/v1/institute/summary') return json({ content: [{ ...UNI_ROW, id: 'ro-1', name: 'Closed College', names: [{ name: 'Closed College' }], readOnly: true }], totalSize: 1 });
      if (req.path === '/v1/institute/ro-1')
        return json({
          ...UNI,
          id: 'ro-1',
          readOnly: true,
          notices: [{ type: 'READONLY_INFO', message: 'Ask the individual for a certified copy.' }, { type: 'INFO', message: 'Not for this modal.' }],
          region: { id: 'GB', name: 'United Kingdom', notices: [{ type: 'READONLY_INFO', message: 'Colleges in this region answer by post only.' }] },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderWizard('/verification/new?nedu=1');
    await user.click(await screen.findByRole('button', { name: 'Closed College' }));
    const dialog = await screen.findByRole('dialog', { name: 'Closed College' });
    expect(within(dialog).getByText('Unfortunately Credence cannot process verification requests for this institute.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Ask the individual for a certified copy.')).toBeInTheDocument();
    expect(within(dialog).getByText('Colleges in this region answer by post only.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Not for this modal.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Institute Details' })).not.toBeInTheDocument();
  });

  it('tells of no results, and offers Request a new institute to organisations', async () => {
    signInAs();
    serveWizard();
    const user = userEvent.setup();
    renderWizard('/verification/new?nedu=1');
    await user.type(await screen.findByLabelText('Institute name'), 'zzz');
    expect(await screen.findByRole('button', { name: 'Request a new institute' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a new institute' }));
    expect(await screen.findByRole('dialog', { name: 'Request a new institute' })).toBeInTheDocument();
  });

  it('fills the details (price breakdown, accreditation, documents), reviews the order and submits only with consent', async () => {
    signInAs({ paymentType: 'INVOICE' });
    const { calls } = serveWizard();
    const user = userEvent.setup();
    const { container, router } = renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    const details = screen.getByRole('region', { name: 'Institute Details' });
    expect(within(details).getByText('Records from 1990 onwards.')).toBeInTheDocument();
    expect(within(details).getByText(/Please ensure you use the specific Institute Consent Form required/)).toBeInTheDocument();
    const prices = within(details).getByRole('table', { name: 'Price breakdown' });
    expect(within(prices).getByText('£40.50')).toBeInTheDocument();
    expect(within(prices).getByText('£12.00')).toHaveStyle({ textDecoration: 'line-through' });
    await user.click(within(prices).getByRole('switch', { name: 'Institute Accreditation Check' }));
    expect(within(prices).getByText('£57.00')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(screen.getByText(/Must be the name used at the time of study/)).toBeInTheDocument();
    expect(screen.getByText('The reference number used to track this case in your internal system if you have one.')).toBeInTheDocument();
    expect(screen.getByText('Optionally attach up to 3 additional documents as supporting evidence')).toBeInTheDocument();

    await fillJane(user);
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('12/04/1995');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This document is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Institute Consent Form file'), new File([PDF_BYTES], 'consent.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'View Institute Consent Form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Institute Consent Form' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const order = await screen.findByRole('region', { name: 'Your Order' });
    expect(within(order).getByText('Plus VAT (20 %)')).toBeInTheDocument();
    expect(within(order).getByText('Less current credit')).toBeInTheDocument();
    expect(within(order).getByText('£49.00')).toBeInTheDocument();
    const quoted = calls.find((c) => c.path === '/v1/verification/quote');
    expect(quoted?.body).toEqual({ verifications: [{ id: expect.any(String), instituteId: 'uni-demo', candidateName: 'Jane Doe', accreditation: true }] });
    expect(screen.getByText('I hold the written consent of the individuals named above and have provided copies of these consents where requested.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC-NEW-1'));
    expect(router.state.location.search).toBe('?invoiceId=INV-0042');
    // 'Payment Complete' is said once, by the screen the invoiceId is sent to (ViewVerificationScreen.spec), not
    // here as well: the stand-in destination shows no toast, so nothing from the wizard is on screen.
    expect(screen.queryByText('Invoice INV-0042 has been saved to your invoices history.')).toBeNull();
    const posted = calls.find((c) => c.path === '/v1/verification' && c.method === 'POST');
    expect(posted?.body).toMatchObject({
      verifications: [
        {
          instituteId: 'uni-demo',
          type: 'UNI',
          fields: { firstname: 'Jane', surname: 'Doe', dob: '1995-04-12', gradYear: 2017, course: 'Computer Science', awarded: null },
          documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', filename: 'consent.pdf', data: expect.stringMatching(/^data:application\/pdf;base64,/) }],
          accreditation: { instituteId: 'uni-demo' },
          consent: true,
        },
      ],
    });
    expect(posted?.body).not.toHaveProperty('creditPurchase');
  }, 60_000);

  it('refuses a file that is not a PDF and one over 5 MB, and labels an additional document without spaces', async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard();
    const user = userEvent.setup({ applyAccept: false });
    renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    await user.upload(screen.getByLabelText('Institute Consent Form file'), new File(['GIF89a not a pdf'], 'fake.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Could not read file, check supported file types.')).toBeInTheDocument();
    const big = new File([PDF_BYTES, new Uint8Array(6_000_000)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Institute Consent Form file'), big);
    expect(await screen.findByText(/File 6Mb size exceeds limits of 5Mb/)).toBeInTheDocument();
    expect(screen.getByText(/Please use any of the free online tools to compress your file to less than 5Mb/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add another document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another document' });
    expect(within(dialog).getByText('Please enter a short label describing your document.')).toBeInTheDocument();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Document label'), 'Degree certificate 2017 scan');
    expect(within(dialog).getByLabelText('Document label')).toHaveValue('Degreecertificate2017scan');
    expect(upload).toBeEnabled();
    // Upload submits the dialog's own form (it opens the file chooser), not the wizard's details around it.
    await user.click(upload);
    expect(screen.queryByText('Please resolve the errors above.')).not.toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Additional document file'), new File([PDF_BYTES], 'degree.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'View Degreecertificate2017scan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Degreecertificate2017scan' }));
    expect(screen.queryByText('Degreecertificate2017scan')).not.toBeInTheDocument();
  });

  it("saves for later with autosubmit=false and the 'Saved' toast", async () => {
    signInAs({ paymentType: 'INVOICE' });
    const { calls } = serveWizard();
    const user = userEvent.setup();
    renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    await user.type(screen.getByLabelText(/^First name/), 'Jane');
    await user.type(screen.getByLabelText(/^Last name/), 'Doe');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('Verification for Jane Doe saved to history.')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/v1/verification');
    expect(saved?.query.get('autosubmit')).toBe('false');
    expect(saved?.body).toMatchObject({ instituteId: 'uni-demo', consent: false, fields: { firstname: 'Jane', surname: 'Doe' } });
  });

  it("asks before leaving unsaved data: 'Unsaved Verification' with Continue and Discard", async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard();
    const user = userEvent.setup();
    const { router } = renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    await user.type(screen.getByLabelText(/^First name/), 'Jane');
    void router.navigate('/home');
    const modal = await screen.findByRole('dialog', { name: 'Unsaved Verification' });
    expect(within(modal).getByText('Your Verification has not yet been saved, if you change pages your request will be lost.')).toBeInTheDocument();
    expect(within(modal).getByText('Do you want to continue or discard this request?')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/verification/new');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Verification' })).not.toBeInTheDocument());
    void router.navigate('/home');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved Verification' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('never asks when going to the login page', async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard();
    const user = userEvent.setup();
    const { router } = renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    await user.type(screen.getByLabelText(/^First name/), 'Jane');
    void router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows Previously Submitted Verifications of the same person at the institute in the last year', async () => {
    signInAs({ paymentType: 'INVOICE' });
    const { calls } = serveWizard((req) =>
      req.method === 'GET' && req.path === '/v1/verification'
        ? json({
            content: [
              { id: 'QC-OLD-1', recorded: '2026-06-01T10:00:00Z', result: 'VERIFIED', resultLabel: 'Verified', fields: { firstname: 'Jane', surname: 'Doe' }, instituteName: 'University of Demo', requestedByName: 'Carol Chen', username: 'carol@globex.test' },
            ],
            totalSize: 1,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderWizard('/verification/new?nedu=1');
    await pickUniversity(user);
    await user.type(screen.getByLabelText(/^First name/), 'Jane');
    await user.type(screen.getByLabelText(/^Last name/), 'Doe');
    await user.type(screen.getByLabelText(/^Date of birth/), '12041995');
    const previous = await screen.findByRole('region', { name: 'Previously Submitted Verifications' }, { timeout: 3000 });
    expect(within(previous).getByText(/you DO need to submit individual verifications for each degree or credential/)).toBeInTheDocument();
    const table = within(previous).getByRole('table', { name: 'Previously Submitted Verifications' });
    for (const h of ['Date', 'Name', 'Institute Name', 'Requested By', 'Status']) expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'QC-OLD-1' })).toHaveAttribute('target', '_blank');
    expect(within(previous).getByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    const asked = calls.filter((c) => c.method === 'GET' && c.path === '/v1/verification').pop();
    expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({ instituteId: 'uni-demo', firstname: 'Jane', surname: 'Doe', dob: '1995-04-12', size: '5' });
  }, 30_000);

  it('uses a previous institute and a previous individual, and submits several verifications as one order to the history', async () => {
    signInAs({ paymentType: 'INVOICE' });
    const recent = {
      content: [{ id: 'QC-OLD-1', instituteId: 'uni-demo', instituteName: 'University of Demo', instituteNames: ['University of Demo'], fields: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12' } }],
      totalSize: 1,
    };
    const { calls } = serveWizard((req) => (req.method === 'GET' && req.path === '/v1/verification' && req.query.get('size') === '100' ? json(recent) : undefined));
    const user = userEvent.setup();
    const { router } = renderWizard('/verification/new?nedu=2');
    const card = await screen.findByRole('region', { name: 'Education Verification' });
    expect(await within(card).findByRole('button', { name: 'Map' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Map' }));
    expect(within(card).getByText('Map search disabled for now.')).toBeInTheDocument();

    for (const n of [0, 1]) {
      if (n === 1) await user.click(screen.getByRole('button', { name: /Higher Education Verification 2/ }));
      const previous = await screen.findByRole('combobox', { name: 'Use a previous institute?' });
      await user.click(previous);
      await user.click(await screen.findByRole('option', { name: 'University of Demo' }));
      await waitFor(() => expect(screen.getAllByRole('region', { name: 'Institute Details' })).toHaveLength(n + 1));
      const person = screen.getAllByRole('combobox', { name: 'Use a previous individual?' })[n];
      await user.click(person);
      expect(await screen.findByRole('option', { name: 'New Individual' })).toBeInTheDocument();
      await user.click(screen.getByRole('option', { name: 'Jane Doe (12/04/1995)' }));
      expect(screen.getAllByLabelText(/^First name/)[n]).toHaveValue('Jane');
      expect(screen.getAllByLabelText(/^Date of birth/)[n]).toHaveValue('12/04/1995');
      await user.type(screen.getAllByLabelText(/^Year of Graduation/)[n], String(2015 + n));
      await user.type(screen.getAllByLabelText(/^Course \/ Subject/)[n], 'Law');
      await user.upload(screen.getAllByLabelText('Institute Consent Form file').at(-1) as HTMLElement, new File([PDF_BYTES], 'consent.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'View Institute Consent Form' })).toHaveLength(n + 1));
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Your Order' });
    await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history'));
    expect(router.state.location.search).toBe('?highlight=QC-NEW-1,QC-NEW-2&invoiceId=INV-0042');
    const posted = calls.filter((c) => c.path === '/v1/verification' && c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect((posted[0].body as { verifications: { fields: { gradYear: number } }[] }).verifications.map((v) => v.fields.gradYear)).toEqual([2015, 2016]);
  }, 120_000);
  describe("a doctorate's 'Doctoral Degree Confirmation' card (2.6)", () => {
    it('appears, required, when PhD is chosen; the details are refused without it and sent with it under its requirement', async () => {
      signInAs({ paymentType: 'INVOICE' });
      const { calls } = serveQualifications();
      const user = userEvent.setup();
      const { router } = renderWizard('/verification/new?nedu=1');
      await pickUniversity(user);
      await fillJane(user);
      const documents = screen.getByRole('region', { name: 'Documents' });
      expect(within(documents).queryByText(/Doctoral Degree Confirmation/)).not.toBeInTheDocument();

      await chooseQualification(user, 'PhD');
      const upload = await within(documents).findByRole('button', { name: 'Upload Doctoral Degree Confirmation' });
      expect(upload.closest('.MuiStack-root')).toHaveTextContent(/^Doctoral Degree Confirmation \*\(Must be pdf file type\)Upload$/);
      expect(within(screen.getByRole('region', { name: 'Institute Details' })).getByText('Doctoral Degree Confirmation')).toBeInTheDocument();

      await user.upload(screen.getByLabelText('Institute Consent Form file'), pdf('consent.pdf'));
      await screen.findByRole('button', { name: 'View Institute Consent Form' });
      await user.click(screen.getByRole('button', { name: 'Next' }));
      const required = await within(documents).findByText('This document is required');
      expect(required.parentElement).toHaveTextContent(/^Doctoral Degree Confirmation \*/);
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();

      await user.upload(screen.getByLabelText('Doctoral Degree Confirmation file'), pdf('phd.pdf'));
      expect(await screen.findByRole('button', { name: 'View Doctoral Degree Confirmation' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Delete Doctoral Degree Confirmation' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('region', { name: 'Your Order' });
      await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC-NEW-1'));
      const posted = calls.find((c) => c.path === '/v1/verification' && c.method === 'POST')?.body as { verifications: { fields: unknown; documents: unknown[] }[] };
      expect(posted.verifications[0].fields).toMatchObject({ qualification: 'PhD' });
      expect(posted.verifications[0].documents).toEqual([
        expect.objectContaining({ requirementId: 'consent-institute', filename: 'consent.pdf' }),
        { requirementId: 'DOCTORAL_CONFIRMATION', name: 'Doctoral Degree Confirmation', filename: 'phd.pdf', data: expect.stringMatching(/^data:application\/pdf;base64,/) },
      ]);
    }, 60_000);

    it('goes, with its file, when the qualification changes to BSc; a non-doctorate (MPhil) never shows it', async () => {
      signInAs({ paymentType: 'INVOICE' });
      const { calls } = serveQualifications();
      const user = userEvent.setup();
      const { router } = renderWizard('/verification/new?nedu=1');
      await pickUniversity(user);
      await fillJane(user);
      const documents = screen.getByRole('region', { name: 'Documents' });
      await chooseQualification(user, 'MPhil');
      await user.upload(screen.getByLabelText('Institute Consent Form file'), pdf('consent.pdf'));
      await screen.findByRole('button', { name: 'View Institute Consent Form' });
      expect(within(documents).queryByText(/Doctoral Degree Confirmation/)).not.toBeInTheDocument();

      await chooseQualification(user, 'PhD');
      await user.upload(await screen.findByLabelText('Doctoral Degree Confirmation file'), pdf('phd.pdf'));
      expect(await screen.findByRole('button', { name: 'View Doctoral Degree Confirmation' })).toBeInTheDocument();

      await chooseQualification(user, 'BSc (Hons)');
      await waitFor(() => expect(within(documents).queryByText(/Doctoral Degree Confirmation/)).not.toBeInTheDocument());
      expect(within(screen.getByRole('region', { name: 'Institute Details' })).queryByText('Doctoral Degree Confirmation')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('region', { name: 'Your Order' });
      await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC-NEW-1'));
      const posted = calls.find((c) => c.path === '/v1/verification' && c.method === 'POST')?.body as { verifications: { fields: unknown; documents: { requirementId?: string }[] }[] };
      expect(posted.verifications[0].fields).toMatchObject({ qualification: 'BSc (Hons)' });
      expect(posted.verifications[0].documents.map((d) => d.requirementId)).toEqual(['consent-institute']);
    }, 60_000);
  });
});
