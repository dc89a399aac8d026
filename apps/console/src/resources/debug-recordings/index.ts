import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import type { ResourceProps } from 'react-admin';
import { DebugRecordingList } from '@/resources/debug-recordings/List';
import { DebugRecordingShow } from '@/resources/debug-recordings/Show';

/**
 * The portal's debug sessions (access 2.3: logit=true turns on recording; access 9: a sample of sessions and every
 * session with an error), replayed for support and deleted once reviewed: GET/DELETE /admin/debug-recordings. Staff
 * administrators only: not in AUDITOR_ACCESS.
 */
export const debugRecordings: ResourceProps = {
  name: 'debug-recordings',
  list: DebugRecordingList,
  show: DebugRecordingShow,
  icon: BugReportOutlined,
  options: { label: 'Debug sessions' },
  recordRepresentation: (r) => r.username ?? String(r.id),
};
