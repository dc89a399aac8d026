import { Admin, Resource } from 'react-admin';
import { authProvider } from '@/auth/authProvider';
import { LoginPage } from '@/auth/LoginPage';
import { Dashboard } from '@/dashboard/Dashboard';
import { dataProvider } from '@/dataProvider';
import { ConsoleLayout } from '@/layout/ConsoleLayout';
import { mails } from '@/resources/mails';
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
      dashboard={Dashboard}
      layout={ConsoleLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource {...mails} />
    </Admin>
  );
}
