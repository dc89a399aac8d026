import { applicationMemberProjection, applicationProjection } from '@credence/read-models';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';

export const APPLICATION_TABLE = 'rm_application';
export const APPLICATION_MEMBER_TABLE = 'rm_application_member';

/**
 * Applications are read by their organisation (newest first, by status) and by their applicant; the member
 * table answers "which applications include this verification".
 */
export const applicationDefinition: ProjectionDefinition = {
  projection: applicationProjection,
  table: {
    name: APPLICATION_TABLE,
    columns: {
      ownerId: 'text NOT NULL',
      ownerCompanyId: 'text NOT NULL',
      ownerName: 'text NOT NULL',
      applicantCompanyId: 'text NOT NULL',
      applicantName: 'text NOT NULL',
      customerReference: 'text',
      status: 'text NOT NULL',
      created: 'timestamptz NOT NULL',
      submitted: 'timestamptz',
      completed: 'timestamptz',
      verificationIds: 'jsonb NOT NULL',
      verificationCount: 'integer NOT NULL',
      fieldValues: 'jsonb NOT NULL',
      insightTag: 'boolean NOT NULL DEFAULT false',
      search: 'text NOT NULL',
      state: 'jsonb NOT NULL',
    },
    indexes: [
      ['ownerCompanyId', 'created DESC', 'id DESC'],
      ['ownerCompanyId', 'status', 'created DESC'],
      ['applicantCompanyId', 'created DESC', 'id DESC'],
      ['status', 'created DESC'],
      // ApplicationsReconcileSweeper's keyset pages of the applications following their verifications.
      ['status', 'id'],
    ],
  },
};

export const applicationMemberDefinition: ProjectionDefinition = {
  projection: applicationMemberProjection,
  table: {
    name: APPLICATION_MEMBER_TABLE,
    columns: { applicationId: 'text NOT NULL', verificationId: 'text NOT NULL' },
    indexes: [['verificationId'], ['applicationId']],
  },
};

export const applicationProjectionDefinitions = [applicationDefinition, applicationMemberDefinition];
