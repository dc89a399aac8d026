import { APPLICATION_STREAM_PREFIX, isApplicationEvent } from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';
import { applicationIdOf } from './application.projection';

/**
 * Which applications include which verification (chosen from the wallet, or submitted in the application): how
 * a verification's change finds its applications, and how the organisation an application was made to is let
 * read the verifications in it.
 */
export interface ApplicationMemberRow extends Row {
  id: string;
  applicationId: string;
  verificationId: string;
}

export const memberRowId = (applicationId: string, verificationId: string) => `${applicationId}|${verificationId}`;

function touched(event: ProjectedEvent): { added: string[]; removed: string[] } {
  if (!isApplicationEvent(event)) return { added: [], removed: [] };
  if (event.type === 'ApplicationVerificationsSelected') return { added: event.data.added, removed: event.data.removed };
  if (event.type === 'ApplicationSubmitted') return { added: event.data.verificationIds, removed: [] };
  return { added: [], removed: [] };
}

export const applicationMemberProjection: Projection<ApplicationMemberRow> = {
  name: 'application-member',
  version: 1,
  handles: ['ApplicationVerificationsSelected', 'ApplicationSubmitted'],
  rowIds: (event) => {
    if (!event.streamName.startsWith(APPLICATION_STREAM_PREFIX)) return [];
    const applicationId = applicationIdOf(event.streamName);
    const { added, removed } = touched(event);
    return [...added, ...removed].map((v) => memberRowId(applicationId, v));
  },
  evolve: (_row, event, id) => {
    const applicationId = applicationIdOf(event.streamName);
    const verificationId = id.slice(applicationId.length + 1);
    if (touched(event).removed.includes(verificationId)) return null;
    return { id, applicationId, verificationId };
  },
};
