import { referralProjection } from '@credence/read-models';
import type { ProjectionDefinition } from '../../infrastructure/projections/projection-definition';

export const REFERRAL_TABLE = 'rm_referral';

/** A referral owner reads its organisations by name and their verifications newest first. */
export const referralDefinition: ProjectionDefinition = {
  projection: referralProjection,
  table: {
    name: REFERRAL_TABLE,
    columns: {
      kind: 'text NOT NULL',
      referralCode: 'text NOT NULL',
      companyId: 'text NOT NULL',
      companyName: 'text NOT NULL',
      organisationType: 'text NOT NULL',
      verificationId: 'text',
      currency: 'text',
      total: 'double precision',
      recorded: 'timestamptz NOT NULL',
    },
    indexes: [
      ['referralCode', 'kind', 'recorded DESC'],
      ['companyId', 'kind'],
    ],
  },
};

export const referralProjectionDefinitions = [referralDefinition];
