import {
  verificationCountsProjection,
  verificationDetailProjection,
  verificationListProjection,
  verificationResolveKeysProjection,
} from '@credence/read-models';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';

export const VERIFICATION_LIST_TABLE = 'rm_verification_list';
export const VERIFICATION_DETAIL_TABLE = 'rm_verification_detail';
export const VERIFICATION_COUNTS_TABLE = 'rm_verification_counts';
export const VERIFICATION_RESOLVE_KEYS_TABLE = 'rm_verification_resolve_keys';

/**
 * The list table is narrow and indexed for each way the lists read it, newest first with the id as tie-breaker so
 * keyset pages are stable: a company's history (with result, so counting and paging skip the heap), a restricted
 * user's own, by result, an institute's or parent's pending and resolved, the staff console, duplicates, reference.
 */
export const verificationListDefinition: ProjectionDefinition = {
  projection: verificationListProjection,
  table: {
    name: VERIFICATION_LIST_TABLE,
    columns: {
      companyId: 'text NOT NULL',
      companyName: 'text',
      requestedBy: 'text NOT NULL',
      requestedByName: 'text',
      individual: 'boolean NOT NULL DEFAULT false',
      type: 'text NOT NULL',
      instituteId: 'text',
      instituteName: 'text',
      instituteNames: 'jsonb',
      instituteCountry: 'text',
      instituteParentId: 'text',
      firstname: 'text',
      middlename: 'text',
      surname: 'text',
      dob: 'text',
      employerName: 'text',
      credential: 'text',
      customerReference: 'text',
      applicationId: 'text',
      result: 'text NOT NULL',
      stage: 'text NOT NULL',
      awaitingResolver: 'boolean NOT NULL DEFAULT false',
      retriesLeft: 'integer NOT NULL DEFAULT 0',
      thirdPartyActionUrl: 'text',
      accreditationStatus: 'text',
      resolvedResult: 'text',
      resolvedAt: 'timestamptz',
      resolverCompanyId: 'text',
      recorded: 'timestamptz NOT NULL',
      updated: 'timestamptz NOT NULL',
      search: 'text NOT NULL',
    },
    indexes: [
      ['companyId', 'recorded DESC', 'id DESC', 'result'],
      ['companyId', 'requestedBy', 'recorded DESC', 'id DESC', 'result'],
      ['companyId', 'result', 'recorded DESC', 'id DESC'],
      ['instituteId', 'awaitingResolver', 'recorded DESC'],
      ['instituteParentId', 'awaitingResolver', 'recorded DESC'],
      ['instituteId', 'resolvedAt DESC'],
      ['instituteParentId', 'resolvedAt DESC'],
      ['recorded DESC', 'id DESC'],
      ['awaitingResolver', 'recorded DESC'],
      ['resolvedAt DESC'],
      ['companyId', 'instituteId', 'dob'],
      ['companyId', 'customerReference'],
      ['stage', 'updated'],
    ],
  },
};

export const verificationDetailDefinition: ProjectionDefinition = {
  projection: verificationDetailProjection,
  table: {
    name: VERIFICATION_DETAIL_TABLE,
    columns: {
      companyId: 'text NOT NULL',
      requestedBy: 'text NOT NULL',
      instituteId: 'text',
      instituteParentId: 'text',
      result: 'text NOT NULL',
      state: 'jsonb NOT NULL',
      timeline: 'jsonb NOT NULL',
    },
  },
};

export const verificationCountsDefinition: ProjectionDefinition = {
  projection: verificationCountsProjection,
  table: {
    name: VERIFICATION_COUNTS_TABLE,
    columns: { companyId: 'text NOT NULL', result: 'text NOT NULL', count: 'integer NOT NULL' },
    indexes: [['companyId']],
  },
};

export const verificationResolveKeysDefinition: ProjectionDefinition = {
  projection: verificationResolveKeysProjection,
  table: {
    name: VERIFICATION_RESOLVE_KEYS_TABLE,
    columns: { verificationId: 'text NOT NULL', issuedAt: 'text NOT NULL' },
  },
};

export const verificationProjectionDefinitions = [
  verificationListDefinition,
  verificationDetailDefinition,
  verificationCountsDefinition,
  verificationResolveKeysDefinition,
];
