import {
  APPLICATION_EVENT_TYPES,
  APPLICATION_STREAM_PREFIX,
  evolveApplication,
  hasNotableInsight,
  initialApplicationState,
  isApplicationEvent,
  type ApplicationFieldValue,
  type ApplicationState,
  type ApplicationStatus,
} from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';

/**
 * One row per application: the columns the applicant history and the open-applications list filter and sort on
 * (owner or applicant, status, dates, reference, the owner's custom fields), and the whole state for the
 * application view. The domain's own evolve builds the state, so the view and the command side agree.
 */
export interface ApplicationRow extends Row {
  id: string;
  ownerId: string;
  ownerCompanyId: string;
  ownerName: string;
  applicantCompanyId: string;
  applicantName: string;
  customerReference: string | null;
  status: ApplicationStatus;
  created: string;
  submitted: string | null;
  completed: string | null;
  verificationIds: string[];
  verificationCount: number;
  /** The owner's custom fields, key to value, for the custom filters. */
  fieldValues: Record<string, ApplicationFieldValue>;
  /** A completed application with a DETAILS insight or a mismatch ('Insights' tag in lists). */
  insightTag: boolean;
  /** Lower-case applicant name, owner name, id and reference: what the quick search matches. */
  search: string;
  state: ApplicationState & Record<string, unknown>;
}

export const applicationIdOf = (streamName: string) => streamName.slice(APPLICATION_STREAM_PREFIX.length);

export function evolveApplicationRow(row: ApplicationRow | null, event: ProjectedEvent, id: string): ApplicationRow | null {
  if (!isApplicationEvent(event)) return row;
  if (!row && event.type !== 'ApplicationOpened') return null;
  const state = evolveApplication(row?.state ?? initialApplicationState(), event);
  const applicantName = `${state.applicant.firstname} ${state.applicant.lastname}`.trim();
  return {
    id,
    ownerId: state.template.ownerId,
    ownerCompanyId: state.template.ownerCompanyId,
    ownerName: state.template.ownerName,
    applicantCompanyId: state.applicant.companyId,
    applicantName,
    customerReference: state.customerReference,
    status: state.status,
    created: state.created,
    submitted: state.submitted,
    completed: state.completed,
    verificationIds: state.verificationIds,
    verificationCount: state.verificationIds.length,
    fieldValues: state.fields,
    insightTag: state.status === 'COMPLETED' && hasNotableInsight(state.insights),
    search: [applicantName, state.template.ownerName, id, state.customerReference].filter(Boolean).join(' ').toLowerCase(),
    state: state as ApplicationRow['state'],
  };
}

export const applicationProjection: Projection<ApplicationRow> = {
  name: 'application',
  version: 1,
  handles: APPLICATION_EVENT_TYPES,
  rowIds: (event) => (event.streamName.startsWith(APPLICATION_STREAM_PREFIX) ? [applicationIdOf(event.streamName)] : []),
  evolve: (row, event, id) => evolveApplicationRow(row, event, id),
};
