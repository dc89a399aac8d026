import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { ResourceProps } from 'react-admin';
import { ErrorReportList } from '@/resources/error-reports/List';
import { ErrorReportShow } from '@/resources/error-reports/Show';

/**
 * The portal's uncaught errors (access 9: 'Error reporting: session replay on 10% of sessions and on 100% of
 * sessions with an error'), each linked to the replay of its session: GET/DELETE /admin/error-reports. Staff
 * administrators only: not in AUDITOR_ACCESS.
 */
export const errorReports: ResourceProps = {
  name: 'error-reports',
  list: ErrorReportList,
  show: ErrorReportShow,
  icon: ReportProblemOutlined,
  options: { label: 'Error reports' },
  recordRepresentation: (r) => String(r.path ?? r.id),
};
