import { APPLICATION_STATUSES, DomainError, isApplicationStatus, type ApplicationStatus } from '@credence/domain';
import type { ApplicationRow, VerificationListRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import { VERIFICATION_LIST_TABLE } from '../../verifications';
import { all, first, instant, parsePage } from '../../../common/http/list-query';
import { APPLICATION_TABLE } from '../core/application-tables';

type Query = Record<string, unknown>;
const one = (q: Query, key: string) => first(q[key]);
const many = (q: Query, key: string) => all(q[key]);

/** Whose applications a caller reads: staff all, individuals their own, organisations the ones made to them. */
export type ApplicationScope = { kind: 'all' } | { kind: 'applicant'; companyId: string } | { kind: 'owner'; companyId: string };

export const scopeOf = (p: Principal): ApplicationScope =>
  p.qcAdmin ? { kind: 'all' } : p.isIndividual ? { kind: 'applicant', companyId: p.companyId } : { kind: 'owner', companyId: p.companyId };

export interface ApplicationCriteria {
  scope: ApplicationScope;
  statuses: ApplicationStatus[] | null;
  query?: string;
  from?: string;
  to?: string;
  ref?: string;
  /** The owner's custom fields: key to the value searched for. */
  custom: Record<string, string>;
}

const invalid = (message: string) => new DomainError('invalid', message);
/** Keys of GET /application that are not custom field filters. */
const KNOWN = new Set(['page', 'size', 'query', 'status', 'fromDate', 'toDate', 'ref', 'customerReference', 'sort']);
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of GET /application (verifications.md 7), custom keys checked against the owner's filterable fields. */
export function criteriaOf(q: Query, scope: ApplicationScope, customKeys: ReadonlySet<string>): ApplicationCriteria {
  const requested = many(q, 'status').flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase()).filter((s) => s && s !== 'ALL');
  const unknown = requested.filter((s) => !isApplicationStatus(s));
  if (unknown.length) throw invalid(`Unknown application status: ${unknown.join(', ')}. Use ${APPLICATION_STATUSES.join(', ')}.`);
  const custom: Record<string, string> = {};
  for (const key of Object.keys(q)) {
    if (KNOWN.has(key)) continue;
    if (!customKeys.has(key)) throw invalid(`Unknown application filter: ${key}.`);
    const v = one(q, key);
    if (v !== undefined) custom[key] = v.slice(0, 200);
  }
  return {
    scope,
    statuses: requested.length ? (requested as ApplicationStatus[]) : null,
    query: one(q, 'query')?.trim().slice(0, 200) || undefined,
    from: instant(one(q, 'fromDate'), 'fromDate', false),
    to: instant(one(q, 'toDate'), 'toDate', true),
    ref: (one(q, 'ref') ?? one(q, 'customerReference'))?.trim().slice(0, 200) || undefined,
    custom,
  };
}

export const pagingOfApplications = (q: Query) => parsePage(q, { size: 20, maxSize: 1000, maxPage: 100_000 });

/** What staff may sort the application list by, and the column expression of each. */
export const STAFF_SORTS = {
  created: '"created"',
  status: '"status"',
  applicantName: 'lower("applicantName")',
  ownerName: 'lower("ownerName")',
} as const;
export type StaffSort = keyof typeof STAFF_SORTS;

