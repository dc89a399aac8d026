import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from '@/auth/authProvider';
import { LoginPage } from '@/auth/LoginPage';
import { RoleHome } from '@/auth/RoleHome';
import { dataProvider } from '@/dataProvider';
import { ConsoleLayout } from '@/layout/ConsoleLayout';
import { applications } from '@/resources/applications';
import { countryNotifications } from '@/resources/country-notifications';
import { approvalProcesses } from '@/resources/approval-processes';
import { creditMovements } from '@/resources/credit-movements';
import { customers } from '@/resources/customers';
import { debugRecordings } from '@/resources/debug-recordings';
import { errorReports } from '@/resources/error-reports';
import { failedJobs } from '@/resources/failed-jobs';
import { institutes } from '@/resources/institutes';
import { ImportRecords } from '@/resources/institutes/ImportRecords';
import { invoices } from '@/resources/invoices';
import { mails } from '@/resources/mails';
import { news } from '@/resources/news';
import { notices } from '@/resources/notices';
import { projections } from '@/resources/projections';
import { users } from '@/resources/users';
import { verifications } from '@/resources/verifications';
import { theme } from '@/theme';

/** The console lives under /console/ (the API serves it there), with path routing like the portal. */
export const CONSOLE_BASENAME = '/console';

export function App() {
  return (
    <Admin
      basename={CONSOLE_BASENAME}
      title="Credence console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      dashboard={RoleHome}
      layout={ConsoleLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource {...customers} />
      <Resource {...users} />
      <Resource {...verifications} />
      <Resource {...applications} />
      <Resource {...institutes} />
      <Resource {...approvalProcesses} />
      <Resource {...invoices} />
      <Resource {...creditMovements} />
      <Resource {...notices} />
      <Resource {...news} />
      <Resource {...countryNotifications} />
      <Resource {...mails} />
      <Resource {...projections} />
      <Resource {...failedJobs} />
      <Resource {...debugRecordings} />
      <Resource {...errorReports} />
      {/* Reference-only: the catalogue's countries, for institute filters and names. */}
      <Resource name="countries" recordRepresentation="name" />
      {/* Reference-only: the map regions, for the notice form's region picker. */}
      <Resource name="regions" recordRepresentation="name" />
      <CustomRoutes>
        <Route path="/institutes/:id/import" element={<ImportRecords />} />
      </CustomRoutes>
    </Admin>
  );
}
