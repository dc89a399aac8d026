import AssignmentInd from '@mui/icons-material/AssignmentIndOutlined';
import type { ResourceProps } from 'react-admin';
import { ApplicationList } from '@/resources/applications/List';
import { ApplicationShow } from '@/resources/applications/Show';

/** Applicants' applications to organisations, across organisations: GET /admin/applications[/{id}], staff archive. */
export const applications: ResourceProps = {
  name: 'applications',
  list: ApplicationList,
  show: ApplicationShow,
  icon: AssignmentInd,
  options: { label: 'Applications' },
  recordRepresentation: 'applicantName',
};
