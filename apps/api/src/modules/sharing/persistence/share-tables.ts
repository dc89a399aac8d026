import { shareProjection } from '@credence/read-models';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';

export const SHARE_TABLE = 'rm_share';

/**
 * The share read models: one table, one index per question (an owner's wallet shares, a verification's shares,
 * an invitee's shares). Never asked whether a share may be opened: that is the stream's to say.
 */
export const shareDefinition: ProjectionDefinition = {
  projection: shareProjection,
  table: {
    name: SHARE_TABLE,
    columns: {
      ownerCompanyId: 'text NOT NULL',
      ownerUsername: 'text NOT NULL',
      ownerName: 'text NOT NULL',
      targetKind: 'text NOT NULL',
      verificationId: 'text',
      type: 'text NOT NULL',
      key: 'text NOT NULL',
      inviteeEmail: 'text',
      acceptedName: 'text',
      expiresAt: 'timestamptz',
      created: 'timestamptz NOT NULL',
      revoked: 'timestamptz',
      viewCount: 'integer NOT NULL DEFAULT 0',
      lastViewed: 'timestamptz',
      views: 'jsonb NOT NULL',
    },
    indexes: [
      ['ownerCompanyId', 'targetKind', 'created'],
      ['verificationId', 'created'],
      ['inviteeEmail', 'created'],
    ],
  },
};

export const shareProjectionDefinitions = [shareDefinition];
