import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardScreen } from '@/features/dashboard/components/DashboardScreen';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
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
        return json({
          totalSize: 2,
          content: [verification('v-1', 'PENDING', { applicationId: 'app-2' }), verification('v-2', 'VERIFIED', { instituteName: 'AQA' })],
        });
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
});
