import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetchMock';
import { notFound, page, query, renderConsole } from '@/test/render';

const jane = {
  id: 'A2',
  created: '2026-11-20T09:00:00Z',
  submitted: '2026-11-21T10:00:00Z',
  completed: '2026-11-22T11:00:00Z',
  archived: null,
  status: 'COMPLETED',
  owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 0, companyId: 'acme' },
  applicant: { name: 'Jane Doe', username: 'jane@mail.test', companyId: 'jane', userId: 'u-jane' },
  ownerId: 'acme',
  ownerCompanyId: 'acme',
  ownerName: 'Acme Recruitment Ltd',
  applicantCompanyId: 'jane',
  applicantName: 'Jane Doe',
  customerReference: 'CAND-0002',
  verificationCount: 2,
  verificationIds: ['QC1', 'QC2'],
  applicantPays: true,
  description: null,
  insightTag: true,
  verifications: [
    {
      id: 'QC1',
      result: 'VERIFIED',
      applicationResult: 'VERIFIED',
      type: 'UNI',
      fields: { firstname: 'Jane', surname: 'Doe' },
      instituteName: 'University of Demo',
      instituteNames: ['University of Demo'],
    },
  ],
  insight: [
    { type: 'NAME', isMatch: true, instituteType: 'UNI', instituteName: 'University of Demo' },
    { type: 'DOB', isMatch: false, instituteType: 'UNI', instituteName: 'University of Demo' },
  ],
  fields: [
    { key: 'candidateNumber', name: 'Candidate number', value: 'CAND-0002' },
    { key: 'role', name: 'Role', value: 'Graduate analyst' },
  ],
  documents: [
    {
      id: 'd1',
      name: 'Curriculum vitae',
      filename: 'cv.pdf',
      size: 1200,
      required: true,
      requirementId: 'cv',
      applicationId: 'A2',
    },
  ],
};
const omar = {
  ...jane,
  id: 'A3',
  status: 'APPLICANT_ACTION',
  completed: null,
  applicantName: 'Omar Haddad',
  applicant: { ...jane.applicant, name: 'Omar Haddad', username: 'omar@mail.test' },
  applicantCompanyId: 'omar',
  customerReference: 'CAND-0003',
  insightTag: false,
  insight: [],
  verificationIds: [],
  verifications: [],
  verificationCount: 0,
  documents: [],
};
const anna = {
  ...omar,
  id: 'A1',
  status: 'OPEN',
  submitted: null,
  applicantName: 'Anna Applicant',
  customerReference: 'CAND-0001',
};

