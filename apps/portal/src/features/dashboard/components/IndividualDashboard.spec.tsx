import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardScreen } from '@/features/dashboard/components/DashboardScreen';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { sessionStore } from '@/shared/session/sessionStore';
import { signInAs } from '@/test/session';

const verification = (id: string, result: string, over: Record<string, unknown> = {}) => ({
  id,
  result,
  resultLabel: result,
  fields: { firstname: 'Anna', middlename: null, surname: 'Applicant', dob: null, employerName: null },
  instituteName: 'University of Demo',
  instituteNames: [],
  applicationId: null,
  ...over,
});

/** GET /verification as the API answers it: a page of at most 100 (a larger size is refused). */
function verificationPage(req: MockRequest, content: unknown[]) {
  if (Number(req.query.get('size')) > 100) {
    return json({ errors: [{ message: 'The size parameter must be a whole number from 1 to 100.' }] }, { status: 400 });
  }
  return json({ totalSize: content.length, content });
}

describe('Dashboard for individuals (/dashboard, money 2.7)', () => {
  it('shows application progress per application and the standalone verifications, without statistics cards', async () => {
    signInAs({ isIndividual: true, isApplicant: true });
    mockFetch((req) => {
      if (req.path === '/v1/application') {
        return json({
          totalSize: 2,
          content: [
            { id: 'app-1', status: 'OPEN', logo: null, owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 0 }, verifications: [] },
            {
              id: 'app-2',
              status: 'PENDING',
              logo: null,
              owner: { id: 'globex', name: 'Globex Corp', template: 0 },
              verifications: [verification('v-1', 'PENDING', { applicationId: 'app-2' })],
            },
          ],
        });
      }
      if (req.path === '/v1/verification') {
        return verificationPage(req, [verification('v-1', 'PENDING', { applicationId: 'app-2' }), verification('v-2', 'VERIFIED', { instituteName: 'AQA' })]);
      }
      return undefined;
    });
    const { container } = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const acme = await screen.findByRole('region', { name: 'Application progress: Acme Recruitment Ltd' });
    expect(within(acme).getByText('Qualification verification progress for Acme Recruitment Ltd application.')).toBeInTheDocument();
    expect(
      within(acme).getByText('Please complete your application which will be shared along with your verification results to Acme Recruitment Ltd.'),
    ).toBeInTheDocument();
    expect(within(acme).getByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/application/app-1/start/');
    const globex = screen.getByRole('region', { name: 'Application progress: Globex Corp' });
    expect(within(globex).getByText('Your application to Globex Corp has been submitted. You will be contacted again after it is reviewed.')).toBeInTheDocument();
    expect(within(globex).getByRole('list', { name: 'Anna Applicant, University of Demo' })).toBeInTheDocument();
    expect(globex.querySelector('[aria-current="step"]')?.textContent).toContain('Pending');
    const standalone = await screen.findByRole('region', { name: 'Qualification verification progress' });
    // The application's verification is left out of the standalone card.
    expect(within(standalone).getAllByRole('list', { name: /Anna Applicant/ })).toHaveLength(1);
    expect(within(standalone).getByText('AQA')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Statistics' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('dismisses a standalone verification (with Undo), keeps it dismissed for this user, and can show it again', async () => {
    const user = userEvent.setup();
    signInAs({ isIndividual: true, uid: 'indy-1' });
    mockFetch((req) => {
      if (req.path === '/v1/application') return json({ totalSize: 0, content: [] });
      if (req.path === '/v1/verification') {
        return verificationPage(req, [verification('v-2', 'VERIFIED', { instituteName: 'AQA' }), verification('v-3', 'PENDING')]);
      }
      return undefined;
    });
    const first = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const card = await screen.findByRole('region', { name: 'Qualification verification progress' });
    await user.click(within(card).getByRole('button', { name: 'Dismiss Anna Applicant, AQA' }));
    expect(within(card).queryByRole('list', { name: 'Anna Applicant, AQA' })).not.toBeInTheDocument();
    expect(within(card).getByText('Anna Applicant, AQA dismissed.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Undo' }));
    expect(within(card).getByRole('list', { name: 'Anna Applicant, AQA' })).toBeInTheDocument();
    expect(within(card).queryByText('Anna Applicant, AQA dismissed.')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Dismiss Anna Applicant, AQA' }));
    expect(localStorage.getItem('credence.portal.dismissed.indy-1')).toBe('["v-2"]');
    first.unmount();
    // Back on the dashboard later: still left out, and the card offers it back.
    renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const again = await screen.findByRole('region', { name: 'Qualification verification progress' });
    await within(again).findByRole('list', { name: 'Anna Applicant, University of Demo' });
    expect(within(again).queryByRole('list', { name: 'Anna Applicant, AQA' })).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Show 1 dismissed verification' }));
    expect(within(again).getByRole('list', { name: 'Anna Applicant, AQA' })).toBeInTheDocument();
    expect(localStorage.getItem('credence.portal.dismissed.indy-1')).toBeNull();
  }, 60_000);

  it('forgets the dismissals at logout, which clears all locally stored state (access 2.3, 4.1)', async () => {
    const user = userEvent.setup();
    signInAs({ isIndividual: true, uid: 'indy-1' });
    mockFetch((req) => {
      if (req.path === '/v1/application') return json({ totalSize: 0, content: [] });
      if (req.path === '/v1/verification') return verificationPage(req, [verification('v-2', 'VERIFIED', { instituteName: 'AQA' })]);
      return undefined;
    });
    renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const card = await screen.findByRole('region', { name: 'Qualification verification progress' });
    await user.click(within(card).getByRole('button', { name: 'Dismiss Anna Applicant, AQA' }));
    expect(localStorage.getItem('credence.portal.dismissed.indy-1')).toBe('["v-2"]');
    act(() => sessionStore.signOut('logout'));
    expect(localStorage.getItem('credence.portal.dismissed.indy-1')).toBeNull();
  });

  it('says there is nothing yet, and offers a new verification, to an individual with no verifications', async () => {
    signInAs({ isIndividual: true, uid: 'indy-2' });
    mockFetch((req) => {
      if (req.path === '/v1/application' || req.path === '/v1/verification') return json({ totalSize: 0, content: [] });
      return undefined;
    });
    renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    expect(await screen.findByText('You have no verifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Verification' })).toHaveAttribute('href', '/verification/new');
  });
});
