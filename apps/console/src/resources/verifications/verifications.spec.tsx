import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { notFound, onPhone, page, query, renderConsole } from '@/test/render';

const pending = {
  id: 'QC123', recorded: '2026-11-21T09:00:00Z', result: 'PENDING', type: 'UNI', username: 'alice@acme.test', customerReference: 'ACME-1',
  fields: { firstname: 'Oliver', surname: 'Quinn', dob: '1990-07-14', gradYear: 2017 }, instituteId: 'uni-demo', instituteName: 'University of Demo',
  instituteNames: ['University of Demo'], company: { id: 'acme', name: 'Acme Recruitment Ltd' }, documents: [{ id: 'd1', name: 'Institute Consent Form', type: 'CONSENT_INSTITUTE', filename: 'consent.pdf', output: false }],
  outputDocs: [], additionalFieldData: [{ subjects: [] }],
};
const events = [
  { id: 'e1', revision: 0, type: 'VerificationDrafted', time: '2026-11-21T09:00:00Z', actor: 'alice@acme.test', impersonator: null, data: { type: 'UNI' } },
  { id: 'e2', revision: 1, type: 'SentForManualCheck', time: '2026-11-21T09:05:00Z', actor: 'alice@acme.test', impersonator: 'sam@credence.test', data: {} },
];

