import { DomainError, expandResultFilter } from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { all, first, instant, parsePage } from '../../../common/http/list-query';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { presentListRow, VERIFICATION_LIST_TABLE } from '../../verifications';
import { REFERRAL_TABLE } from '../referral-tables';

type Query = Record<string, unknown>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The short codes of verifications.md 3 and the aliases themselves, as the type filter takes them. */
const TYPE_ALIASES: Record<string, string> = {
  EDU: 'UNI', EMP: 'EMPLOYMENT', PLI: 'PROF_LIC', PCE: 'PROF_CERT', HSC: 'HIGH_SCHOOL', IDC: 'IDENTITY', ELC: 'ENG_LANG', ARF: 'ACA_REF',
};

/** What the referral calls answer: the organisations a caller referred, and the verifications they requested. */
@Injectable()
export class ReferralQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The referral codes the caller's organisation owns: its referrals are those registered with them. */
  private async codes(principal: Principal): Promise<string[]> {
    if (principal.isIndividual || !principal.hasReferrals) return [];
    const { rows } = await this.pool.query<{ code: string }>(`SELECT code FROM referral_owners WHERE company_id = $1`, [principal.companyId]);
    return rows.map((r) => r.code);
  }

  /** GET /referral?query&page&size: {content: [{id, name, type}], totalSize}, by name. */
  async referrals(principal: Principal, q: Query) {
    const { size, offset } = parsePage(q, { size: 20, maxSize: 10_000, maxPage: 1_000_000 });
    const codes = await this.codes(principal);
    if (!codes.length) return { content: [], totalSize: 0 };
    const values: unknown[] = [codes];
    let where = `"referralCode" = ANY($1) AND kind = 'ORGANISATION'`;
    const query = first(q.query);
    if (query) {
      values.push(like(query.toLowerCase()));
      where += ` AND lower("companyName") LIKE $${values.length}`;
    }
    const { rows } = await this.pool.query<{ id: string; name: string; type: string; total: string }>(
      `SELECT "companyId" AS id, "companyName" AS name, "organisationType" AS type, count(*) OVER () AS total
         FROM ${REFERRAL_TABLE} WHERE ${where} ORDER BY lower("companyName"), "companyId" LIMIT ${size} OFFSET ${offset}`,
      values,
    );
    const totalSize = rows.length ? Number(rows[0].total) : offset ? await this.count(where, values) : 0;
    return { content: rows.map(({ id, name, type }) => ({ id, name, type })), totalSize };
  }

  private async count(where: string, values: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${REFERRAL_TABLE} WHERE ${where}`, values);
    return Number(rows[0].n);
  }

  /**
   * GET /referral/history: the referred organisations' verifications as history rows (the verification list read
   * model) plus company, institute and total (the price as ordered), newest first.
   */
  async history(principal: Principal, q: Query) {
    const { size, offset } = parsePage(q, { size: 20, maxSize: 100, maxPage: 1_000_000 });
    const codes = await this.codes(principal);
    if (!codes.length) return { content: [], totalSize: 0 };
    const values: unknown[] = [codes];
    const conds = [`r."referralCode" = ANY($1)`, `r.kind = 'VERIFICATION'`, `v.result <> 'DELETED'`];
    const add = (sql: (p: string) => string, value: unknown) => {
      values.push(value);
      conds.push(sql(`$${values.length}`));
    };
    const query = first(q.query);
    if (query) add((p) => `v.search LIKE ${p}`, like(query.toLowerCase()));
    const organisations = all(q.organisation).concat(all(q.requestedBy));
    if (organisations.length) add((p) => `r."companyId" = ANY(${p})`, organisations);
    const reference = first(q.customerReference);
    if (reference) add((p) => `v."customerReference" ILIKE ${p}`, like(reference));
    const results = all(q.results).concat(all(q.result)).flatMap((r) => r.split(',')).filter(Boolean);
    if (results.length) {
      const expanded = expandResultFilter(results, { showDeleted: false });
      if (expanded.unknown.length) throw new DomainError('invalid', `Unknown result filter: ${expanded.unknown.join(', ')}.`);
      add((p) => `v.result = ANY(${p})`, expanded.results);
    }
    const types = all(q.type).flatMap((t) => t.split(',')).map((t) => t.trim().toUpperCase()).filter(Boolean).map((t) => TYPE_ALIASES[t] ?? t);
    if (types.length) add((p) => `v.type = ANY(${p})`, types);
    const from = instant(first(q.fromDate), 'fromDate', false);
    if (from) add((p) => `v.recorded >= ${p}`, from);
    const to = instant(first(q.toDate), 'toDate', true);
    if (to) add((p) => `v.recorded < ${p}`, to);
    const where = conds.join(' AND ');
    const { rows } = await this.pool.query<VerificationListRow & { referralTotal: number | null; referralCurrency: string | null; total_count: string }>(
      `SELECT v.*, r.total AS "referralTotal", r.currency AS "referralCurrency", count(*) OVER () AS total_count
         FROM ${REFERRAL_TABLE} r JOIN ${VERIFICATION_LIST_TABLE} v ON v.id = r."verificationId"
        WHERE ${where} ORDER BY v.recorded DESC, v.id DESC LIMIT ${size} OFFSET ${offset}`,
      values,
    );
    let totalSize = rows.length ? Number(rows[0].total_count) : 0;
    if (!rows.length && offset) {
      const c = await this.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${REFERRAL_TABLE} r JOIN ${VERIFICATION_LIST_TABLE} v ON v.id = r."verificationId" WHERE ${where}`,
        values,
      );
      totalSize = Number(c.rows[0].n);
    }
    return {
      content: rows.map((row) => ({
        ...presentListRow(row, 'history'),
        // The referral owner reads, it does not act on the request.
        permissions: 0,
        company: { id: row.companyId, name: row.companyName },
        institute: row.instituteName,
        total: row.referralTotal === null ? null : Number(row.referralTotal),
        currency: row.referralCurrency,
      })),
      totalSize,
    };
  }
}
