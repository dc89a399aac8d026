import type { Pool } from 'pg';

export interface VerificationFigures {
  /** False until the verifications area has a read model with a result column. */
  available: boolean;
  /** The table the figures came from, for the console's footnote. */
  source: string | null;
  byResult: { result: string; count: number }[];
  pendingByInstitute: { instituteId: string | null; instituteName: string | null; count: number }[];
}

const NONE: VerificationFigures = { available: false, source: null, byResult: [], pendingByInstitute: [] };
const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Counts by result and pending by institute, from whichever verification read model exists: the verifications
 * area (issue 7) owns that table, so the dashboard finds it (a table named like *verification* with a `result`
 * column, preferring one with an institute column) instead of depending on its name, and answers
 * `available: false` until there is one.
 */
export async function verificationFigures(pool: Pool): Promise<VerificationFigures> {
  try {
    const { rows: tables } = await pool.query<{ table: string; columns: string[] }>(
      `SELECT c.table_name AS table, array_agg(c.column_name::text) AS columns
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name ILIKE '%verification%'
        GROUP BY c.table_name
       HAVING bool_or(c.column_name = 'result')
        ORDER BY bool_or(c.column_name = 'institute_id') DESC, count(*) DESC, c.table_name`,
    );
    const chosen = tables[0];
    if (!chosen) return NONE;
    const table = quote(chosen.table);
    const byResult = await pool.query<{ result: string; count: number }>(
      `SELECT result::text AS result, count(*)::int AS count FROM ${table} GROUP BY result ORDER BY count DESC, result`,
    );
    let pendingByInstitute: VerificationFigures['pendingByInstitute'] = [];
    if (chosen.columns.includes('institute_id')) {
      const name = chosen.columns.includes('institute_name') ? 'max(institute_name::text)' : 'NULL';
      pendingByInstitute = (
        await pool.query<VerificationFigures['pendingByInstitute'][number]>(
          `SELECT institute_id::text AS "instituteId", ${name} AS "instituteName", count(*)::int AS count
             FROM ${table} WHERE result = 'PENDING' GROUP BY institute_id ORDER BY count DESC, institute_id LIMIT 10`,
        )
      ).rows;
    }
    return { available: true, source: chosen.table, byResult: byResult.rows, pendingByInstitute };
  } catch {
    // A read model being rebuilt or migrated must not take the dashboard down.
    return NONE;
  }
}
