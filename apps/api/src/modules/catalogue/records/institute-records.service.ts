import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { nameKey, valueKey } from './name-key';
import { isoDate } from './record-rows';

/** What the lifecycle asks: the person and qualification details of a request. */
export interface RecordQuery {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD (or DD/MM/YYYY). */
  dob: string;
  /** The request's institute field values (gradYear, qualification, ...); only keys the record holds are compared. */
  fields?: Record<string, unknown>;
}

export interface HeldRecord {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dob: string;
  fields: Record<string, string | number>;
}

/**
 * MATCH: a record of this person (first name, last name, date of birth) whose qualification fields agree with the
 * request. DETAILS_MISMATCH: the person is held but a field differs (the insight DETAILS). NO_MATCH: nobody, with
 * hints when the names match another date of birth (DOB) or the last name and date of birth match another first
 * name (NAME), which the NOT_FOUND guidance and the insights can use.
 */
export type RecordMatch =
  | { outcome: 'MATCH'; record: HeldRecord }
  | { outcome: 'DETAILS_MISMATCH'; record: HeldRecord; mismatchedFields: string[] }
  | { outcome: 'NO_MATCH'; hints: ('DOB' | 'NAME')[] };

/** The records an institute's requests are checked against automatically: lookups and the console's pages (imports: InstituteRecordsImport). */
@Injectable()
export class InstituteRecordsService {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Whether the product holds records for an institute (and so can check its requests automatically). */
  async holdsRecords(instituteId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM catalogue_institute_record WHERE institute_id = $1 LIMIT 1`,
      [instituteId],
    );
    return !!rowCount;
  }

  async findMatch(instituteId: string, query: RecordQuery): Promise<RecordMatch> {
    const dob = isoDate(query.dob);
    const first = nameKey(query.firstName);
    const last = nameKey(query.lastName);
    if (!dob || !first || !last) return { outcome: 'NO_MATCH', hints: [] };
    const { rows } = await this.pool.query<HeldRecord & { first_name_key: string; last_name_key: string }>(
      `SELECT id::text, first_name AS "firstName", middle_name AS "middleName", last_name AS "lastName",
              to_char(dob, 'YYYY-MM-DD') AS dob, fields, first_name_key, last_name_key
       FROM catalogue_institute_record
       WHERE institute_id = $1 AND ((last_name_key = $2 AND (dob = $3 OR first_name_key = $4)) OR (dob = $3 AND first_name_key = $4))
       ORDER BY id`,
      [instituteId, last, dob, first],
    );
    const people = rows.filter(
      (r) => r.first_name_key === first && r.last_name_key === last && r.dob === dob,
    );
    if (!people.length) {
      const hints: ('DOB' | 'NAME')[] = [];
      if (rows.some((r) => r.first_name_key === first && r.last_name_key === last)) hints.push('DOB');
      if (rows.some((r) => r.dob === dob && (r.first_name_key !== first || r.last_name_key !== last)))
        hints.push('NAME');
      return { outcome: 'NO_MATCH', hints };
    }
    const asked = query.fields ?? {};
    const compared = (r: HeldRecord) =>
      Object.entries(r.fields)
        .filter(([key]) => asked[key] !== undefined && asked[key] !== null && asked[key] !== '')
        .filter(([key, held]) => valueKey(held) !== valueKey(asked[key]))
        .map(([key]) => key);
    const candidates = people
      .map(({ first_name_key: _f, last_name_key: _l, ...record }) => ({
        record,
        mismatched: compared(record),
      }))
      .sort((a, b) => a.mismatched.length - b.mismatched.length);
    const [best] = candidates;
    if (!best.mismatched.length) return { outcome: 'MATCH', record: best.record };
    return { outcome: 'DETAILS_MISMATCH', record: best.record, mismatchedFields: best.mismatched };
  }

  /** One page of an institute's records: a name prefix, getMany's ids, by name (or by id when asked). */
  async list(
    instituteId: string,
    page: { offset: number; limit: number; q?: string; ids?: string[]; byId?: 'ASC' | 'DESC' },
  ): Promise<{ rows: HeldRecord[]; total: number }> {
    const key = page.q ? nameKey(page.q) : null;
    const order = page.byId ? `id ${page.byId}` : 'last_name_key, first_name_key, dob, id';
    const { rows } = await this.pool.query<HeldRecord & { total: number }>(
      `SELECT id::text, first_name AS "firstName", middle_name AS "middleName", last_name AS "lastName",
              to_char(dob, 'YYYY-MM-DD') AS dob, fields, count(*) OVER ()::int AS total
       FROM catalogue_institute_record
       WHERE institute_id = $1 AND ($2::text IS NULL OR last_name_key LIKE $2 || '%' OR first_name_key LIKE $2 || '%')
         AND ($5::text[] IS NULL OR id::text = ANY($5))
       ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [instituteId, key, page.limit, page.offset, page.ids ?? null],
    );
    return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
  }
}