/** Reads of the application read model, always inside the caller's scope. */
@Injectable()
export class ApplicationListQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The application templates (application pages) an organisation owns, by name. */
  async templatesOf(companyId: string): Promise<{ id: string; name: string; template: number; applicantPays: boolean }[]> {
    const { rows } = await this.pool.query<{ id: string; name: string; template: number; applicantPays: boolean }>(
      `SELECT id, name, template, applicant_pays AS "applicantPays" FROM application_owners WHERE company_id = $1 ORDER BY name, id`,
      [companyId],
    );
    return rows;
  }

  private where(c: Omit<ApplicationCriteria, 'statuses'> & { statuses?: ApplicationStatus[] | null }) {
    const conds: string[] = [];
    const values: unknown[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      values.push(value);
      conds.push(sql(`$${values.length}`));
    };
    if (c.scope.kind === 'applicant') add((p) => `"applicantCompanyId" = ${p}`, c.scope.companyId);
    if (c.scope.kind === 'owner') add((p) => `"ownerCompanyId" = ${p}`, c.scope.companyId);
    if (c.statuses) add((p) => `"status" = ANY(${p})`, c.statuses);
    // An applicant's quick search is the Organisation filter (verifications 2.13): it looks in the owner's name
    // only, since the applicant's own name and reference would match every application they have.
    if (c.query && c.scope.kind === 'applicant') add((p) => `lower("ownerName") LIKE ${p}`, like(c.query.toLowerCase()));
    else if (c.query) add((p) => `"search" LIKE ${p}`, like(c.query.toLowerCase()));
    if (c.from) add((p) => `"created" >= ${p}`, c.from);
    if (c.to) add((p) => `"created" < ${p}`, c.to);
    if (c.ref) add((p) => `"customerReference" ILIKE ${p}`, like(c.ref));
    for (const [key, value] of Object.entries(c.custom)) {
      values.push(key);
      const k = `$${values.length}`;
      add((p) => `("fieldValues" ->> ${k}) ILIKE ${p}`, like(value));
    }
    return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', values };
  }

  async list(c: ApplicationCriteria, paging: { page: number; size: number }): Promise<{ rows: ApplicationRow[]; totalSize: number }> {
    const { sql, values } = this.where(c);
    const [page, count] = await Promise.all([
      this.pool.query<ApplicationRow>({
        text: `SELECT * FROM "${APPLICATION_TABLE}" ${sql} ORDER BY "created" DESC, "id" DESC LIMIT ${paging.size} OFFSET ${paging.page * paging.size}`,
        values,
        types: rowTypes,
      }),
      this.pool.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM "${APPLICATION_TABLE}" ${sql}`, values }),
    ]);
    return { rows: page.rows, totalSize: count.rows[0].n };
  }

  /**
   * The staff console's list (GET /admin/applications): every criterion of `list`, optionally narrowed to ids
   * (react-admin's getMany), sorted by one of STAFF_SORTS with the id as tie-breaker, paged by offset.
   */
  async staffList(
    c: ApplicationCriteria & { ids?: readonly string[] },
    sort: { field: StaffSort | 'id'; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
  ): Promise<{ rows: ApplicationRow[]; totalSize: number }> {
    const base = this.where(c);
    const values = [...base.values];
    let sql = base.sql;
    if (c.ids) {
      values.push(c.ids);
      sql = `${sql ? `${sql} AND` : 'WHERE'} "id" = ANY($${values.length})`;
    }
    const column = sort.field === 'id' ? '"id"' : STAFF_SORTS[sort.field];
    const order = `${column} ${sort.order}, "id" ${sort.order}`;
    const [page, count] = await Promise.all([
      this.pool.query<ApplicationRow>({
        text: `SELECT * FROM "${APPLICATION_TABLE}" ${sql} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        values: [...values, limit, offset],
        types: rowTypes,
      }),
      this.pool.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM "${APPLICATION_TABLE}" ${sql}`, values }),
    ]);
    return { rows: page.rows, totalSize: count.rows[0].n };
  }

  async countByStatus(c: Omit<ApplicationCriteria, 'statuses'>): Promise<Record<string, number>> {
    const { sql, values } = this.where(c);
    const { rows } = await this.pool.query<{ status: string; n: number }>({
      text: `SELECT "status", count(*)::int AS n FROM "${APPLICATION_TABLE}" ${sql} GROUP BY "status"`,
      values,
    });
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async get(id: string): Promise<ApplicationRow | null> {
    const { rows } = await this.pool.query<ApplicationRow>({ text: `SELECT * FROM "${APPLICATION_TABLE}" WHERE "id" = $1`, values: [id], types: rowTypes });
    return rows[0] ?? null;
  }

  /** The list rows of the verifications these applications include. */
  async verifications(ids: readonly string[]): Promise<Map<string, VerificationListRow>> {
    if (!ids.length) return new Map();
    const { rows } = await this.pool.query<VerificationListRow>({
      text: `SELECT * FROM "${VERIFICATION_LIST_TABLE}" WHERE "id" = ANY($1)`,
      values: [ids],
      types: rowTypes,
    });
    return new Map(rows.map((r) => [r.id, r]));
  }
}