describe('applications resource', () => {
  it('is in the menu with the verifications, and shows the API\'s own error when the list fails', async () => {
    renderConsole('/applications', { 'GET /admin/applications': notFound() });
    expect((await screen.findAllByText('Cannot GET')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
    const section = screen.getByRole('navigation', { name: 'Verifications' });
    expect(within(section).getByRole('menuitem', { name: /Applications/ })).toHaveAttribute(
      'href',
      '/console/applications',
    );
  });

  it('lists newest first with the spec status words, and filters by status on the server', async () => {
    const { calls } = renderConsole('/applications', {
      'GET /admin/applications': page('applications', [omar, jane, anna], 3),
    });
    const omarRow = (await screen.findByText('Omar Haddad')).closest('tr') as HTMLElement;
    expect(within(omarRow).getByText('Pending')).toBeInTheDocument();
    expect(within(omarRow).getByText('Applicant Action Required')).toBeInTheDocument();
    expect(within(omarRow).getByText('CAND-0003')).toBeInTheDocument();
    const janeRow = screen.getByText('Jane Doe').closest('tr') as HTMLElement;
    expect(within(janeRow).getByText('Completed')).toBeInTheDocument();
    expect(within(janeRow).getByText('Insights')).toBeInTheDocument();
    expect(within(janeRow).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(
      within(screen.getByText('Anna Applicant').closest('tr') as HTMLElement).getByText('Open'),
    ).toBeInTheDocument();
    expect(query(calls[0]).sort).toBe('["created","DESC"]');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Applicant Action Required' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.startsWith('/admin/applications') && query(c).filter === '{"status":["APPLICANT_ACTION"]}',
        ),
      ).toBe(true),
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await userEvent.type(screen.getByPlaceholderText('Applicant, organisation, id or reference'), 'omar');
    await waitFor(() =>
      expect(calls.some((c) => query(c).filter === '{"status":["APPLICANT_ACTION"],"q":"omar"}')).toBe(true),
    );
  });

  it('shows the details, verifications linked to their page, insights and documents fetched with the staff token', async () => {
    const { fetch } = renderConsole('/applications/A2/show', {
      'GET /admin/applications/A2': json(jane),
      'GET /v1/application/A2/document/d1': new Response(
        new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
        { status: 200 },
      ),
    });
    expect(await screen.findByText('Application to Acme Recruitment Ltd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      '/console/customers/jane/show',
    );
    expect(screen.getByText('jane@mail.test')).toBeInTheDocument();
    expect(screen.getByText('Graduate analyst')).toBeInTheDocument();
    expect(screen.getByText('Verified qualifications included in the application.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'QC1' })).toHaveAttribute(
      'href',
      '/console/verifications/QC1/show',
    );
    expect(
      within(screen.getByRole('link', { name: 'QC1' }).closest('tr') as HTMLElement).getByText('Verified'),
    ).toBeInTheDocument();
    // A verification the list read model has not caught up with is still named and linked.
    expect(screen.getByRole('link', { name: 'QC2' })).toHaveAttribute(
      'href',
      '/console/verifications/QC2/show',
    );
    expect(screen.getByText('Application Insights')).toBeInTheDocument();
    expect(
      within(screen.getByText('Date of birth').closest('tr') as HTMLElement).getByText('No match'),
    ).toBeInTheDocument();
    expect(screen.getByText('Application documents:')).toBeInTheDocument();

    const objectUrl = vi.fn(() => 'blob:cv');
    // jsdom has no object URLs; these stay defined for the file, so the deferred revoke finds one.
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Download Curriculum vitae' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([url]) => String(url) === '/v1/application/A2/document/d1');
    expect(new Headers(call?.[1]?.headers).get('X-AUTH-TOKEN')).toBeTruthy();
    expect(objectUrl).toHaveBeenCalled();
  });

  it('says what is missing for an application with no verifications or documents, and shows no insights', async () => {
    renderConsole('/applications/A3/show', { 'GET /admin/applications/A3': json(omar) });
    expect(
      await screen.findByText('The applicant has not submitted any verifications yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No documents are available to review yet.')).toBeInTheDocument();
    expect(screen.getByText('Applicant Action Required')).toBeInTheDocument();
    expect(screen.queryByText('Application Insights')).toBeNull();
  });

  it('archives a completed application after the confirmation, then offers no second archive', async () => {
    const { calls } = renderConsole('/applications/A2/show', {
      'GET /admin/applications/A2': json(jane),
      'PUT /admin/applications/A2': json({ ...jane, status: 'ARCHIVED', archived: '2026-11-23T09:00:00Z' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to archive this application?'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This will also notify the applicant you have reviewed their application.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'ARCHIVED' }));
    expect(await screen.findByText('Application archived.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Archive' })).toBeDisabled());
    expect(screen.getByTitle('ARCHIVED')).toHaveTextContent('Archived');
  });

  it('warns that an incomplete application is incomplete; Cancel archives nothing', async () => {
    const { calls } = renderConsole('/applications/A1/show', { 'GET /admin/applications/A1': json(anna) });
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('This application is incomplete, are you sure you want to archive it?'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This will notify the applicant you have closed their application.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('disables Archive for an archived application', async () => {
    renderConsole('/applications/A1/show', {
      'GET /admin/applications/A1': json({ ...anna, status: 'ARCHIVED', archived: '2026-11-23T09:00:00Z' }),
    });
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeDisabled();
    expect(screen.getByText('23 Nov 2026, 09:00')).toBeInTheDocument();
  });

  it("shows the API's own message when the archive is refused", async () => {
    renderConsole('/applications/A1/show', {
      'GET /admin/applications/A1': json(anna),
      'PUT /admin/applications/A1': json(
        { errors: [{ message: 'This application is already archived.' }] },
        { status: 409 },
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('This application is already archived.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
  });
});
