import { APPROVAL_PROCESSES } from '@credence/domain';

/**
 * The approval processes a staff member picks from when resolving a verification ('Resolved By Process',
 * verifications.md 2.11; `abp` in the resolution). The name is what the resolution records.
 */
export const APPROVAL_PROCESSES_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS approval_processes (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    description text,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

/**
 * The ones every installation starts with: the verifications area's list in libs/domain (reference data, not
 * demo data: the resolve form needs them). Staff edit the table from then on.
 */
export const DEFAULT_APPROVAL_PROCESSES = APPROVAL_PROCESSES.map((name) => ({ name, description: null as string | null }));
