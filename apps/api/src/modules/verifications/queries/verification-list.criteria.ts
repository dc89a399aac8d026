import { DomainError, RESULTS, type VerificationResult } from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';
import { VERIFICATION_COUNTS_TABLE, VERIFICATION_LIST_TABLE } from '../projections/verification-tables';

// What a verification list asks for (scope, filters, paging) and the SQL WHERE it becomes: pure, no I/O.

export const T = `"${VERIFICATION_LIST_TABLE}"`;
export const C = `"${VERIFICATION_COUNTS_TABLE}"`;

/** Offsets beyond this are refused (keyset cursors go on for ever): a deep OFFSET reads every row it skips. */
export const MAX_OFFSET = 100_000;
/** Totals of arbitrary filters are counted up to this many rows; beyond, totalSize says 'at least'. */
export const COUNT_CAP = 10_000;
export const MAX_PAGE_SIZE = 100;

export type ListScope =
  | { kind: 'company'; companyId: string; requestedBy?: string }
  | { kind: 'resolver'; instituteIds: readonly string[] | 'all'; list: 'pending' | 'resolved' }
  | { kind: 'all' };

export interface ListCriteria {
  scope: ListScope;
  query?: string;
  requestedBy?: string;
  customerReference?: string;
  /** null: every result except DELETED (unless includeDeleted). */
  results?: readonly VerificationResult[] | null;
  includeDeleted?: boolean;
  types?: readonly string[];
  /** Inclusive lower bound and exclusive upper bound, as instants. */
  from?: string;
  to?: string;
  instituteId?: string;
  companyId?: string;
  firstname?: string;
  surname?: string;
  dob?: string;
  /** getMany: only these records (applied in SQL, before paging). */
  ids?: readonly string[];
}

export interface Paging {
  page: number;
  size: number;
  /** A keyset cursor from a previous page's nextCursor: replaces page. */
  after?: string;
}

export interface ListPage {
  rows: VerificationListRow[];
  totalSize: number;
  /** True when totalSize is the count cap, not the exact total. */
  totalCapped: boolean;
  nextCursor: string | null;
}

export const ALL_BUT_DELETED = RESULTS.filter((r) => r !== 'DELETED');
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const encodeCursor = (sortValue: string, id: string) => Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
export function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) {
      return [v[0], v[1]];
    }
  } catch {
    // fall through
  }
  throw new DomainError('invalid', 'The after cursor is not valid.');
}

/** Where clause and parameters for a set of criteria; the sort column depends on the list. */
export function build(c: ListCriteria) {
  const where: string[] = [];
  const values: unknown[] = [];
  const p = (v: unknown) => `$${values.push(v)}`;
  const resultColumn = c.scope.kind === 'resolver' && c.scope.list === 'resolved' ? '"resolvedResult"' : '"result"';
  switch (c.scope.kind) {
    case 'company':
      where.push(`"companyId" = ${p(c.scope.companyId)}`);
      if (c.scope.requestedBy) where.push(`"requestedBy" = ${p(c.scope.requestedBy)}`);
      break;
    case 'resolver': {
      const ids = c.scope.instituteIds;
      if (ids !== 'all') {
        const list = p(ids);
        where.push(`("instituteId" = ANY(${list}) OR "instituteParentId" = ANY(${list}))`);
      }
      where.push(c.scope.list === 'pending' ? `"awaitingResolver"` : `"resolvedAt" IS NOT NULL`);
      break;
    }
    case 'all':
      break;
    default: {
      const never: never = c.scope;
      throw new Error(`unknown scope ${JSON.stringify(never)}`);
    }
  }
  if (c.results?.length) where.push(`${resultColumn} = ANY(${p(c.results)})`);
  if (!c.includeDeleted && c.scope.kind !== 'resolver') where.push(`"result" <> 'DELETED'`);
  if (c.requestedBy) where.push(`"requestedBy" = ${p(c.requestedBy.trim().toLowerCase())}`);
  if (c.companyId) where.push(`"companyId" = ${p(c.companyId)}`);
  if (c.instituteId) where.push(`"instituteId" = ${p(c.instituteId)}`);
  if (c.types?.length) where.push(`"type" = ANY(${p(c.types)})`);
  if (c.from) where.push(`"recorded" >= ${p(c.from)}::timestamptz`);
  if (c.to) where.push(`"recorded" < ${p(c.to)}::timestamptz`);
  if (c.firstname) where.push(`lower("firstname") = ${p(c.firstname.trim().toLowerCase())}`);
  if (c.surname) where.push(`lower("surname") = ${p(c.surname.trim().toLowerCase())}`);
  if (c.dob) where.push(`"dob" = ${p(c.dob)}`);
  if (c.ids) where.push(`"id" = ANY(${p(c.ids)})`);
  if (c.customerReference?.trim()) where.push(`"customerReference" ILIKE ${p(`%${likeEscape(c.customerReference.trim())}%`)}`);
  if (c.query?.trim()) {
    const q = c.query.trim();
    where.push(`("search" LIKE ${p(`%${likeEscape(q.toLowerCase())}%`)} OR "id" = ${p(q.toUpperCase())})`);
  }
  return { where, values, p };
}

/** A whole company's list, at most narrowed by result: its totals are in the counts read model. */
export function isPlainCompany(c: ListCriteria): boolean {
  return (
    c.scope.kind === 'company' &&
    !c.scope.requestedBy &&
    !c.requestedBy &&
    !c.companyId &&
    !c.query?.trim() &&
    !c.customerReference?.trim() &&
    !c.types?.length &&
    !c.from &&
    !c.to &&
    !c.instituteId &&
    !c.firstname &&
    !c.surname &&
    !c.dob &&
    !c.ids
  );
}

export type AdminSort = 'id' | 'recorded' | 'updated' | 'result' | 'companyName' | 'instituteName';
