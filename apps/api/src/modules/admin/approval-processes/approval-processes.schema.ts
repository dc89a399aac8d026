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

/** The ones every installation starts with (reference data, not demo data: the resolve form needs them). */
export const DEFAULT_APPROVAL_PROCESSES = [
  { name: 'Institute records check', description: 'Confirmed against the records the institute holds.' },
  { name: 'Registrar confirmation', description: 'Confirmed in writing by the registrar or records office.' },
  { name: 'Telephone confirmation', description: 'Confirmed by telephone with the institute or employer.' },
  { name: 'Document examination', description: 'Decided on the documents supplied, examined by staff.' },
];
