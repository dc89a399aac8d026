import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { ResourceProps } from 'react-admin';
import { FailedJobList } from '@/resources/failed-jobs/List';
import { FailedJobShow } from '@/resources/failed-jobs/Show';

/** The job queue's dead-letter list: GET /admin/failed-jobs. */
export const failedJobs: ResourceProps = {
  name: 'failed-jobs',
  list: FailedJobList,
  show: FailedJobShow,
  icon: ErrorOutline,
  options: { label: 'Failed jobs' },
};
