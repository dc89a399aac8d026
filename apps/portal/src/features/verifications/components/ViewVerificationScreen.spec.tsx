import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { detail, INSTITUTE, renderAt, seriousViolations } from '@/features/verifications/test/fixtures';
import type { VerificationDetail } from '@/features/verifications/api/verifications';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';
import { fullText } from '@/test/text';

function serve(v: VerificationDetail, extra: (req: MockRequest) => Response | undefined = () => undefined) {
  return mockFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === `/v1/verification/${v.id}` && req.method === 'GET') return json(v);
    if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
    if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
    return undefined;
  });
}

describe('View Verification (2.9)', () => {
  it('shows a VERIFIED result: the card with every field and rule, the step bar complete, the certificate offer', async () => {
    signInAs({ refLabel: 'Candidate Ref' });
    serve(detail({ notes: 'Awarded with first class honours.' }));
    renderAt('/verification/history/QC1001');
    const card = await screen.findByRole('region', { name: 'Result' });
    expect(within(card).getByText('QC1001')).toBeInTheDocument();
    // Under the person's name: the QCID, the institute and what is verified.
    expect(
      screen.getByText(fullText('QC1001 · University of Demo · BSc (Hons) Computer Science, 2017')),
    ).toBeInTheDocument();
    expect(within(card).getByText('Candidate Ref')).toBeInTheDocument();
    expect(within(card).getByText('Higher Education')).toBeInTheDocument();
    expect(within(card).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(card).getByText('12 Apr 1995')).toBeInTheDocument();
    // The field, and the record's value of it under 'Data from records'.
    expect(await within(card).findAllByText('Year of Graduation / Issue')).toHaveLength(2);
    expect(within(card).getByText('Course / Subject')).toBeInTheDocument();
    expect(within(card).queryByText('Hidden Person')).not.toBeInTheDocument();
    expect(within(card).getByText('Irene Ingram, Registrar')).toBeInTheDocument();
    expect(within(card).getByText('As of')).toBeInTheDocument();
    expect(within(card).getByText('Institute / Employer provided details')).toBeInTheDocument();
    const records = within(card).getByRole('table', { name: 'Data from records' });
    expect(within(records).getByText('Yes')).toBeInTheDocument();
    expect(within(records).getByText('Award confirmed')).toBeInTheDocument();
    expect(within(records).getByRole('link', { name: 'https://records.example/t/1' })).toBeInTheDocument();
    // A record's date reads as the card's other dates, not as the record's ISO string.
    expect(within(records).getByText('01 Jul 2017')).toBeInTheDocument();
    // A record field the institute also asks for carries the institute's name for it, not its key's words.
    expect(within(records).getByText('Year of Graduation / Issue')).toBeInTheDocument();
    expect(within(records).queryByText('Grad year')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    expect(
      within(card).getByRole('switch', { name: 'Include Institute/Employer provided details?' }),
    ).toBeChecked();
    const steps = screen.getByRole('list', { name: 'Verification steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining([expect.stringContaining('View Result')]));
    expect(screen.queryByRole('button', { name: 'Re-submit' })).not.toBeInTheDocument();
  });

  it('shows no Event History for a verification the API sends without one (a referral, read only)', async () => {
    signInAs({});
    serve({ ...detail({}), auditEvents: undefined });
    renderAt('/verification/history/QC1001');
    await screen.findByRole('region', { name: 'Result' });
    expect(screen.queryByRole('region', { name: 'Event History' })).not.toBeInTheDocument();
    expect(screen.queryByText('No events yet.')).not.toBeInTheDocument();
  });

  it('colours the Event History: Action Required warning, Not Verified danger, Verified success', async () => {
    signInAs();
    serve(detail());
    renderAt('/verification/history/QC1001');
    const history = await screen.findByRole('region', { name: 'Event History' });
    const tones = within(history)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-tone'));
    expect(tones).toEqual(['plain', 'warning', 'error', 'success']);
  });

  it('shows PENDING with its footer and no actions; the certificate only for organisations', async () => {
    signInAs({ isIndividual: true });
    serve(
      detail({
        result: 'PENDING',
        footer:
          "This verification is being reviewed by the Institute's records staff. A notification will be sent by email when a result is ready.",
      }),
    );
    renderAt('/verification/history/QC1001');
    expect(
      await screen.findByText(/This verification is being reviewed by the Institute's records staff/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
  });

  it('NOT_FOUND: guidance, retriesLeft, amend and re-submit for free; manual checking when allowed', async () => {
    signInAs();
    const puts: MockRequest[] = [];
    let v = detail({
      result: 'NOT_FOUND',
      permissions: 8,
      retriesLeft: 2,
      approvedByName: null,
      approvedDate: null,
    });
    mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'PUT') {
        puts.push(req);
        v = { ...v, result: 'PENDING', retriesLeft: 1, permissions: 0 };
        return json(v);
      }
      if (req.path === '/v1/verification/QC1001') return json(v);
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      return undefined;
    });
    renderAt('/verification/history/QC1001');
    expect(await screen.findByText('Your action is required!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'We have searched the data we hold for this institute, but no match for your request could be found.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Re-submit for free to be checked automatically, limited to 2 more time(s).'),
    ).toBeInTheDocument();
    expect(screen.getByText('You will not be charged for any of these actions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for manual checking' })).toBeInTheDocument();

    const user = userEvent.setup();
    const dob = await screen.findByLabelText(/Date of Birth/);
    await waitFor(() => expect(dob).toHaveValue('12/04/1995'));
    await user.clear(dob);
    await user.type(dob, '31/02/1995');
    await user.click(screen.getByRole('button', { name: 'Re-submit' }));
    expect(
      await screen.findByText('The date of birth must be a valid date in the format DD/MM/YYYY'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(dob);
    await user.type(dob, '13/04/1995');
    await user.click(screen.getByRole('button', { name: 'Re-submit' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].query.get('resub')).toBe('true');
    expect(puts[0].body).toMatchObject({
      force: false,
      fields: { firstname: 'Jane', surname: 'Doe', dob: '1995-04-13', gradYear: 2017 },
    });
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
  });

  it("says 'Failed to build verification result' for an answer that is not a verification, with Try again", async () => {
    signInAs();
    let good = false;
    mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'GET')
        return good ? json(detail({})) : new Response('<html>Gateway</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/verification/history/QC1001');
    expect(await screen.findByText('Failed to build verification result', {}, { timeout: 10_000 })).toBeInTheDocument();
    good = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
  });

  it("NOT_FOUND with a third party's action: 'Action Required!', Complete verification and its QR code", async () => {
    signInAs();
    serve(detail({ result: 'NOT_FOUND', permissions: 8, thirdPartyActionUrl: 'https://partner.example/continue/abc' }));
    renderAt('/verification/history/QC1001');
    expect(await screen.findByText('Action Required!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete verification' })).toHaveAttribute('href', 'https://partner.example/continue/abc');
    // Drawn by the lazily loaded qrcode package: on a busy machine its first import takes seconds.
    const qr = await screen.findByRole('img', { name: 'QR code to continue on your phone' }, { timeout: 20_000 });
    expect(qr).toHaveAttribute('width', '200');
  }, 30_000);

  it('NOT_FOUND with no retries left: re-submit is off; send for manual checking sends force', async () => {
    signInAs();
    const puts: MockRequest[] = [];
    serve(detail({ result: 'NOT_FOUND', permissions: 8, retriesLeft: 0 }), (req) => {
      if (req.method !== 'PUT') return undefined;
      puts.push(req);
      return json(detail({ result: 'PENDING' }));
    });
    renderAt('/verification/history/QC1001');
    expect(
      await screen.findByText('No free automatic re-checks are left for this verification.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-submit' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send for manual checking' }));
    await waitFor(() => expect(puts[0]?.body).toMatchObject({ force: true }));
  });

  it('REJECTED: the notes, amend and re-submit', async () => {
    signInAs();
    serve(
      detail({
        result: 'REJECTED',
        permissions: 56,
        notes: 'The consent form is not signed. Please upload a signed copy.',
      }),
    );
    renderAt('/verification/history/QC1001');
    expect(
      await screen.findByText('The consent form is not signed. Please upload a signed copy.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-submit' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Send for manual checking' })).not.toBeInTheDocument();
  });

  it('UNPAID for an invoice payer: Incomplete with Submit; a CARD payer pays instead of submitting', async () => {
    signInAs({ paymentType: 'INVOICE' });
    const puts: MockRequest[] = [];
    serve(detail({ result: 'UNPAID', permissions: 56 }), (req) => {
      if (req.method !== 'PUT') return undefined;
      puts.push(req);
      return json({ ...detail({ result: 'PENDING', permissions: 0 }), invoiceId: null, paymentDue: false });
    });
    const user = userEvent.setup();
    const first = renderAt('/verification/history/QC1001');
    expect(
      await screen.findByText('This request is incomplete, please complete and submit it below.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Submit this completed verification request for processing.'),
    ).toBeInTheDocument();
    // A draft saved for later is completed here (2.9, 4: editable): its details, then consent, then Submit.
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const dob = await screen.findByLabelText(/Date of Birth/);
    await waitFor(() => expect(dob).toHaveValue('12/04/1995'));
    await user.clear(dob);
    await user.type(dob, '31/02/1995');
    await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
    await user.click(submit);
    expect(
      await screen.findByText('The date of birth must be a valid date in the format DD/MM/YYYY'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(dob);
    await user.type(dob, '13/04/1995');
    await user.click(submit);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].query.get('push')).toBe('true');
    expect(puts[0].body).toMatchObject({
      consent: true,
      fields: { firstname: 'Jane', surname: 'Doe', dob: '1995-04-13', gradYear: 2017 },
    });
    first.unmount();

    signInAs({ paymentType: 'CARD' });
    serve(detail({ result: 'UNPAID', permissions: 56 }));
    renderAt('/verification/history/QC1001');
    expect(await screen.findByText('Incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('UNPAID for a CARD payer: pays with the sandbox card; a declined card shows the refusal and changes nothing', async () => {
    signInAs({ paymentType: 'CARD' });
    let current = detail({ result: 'UNPAID', permissions: 56 });
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'GET') return json(current);
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      if (req.path === '/v1/verification/quote' && req.method === 'POST')
        return json({
          unit: 'money',
          currency: 'GBP',
          paymentType: 'CARD',
          vatRatePercent: 20,
          lines: [],
          subTotal: 45,
          vat: 9,
          currentCredit: 0,
          creditUsed: 0,
          extraCredit: 0,
          total: 54,
        });
      if (req.path === '/v1/credit' && req.query.get('includeBTToken') === 'true')
        return json({ credit: 0, btToken: 'sandbox_eyJ0Ijp0cnVlfQ' });
      if (req.path === '/v1/verification/QC1001' && req.method === 'PUT') {
        const body = req.body as { creditPurchase?: { btNonce: string } };
        if (body.creditPurchase?.btNonce === 'fake-processor-declined-visa-nonce')
          return json({ errors: [{ message: 'Do Not Honor' }] }, { status: 402 });
        current = detail({ result: 'PENDING', permissions: 0, footer: null });
        return json({ ...current, invoiceId: 'INV-77', paymentDue: false });
      }
      if (req.path.startsWith('/v1/verification') || req.path.startsWith('/v1/credit'))
        return json({ content: [], totalSize: 0 });
      return undefined;
    });
    const user = userEvent.setup();
    const { queryClient } = renderAt('/verification/history/QC1001');
    expect(await screen.findByText('£54.00')).toBeInTheDocument();
    // Paying waits for the consent (1, 2.9).
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    const quoteCall = fetch.mock.calls.find(([url]) => String(url).includes('/verification/quote'));
    expect(JSON.parse(String((quoteCall?.[1] as RequestInit).body))).toEqual({
      verifications: [
        { id: 'QC1001', instituteId: 'uni-demo', candidateName: 'Jane Doe', accreditation: false },
      ],
    });

    await user.type(screen.getByLabelText(/^Card number/), '4000111111111115');
    await user.type(screen.getByLabelText(/^Expiration date/), '1230');
    await user.type(screen.getByLabelText(/^CVV/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(
      await within(screen.getByRole('region', { name: 'Card payment' })).findByRole('alert'),
    ).toHaveTextContent('Do Not Honor');
    const puts = () =>
      fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(puts()).toHaveLength(1);
    const [url, init] = puts()[0];
    expect(String(url)).toContain('/v1/verification/QC1001?push=true');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      consent: true,
      fields: expect.objectContaining({ firstname: 'Jane', surname: 'Doe', dob: '1995-04-12' }),
      creditPurchase: { amount: 0, btNonce: 'fake-processor-declined-visa-nonce', btSaveCard: true },
    });
    // Nothing changed: still the payment form, still UNPAID.
    expect(screen.getByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Complete')).not.toBeInTheDocument();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.clear(screen.getByLabelText(/^Card number/));
    await user.type(screen.getByLabelText(/^Card number/), '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(/INV-77/)).toBeInTheDocument();
    expect(JSON.parse(String((puts()[1][1] as RequestInit).body)).creditPurchase.btNonce).toBe(
      'fake-valid-mastercard-nonce',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['verification'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['credit'] });
    // The result moved on: the view reads it again and shows the result card.
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('REJECTED: attaches and deletes documents at once, with the document rules; the record is read again', async () => {
    signInAs();
    const PDF = new TextEncoder().encode('%PDF-1.4 test');
    const consent = {
      id: 'd1',
      name: 'Consent Form',
      type: 'CONSENT',
      filename: 'consent.pdf',
      size: 13,
      requirementId: 'consent',
      required: true,
      output: false,
      verificationId: 'QC1001',
    };
    let documents: VerificationDetail['documents'] = [consent];
    const institute = {
      ...INSTITUTE,
      type: 'UNI',
      maxAdditionalDocs: 0,
      documentRequirements: [
        {
          id: 'consent',
          name: 'Consent Form',
          type: 'CONSENT',
          required: true,
          description: null,
          templateDescription: null,
          template: null,
        },
      ],
    };
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'GET')
        return json(
          detail({
            result: 'REJECTED',
            permissions: 56,
            canAddDocuments: true,
            canDeleteDocuments: true,
            notes: 'Unsigned consent form.',
            documents,
          }),
        );
      if (req.path === '/v1/institute/uni-demo') return json(institute);
      if (req.path === '/v1/verification/QC1001/document/d1' && req.method === 'DELETE') {
        documents = [];
        return new Response(null, { status: 204 });
      }
      if (req.path === '/v1/verification/QC1001/document' && req.method === 'POST') {
        const body = req.body as { name: string; requirementId?: string; filename: string };
        const stored = {
          ...consent,
          id: `d${documents.length + 2}`,
          name: body.name,
          filename: body.filename,
          requirementId: body.requirementId ?? null,
          required: !!body.requirementId,
        };
        documents = [...documents, stored];
        return json(stored, { status: 201 });
      }
      if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/verification/history/QC1001');
    const section = await screen.findByRole('region', { name: 'Documents' });
    expect(within(section).getByText('consent.pdf')).toBeInTheDocument();
    // A REJECTED request may attach up to 5 more (libs/domain), whatever the institute's own allowance.
    expect(
      within(section).getByText('Optionally attach up to 5 additional documents as supporting evidence'),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Delete Consent Form' }));
    const upload = await within(section).findByLabelText('Consent Form file');
    expect(
      fetch.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith('/v1/verification/QC1001/document/d1') &&
          (init as RequestInit).method === 'DELETE',
      ),
    ).toBe(true);

    const posts = () =>
      fetch.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/document') && (init as RequestInit).method === 'POST',
      );
    await user.upload(upload, new File(['GIF89a not a pdf'], 'fake.pdf', { type: 'application/pdf' }));
    expect(
      await within(section).findByText('Could not read file, check supported file types.'),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.upload(
      within(section).getByLabelText('Consent Form file'),
      new File([PDF], 'signed.pdf', { type: 'application/pdf' }),
    );
    expect(await within(section).findByText('signed.pdf')).toBeInTheDocument();
    expect(JSON.parse(String((posts()[0][1] as RequestInit).body))).toMatchObject({
      name: 'Consent Form',
      requirementId: 'consent',
      filename: 'signed.pdf',
      data: expect.stringMatching(/^data:application\/pdf;base64,/),
    });

    await user.click(within(section).getByRole('button', { name: 'Add another document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another document' });
    await user.type(within(dialog).getByLabelText('Document label'), 'Transcript');
    await user.upload(
      within(dialog).getByLabelText('Additional document file'),
      new File([PDF], 'transcript.pdf', { type: 'application/pdf' }),
    );
    expect(await within(section).findByText('transcript.pdf')).toBeInTheDocument();
    const extra = JSON.parse(String((posts()[1][1] as RequestInit).body)) as Record<string, unknown>;
    expect(extra).toMatchObject({ name: 'Transcript', filename: 'transcript.pdf' });
    expect(extra.requirementId).toBeUndefined();
    expect(within(section).getByRole('button', { name: 'Delete Transcript' })).toBeInTheDocument();
  });

  it("REJECTED for a PhD: the 'Doctoral Degree Confirmation' card, required, uploads under its requirement; none for a BSc", async () => {
    signInAs();
    const PDF = new TextEncoder().encode('%PDF-1.4 test');
    let qualification = 'PhD';
    const posted: { requirementId?: string; name: string }[] = [];
    const institute = { ...INSTITUTE, type: 'UNI', maxAdditionalDocs: 0, documentRequirements: [] };
    mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'GET')
        return json(
          detail({
            result: 'REJECTED',
            permissions: 56,
            canAddDocuments: true,
            canDeleteDocuments: true,
            notes: 'Please send the confirmation.',
            fields: { ...detail().fields, qualification },
            documents: [],
          }),
        );
      if (req.path === '/v1/institute/uni-demo') return json(institute);
      if (req.path === '/v1/verification/QC1001/document' && req.method === 'POST') {
        posted.push(req.body as { requirementId?: string; name: string });
        return json(
          { id: 'd9', name: 'Doctoral Degree Confirmation', filename: 'phd.pdf', size: 13 },
          { status: 201 },
        );
      }
      if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    const user = userEvent.setup();
    const first = renderAt('/verification/history/QC1001');
    const section = await screen.findByRole('region', { name: 'Documents' });
    const upload = within(section).getByRole('button', { name: 'Upload Doctoral Degree Confirmation' });
    expect(upload.closest('.MuiStack-root')).toHaveTextContent(
      /^Doctoral Degree Confirmation \*\(Must be pdf file type\)Upload$/,
    );
    await user.upload(
      within(section).getByLabelText('Doctoral Degree Confirmation file'),
      new File([PDF], 'phd.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      requirementId: 'DOCTORAL_CONFIRMATION',
      name: 'Doctoral Degree Confirmation',
    });
    first.unmount();

    qualification = 'BSc (Hons)';
    renderAt('/verification/history/QC1001');
    // Named from the institute's definition: the institute, and so its requirements, have been read.
    expect(await screen.findByLabelText(/^Qualification/)).toHaveValue('BSc (Hons)');
    expect(await screen.findByRole('region', { name: 'Documents' })).not.toHaveTextContent(
      'Doctoral Degree Confirmation',
    );
  });

  it('REJECTED without ADD_DOC or DEL_DOC: the documents are shown without Upload or Delete', async () => {
    signInAs();
    const institute = {
      ...INSTITUTE,
      documentRequirements: [
        {
          id: 'consent',
          name: 'Consent Form',
          type: 'CONSENT',
          required: true,
          description: null,
          templateDescription: null,
          template: null,
        },
      ],
    };
    mockFetch((req) => {
      if (req.path === '/v1/verification/QC1001' && req.method === 'GET')
        return json(detail({ result: 'REJECTED', permissions: 32, documents: [] }));
      if (req.path === '/v1/institute/uni-demo') return json(institute);
      if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    renderAt('/verification/history/QC1001');
    const section = await screen.findByRole('region', { name: 'Documents' });
    expect(within(section).getByText('Missing! The request is likely to be rejected!')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: /Upload|Add another document/ }),
    ).not.toBeInTheDocument();
  });

  it('an actionable result the bitmask forbids is read-only: the result card, no actions', async () => {
    signInAs();
    serve(detail({ result: 'REJECTED', permissions: 0 }));
    renderAt('/verification/history/QC1001');
    expect(await screen.findByRole('region', { name: 'Result' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation and goes to the history', async () => {
    signInAs();
    const deletes: MockRequest[] = [];
    serve(detail({ result: 'NOT_FOUND', permissions: 8 }), (req) => {
      if (req.method !== 'DELETE') return undefined;
      deletes.push(req);
      return new Response(null, { status: 204 });
    });
    const { router } = renderAt('/verification/history/QC1001');
    const user = userEvent.setup();
    expect(
      await screen.findByText('Completely delete this verification request as it is no longer needed.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are delete this verification request?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history'));
    expect(deletes).toHaveLength(1);
  });

  it('downloads the certificate as the API sends it, ignoreNotes when the switch is off', async () => {
    signInAs();
    const create = vi.fn(() => 'blob:cert');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const asked: MockRequest[] = [];
    serve(detail(), (req) => {
      if (!req.path.endsWith('/downloads/result')) return undefined;
      asked.push(req);
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="Certificate-QC1001.pdf"',
        },
      });
    });
    renderAt('/verification/history/QC1001');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('switch', { name: 'Include Institute/Employer provided details?' }),
    );
    await user.click(screen.getByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(asked[0].query.get('ignoreNotes')).toBe('true');
    expect(asked[0].headers.get('X-Client-Type')).toBe('WEB');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('Certificate-QC1001.pdf');
  });

  it("a failed download shows the API's error and saves nothing", async () => {
    signInAs();
    const create = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: () => undefined }));
    serve(detail(), (req) =>
      req.path.endsWith('/downloads/result')
        ? json(
            {
              errors: [
                { message: 'A certificate is available once the verification is Verified or Not Verified.' },
              ],
            },
            { status: 409 },
          )
        : undefined,
    );
    renderAt('/verification/history/QC1001');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download certificate' }));
    expect(
      await screen.findByText(
        'A certificate is available once the verification is Verified or Not Verified.',
      ),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('says what the API said when the verification cannot be read', async () => {
    signInAs();
    mockFetch((req) =>
      req.path === '/v1/verification/QC404'
        ? json({ errors: [{ message: 'Verification not found.' }] }, { status: 404 })
        : undefined,
    );
    renderAt('/verification/history/QC404');
    expect(await screen.findByText('Verification not found.')).toBeInTheDocument();
  });

  it('has no serious axe violations, in result and actionable modes', async () => {
    signInAs();
    serve(detail());
    const first = renderAt('/verification/history/QC1001');
    await screen.findByRole('region', { name: 'Result' });
    expect(await seriousViolations(first.container)).toEqual([]);
    first.unmount();

    serve(detail({ result: 'NOT_FOUND', permissions: 8 }));
    const second = renderAt('/verification/history/QC1001');
    await screen.findByText('Your action is required!');
    expect(await seriousViolations(second.container)).toEqual([]);
  });

  it("shows an identity partner's output documents in the page (2.9), other institutes' only as downloads", async () => {
    signInAs();
    const created = vi.fn(() => 'blob:identity-report');
    // jsdom has no object URLs: the browser's own, stubbed for this test (each spec file runs in its own worker).
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const report = {
      id: 'd9',
      name: 'Identity report',
      type: 'OUTPUT',
      filename: 'report.pdf',
      size: 8,
      requirementId: null,
      required: false,
      output: true,
      verificationId: 'QC2002',
    };
    const pdf = () =>
      new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    serve(
      detail({
        id: 'QC2002',
        instituteId: 'QC_ID_VER_TRUST_ID',
        institute: null,
        type: 'IDENTITY',
        outputDocs: [report],
      }),
      (req) => (req.path.startsWith('/v1/verification/QC2002/document/d9') ? pdf() : undefined),
    );
    renderAt('/verification/history/QC2002');
    const frame = await screen.findByTitle('Identity report');
    expect(frame).toHaveAttribute('src', 'blob:identity-report');
    expect(screen.getByRole('button', { name: 'Download Identity report' })).toBeInTheDocument();
  });

  it('lists output documents of other institutes without showing them inline', async () => {
    signInAs();
    const report = {
      id: 'd9',
      name: 'Registrar letter',
      type: 'OUTPUT',
      filename: 'letter.pdf',
      size: 8,
      requirementId: null,
      required: false,
      output: true,
      verificationId: 'QC1001',
    };
    serve(detail({ outputDocs: [report] }));
    renderAt('/verification/history/QC1001');
    expect(await screen.findByRole('button', { name: 'Download Registrar letter' })).toBeInTheDocument();
    expect(screen.queryByTitle('Registrar letter')).not.toBeInTheDocument();
  });
});
