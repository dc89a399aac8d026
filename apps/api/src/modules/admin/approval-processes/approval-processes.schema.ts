import { APPROVAL_PROCESSES } from '@credence/domain';

/**
 * The approval processes a staff member picks from when resolving a verification ('Resolved By Process',
 * verifications.md 2.11; `abp` in the resolution; the name is what the resolution records): the ones every
 * installation starts with, in the approval_processes table the migrations make (apps/api/migrations). These are
 * the verifications area's list in libs/domain (reference data, not demo data: the resolve form needs them).
 * Staff edit the table from then on.
 */
export const DEFAULT_APPROVAL_PROCESSES = APPROVAL_PROCESSES.map((name) => ({ name, description: null as string | null }));