describe('verifications resource', () => {
  it('shows the API\'s own error when the list fails, instead of hiding it', async () => {
    renderConsole('/verifications', { 'GET /admin/verifications': notFound() });
    expect((await screen.findAllByText('Cannot GET')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
  });

  it('lists across customers with the history labels of libs/domain and sends the spec filters', async () => {
    const { calls } = renderConsole('/verifications', {
      'GET /admin/verifications': page('verifications', [pending, { ...pending, id: 'QC124', result: 'NOT_FOUND', fields: { firstname: 'Ann', surname: 'Other' } }]),
    });
    const row = (await screen.findByText('Oliver Quinn')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Acme Recruitment Ltd')).toBeInTheDocument();
    expect(within(row).getByText('University of Demo')).toBeInTheDocument();
    expect(within(row).getByText('21 Nov 2026')).toBeInTheDocument();
    // Type and requester sit under the institute and the customer, so the list fits a 1280 px screen.
    expect(within(row).getByText('Higher Education')).toBeInTheDocument();
    expect(within(row).getByText('alice@acme.test')).toBeInTheDocument();
    expect(within(screen.getByText('Ann Other').closest('tr') as HTMLElement).getByText('Action Required')).toBeInTheDocument();
    expect(query(calls[0]).sort).toBe('["recorded","DESC"]');
  });

  it('shows each row\'s status on a phone too', async () => {
    onPhone();
    renderConsole('/verifications', {
      'GET /admin/verifications': page('verifications', [pending, { ...pending, id: 'QC124', result: 'VERIFIED', fields: { firstname: 'Ann', surname: 'Other' } }]),
    });
    const oliver = (await screen.findByText('Oliver Quinn')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(oliver).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByText('Ann Other').closest('li') as HTMLElement).getByText('Verified')).toBeInTheDocument();
  });

  it('shows the result card, documents and every event of the stream from /timeline', async () => {
    renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json(pending),
      'GET /admin/verifications/QC123/timeline': json(events),
      'GET /admin/institutes/uni-demo': json({ id: 'uni-demo', fields: [{ key: 'gradYear', name: 'Year of Graduation / Issue' }] }),
    });
    expect(await screen.findByText('Oliver Quinn')).toBeInTheDocument();
    expect(screen.getByText('ACME-1')).toBeInTheDocument();
    expect(screen.getByText('14 Jul 1990')).toBeInTheDocument();
    // The field as the institute names it, not its key's words ('Grad year').
    expect(await screen.findByText('Year of Graduation / Issue')).toBeInTheDocument();
    expect(screen.queryByText('Grad year')).not.toBeInTheDocument();
    expect(screen.getByText('Institute Consent Form')).toBeInTheDocument();
    expect(screen.getByText(/This verification is being reviewed by/)).toBeInTheDocument();
    // The chip says the result once: no raw code beside it.
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('PENDING')).not.toBeInTheDocument();

    expect(await screen.findByText('Verification drafted')).toBeInTheDocument();
    expect(screen.getByText('Sent for manual check')).toBeInTheDocument();
    expect(screen.getByText('impersonated by sam@credence.test')).toBeInTheDocument();
    expect(screen.getAllByText('by alice@acme.test')).toHaveLength(2);
  });

  it('lists the fields in the order the institute asks for them', async () => {
    renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json({ ...pending, fields: { ...pending.fields, studentId: 'UD1', course: 'Law' } }),
      'GET /admin/verifications/QC123/timeline': json(events),
      'GET /admin/institutes/uni-demo': json({
        id: 'uni-demo',
        fields: [
          { key: 'course', name: 'Course / Subject' },
          { key: 'gradYear', name: 'Year of Graduation / Issue' },
          { key: 'studentId', name: 'Student ID' },
        ],
      }),
    });
    await screen.findByText('Year of Graduation / Issue');
    const labels = ['Course / Subject', 'Year of Graduation / Issue', 'Student ID'].map((l) => screen.getByText(l));
    for (let i = 1; i < labels.length; i++)
      expect(labels[i - 1].compareDocumentPosition(labels[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("reads each event's data as key: value with the whole of it under Details, and keeps stored codes quiet", async () => {
    const resolved = {
      id: 'e3', revision: 2, type: 'VerificationResolved', time: '2026-11-21T10:00:00Z', actor: 'sam@credence.test', impersonator: null,
      data: { notes: 'Confirmed with the registry.', result: 'VERIFIED', resolvedAt: '2026-11-21T10:00:05.351Z', approvedBy: { name: 'Ada Admin', title: 'Verification officer' } },
    };
    renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json(pending),
      'GET /admin/verifications/QC123/timeline': json([...events, resolved]),
    });
    const timeline = await screen.findByRole('list', { name: 'Event timeline' });
    const item = (await within(timeline).findByText('Verification resolved')).closest('li') as HTMLElement;
    // Key fields read as words, not as one JSON line cut off with '…'.
    expect(within(item).getByText('Notes:')).toBeInTheDocument();
    expect(within(item).getByText('Confirmed with the registry.')).toBeInTheDocument();
    expect(within(item).getByText('21 Nov 2026, 10:00:05')).toHaveAttribute('title', '2026-11-21T10:00:05.351Z');
    expect(within(item).queryByText(/^\{"notes"/)).not.toBeInTheDocument();
    // Everything, nested objects too, as pretty JSON under Details.
    expect(within(item).getByText('Details')).toBeInTheDocument();
    expect(within(item).getByText(/"approvedBy"/).textContent).toContain('"approvedBy": {\n    "name": "Ada Admin",');
    // A draft's data is short enough to be all there: no Details to open.
    const drafted = within(timeline).getByText('Verification drafted').closest('li') as HTMLElement;
    expect(within(drafted).getByText('UNI')).toBeInTheDocument();
    expect(within(drafted).queryByText('Details')).not.toBeInTheDocument();
    // The stored type and the document's type stay for auditors, as quiet text rather than chips.
    expect(within(item).getByText('VerificationResolved').closest('.MuiChip-root')).toBeNull();
    expect(screen.getByText('CONSENT_INSTITUTE').closest('.MuiChip-root')).toBeNull();
  });

  it("reads an event whose facts sit in one object by that object's fields ('Document › Name'), not only under Details", async () => {
    const attached = {
      id: 'e4', revision: 3, type: 'DocumentAttached', time: '2026-11-21T11:00:00Z', actor: 'alice@acme.test', impersonator: null,
      data: { document: { id: 'doc-1', name: 'degree-certificate.pdf', label: 'Degree', type: 'ADDITIONAL' } },
    };
    renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json(pending),
      'GET /admin/verifications/QC123/timeline': json([...events, attached]),
    });
    const timeline = await screen.findByRole('list', { name: 'Event timeline' });
    const item = (await within(timeline).findByText('Document attached')).closest('li') as HTMLElement;
    expect(within(item).getByText('Document › Name:')).toBeInTheDocument();
    expect(within(item).getByText('degree-certificate.pdf')).toBeInTheDocument();
    expect(within(item).getByText('Document › Label:')).toBeInTheDocument();
    // Four short fields are the whole of it: nothing more to open.
    expect(within(item).queryByText('Details')).not.toBeInTheDocument();
  });

  it("shows the timeline's failure as the API answered it, instead of reading something else", async () => {
    const { calls } = renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json(pending),
      'GET /admin/verifications/QC123/timeline': notFound(),
    });
    expect(await screen.findByText('Oliver Quinn')).toBeInTheDocument();
    expect((await screen.findAllByText('Cannot GET')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.startsWith('/admin/audit-events'))).toBe(false);
  });

  it('resolves as staff through PUT /v1/verification/pending/{id} with an approval process', async () => {
    const { calls } = renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': json(pending),
      'GET /admin/verifications/QC123/timeline': json(events),
      'GET /v1/approvalprocess': json(['Confirmed by telephone with the institute', 'Confirmed by letter from the institute']),
      'GET /v1/account': json({ firstname: 'Sam', lastname: 'Staff', title: 'Verification officer' }),
      'PUT /v1/verification/pending/QC123': json({}),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/Your name/)).toHaveValue('Sam Staff'));
    const submit = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Verified/ }));
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Confirmed by letter from the institute' }));
    fireEvent.change(within(dialog).getByLabelText('Comments or corrections'), { target: { value: 'Checked with the registry.' } });
    await userEvent.click(submit);

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      result: 'VERIFIED',
      notes: 'Checked with the registry.',
      approvedByName: 'Sam Staff',
      approvedByTitle: 'Verification officer',
      abp: 'Confirmed by letter from the institute',
    });
    expect(await screen.findByText('Verification resolved, thank you.')).toBeInTheDocument();
  });

  it('cancels with a reason through the staff command, and offers no resolve once final', async () => {
    let result = 'PENDING';
    const { calls } = renderConsole('/verifications/QC123/show', {
      'GET /admin/verifications/QC123': () => json({ ...pending, result }),
      'GET /admin/verifications/QC123/timeline': json(events),
      'POST /admin/verifications/QC123/cancel': () => {
        result = 'CANCELLED';
        return json({ ...pending, result });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel verification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate request' } });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel verification' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Duplicate request' }));
    expect(await screen.findByText('Verification cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('This verification has been cancelled at the users request.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark delayed at source' })).toBeNull();
  });

  describe('signed in as a staff auditor (read-only)', () => {
    const auditor = { sub: 'auditor@credence.test', authority: 'ROLE_AUDITOR' };

    it('shows the record, its timeline and the Replay panel, with no action button and no other staff resource', async () => {
      const { calls } = renderConsole(
        '/verifications/QC123/show',
        { 'GET /admin/verifications/QC123': json({ ...pending, invoiceId: 'INV-9' }), 'GET /admin/verifications/QC123/timeline': json(events) },
        auditor,
      );
      expect(await screen.findByText('Oliver Quinn')).toBeInTheDocument();
      expect(await screen.findByText('Verification drafted')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Replay' })).toBeInTheDocument();
      for (const name of ['Resolve', 'Comment', 'Mark delayed at source', 'Cancel verification']) {
        expect(screen.queryByRole('button', { name })).toBeNull();
      }
      // The invoice is named, not linked: auditors cannot open invoices.
      expect(screen.getByText('INV-9').closest('a')).toBeNull();
      const menu = screen.getAllByRole('navigation');
      expect(menu.map((n) => n.getAttribute('aria-label'))).toContain('Verifications');
      expect(screen.queryByRole('menuitem', { name: /Users/ })).toBeNull();
      expect(screen.queryByRole('menuitem', { name: /Dashboard/ })).toBeNull();
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    });

    it('starts at the verifications list instead of the staff Dashboard', async () => {
      const { router } = renderConsole('/', { 'GET /admin/verifications': page('verifications', [pending]) }, auditor);
      expect(await screen.findByText('Oliver Quinn')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/console/verifications');
    });
  });
});
