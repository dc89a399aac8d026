import type { VerificationFiguresView } from '@credence/api-contract';
import type { Pool } from 'pg';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';
import { q } from '../../../infrastructure/projections/projection-sql';

const NONE: VerificationFiguresView = { available: false, source: null, byResult: [], pendingByInstitute: [] };

const column = (def: ProjectionDefinition, ...names: string[]) => names.find((n) => n in def.table.columns);

/**
 * Counts by result and pending by institute, from the verifications area's read models as registered with the
 * projections (issue 7 owns them): `verification-counts` (company, result, count) for the counts when there is
 * one, and the list model (a table with a result and an institute column, `verification-list` by preference)
 * for pending by institute. Until they exist the dashboard says so instead of failing.
 */
export async function verificationFigures(pool: Pool, definitions: ProjectionDefinition[]): Promise<VerificationFiguresView> {
  const withResult = definitions.filter((d) => 'result' in d.table.columns && d.projection.name.includes('verification'));
  const list =
    withResult.find((d) => d.projection.name === 'verification-list') ?? withResult.find((d) => column(d, 'instituteId', 'institute_id'));
  const counts = withResult.find((d) => d.projection.name === 'verification-counts' && 'count' in d.table.columns);
  if (!list && !counts) return NONE;
  try {
    const byResult = await pool.query<{ result: string; count: number }>(
      counts
        ? `SELECT result::text AS result, sum(count)::int AS count FROM ${q(counts.table.name)} GROUP BY result HAVING sum(count) > 0 ORDER BY 2 DESC, 1`
        : `SELECT result::text AS result, count(*)::int AS count FROM ${q((list as ProjectionDefinition).table.name)} GROUP BY result ORDER BY 2 DESC, 1`,
    );
    let pendingByInstitute: VerificationFiguresView['pendingByInstitute'] = [];
    const instituteId = list && column(list, 'instituteId', 'institute_id');
    if (list && instituteId) {
      const nameColumn = column(list, 'instituteName', 'institute_name');
      pendingByInstitute = (
        await pool.query<VerificationFiguresView['pendingByInstitute'][number]>(
          `SELECT ${q(instituteId)}::text AS "instituteId", ${nameColumn ? `max(${q(nameColumn)}::text)` : 'NULL'} AS "instituteName", count(*)::int AS count
             FROM ${q(list.table.name)} WHERE result = 'PENDING' GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT 10`,
        )
      ).rows;
    }
    return { available: true, source: [counts?.table.name, list?.table.name].filter(Boolean).join(', '), byResult: byResult.rows, pendingByInstitute };
  } catch {
    // A read model table not created yet (its projection has not started) must not take the dashboard down.
    return NONE;
  }
}
