import type { Pool, PoolClient } from 'pg';
import type { InstituteDefinition, RefDataOption } from '../catalogue.model';

export type Queryable = Pick<Pool | PoolClient, 'query'>;

const CHUNK = 2000;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const toRow = (i: InstituteDefinition) => ({
  id: i.id,
  name: i.name,
  other_names: i.otherNames,
  country_id: i.countryId,
  parent_id: i.parentId,
  type: i.type,
  min_year: i.minYear,
  price: i.price,
  surcharge: i.surcharge,
  accreditation_price: i.accreditationPrice,
  allows_pending: i.allowsPending,
  read_only: i.readOnly,
  allows_current_student: i.allowsCurrentStudent,
  max_additional_docs: i.maxAdditionalDocs,
  searchable: i.searchable,
  fields: i.fields,
  document_requirements: i.documentRequirements,
  notices: i.notices,
});

const RECORDSET = `jsonb_to_recordset($1::jsonb) AS x(
  id text, name text, other_names text[], country_id text, parent_id text, type text, min_year integer,
  price numeric, surcharge numeric, accreditation_price numeric, allows_pending boolean, read_only boolean,
  allows_current_student boolean, max_additional_docs integer, searchable boolean, fields jsonb,
  document_requirements jsonb, notices jsonb)`;

const COLUMNS = `id, name, other_names, country_id, parent_id, type, min_year, price, surcharge, accreditation_price,
  allows_pending, read_only, allows_current_student, max_additional_docs, searchable, fields, document_requirements, notices`;

/**
 * Inserts institutes (and every one of their names, for the substring search) in bulk: one statement per 2,000
 * rows, the rows passed as one JSON parameter. Parents must come before their children. Existing ids are left
 * alone, so a seed never overwrites what staff have edited. The search index hears of them from the triggers.
 */
export async function insertInstitutes(
  db: Queryable,
  institutes: readonly InstituteDefinition[],
): Promise<number> {
  let inserted = 0;
  for (const chunk of chunks(institutes)) {
    const json = JSON.stringify(chunk.map(toRow));
    const res = await db.query(
      `WITH ins AS (
         INSERT INTO catalogue_institute (${COLUMNS}) SELECT ${COLUMNS} FROM ${RECORDSET}
         ON CONFLICT (id) DO NOTHING RETURNING id, name, other_names)
       INSERT INTO catalogue_institute_name (institute_id, name)
       SELECT DISTINCT ins.id, n FROM ins CROSS JOIN LATERAL unnest(array_prepend(ins.name, ins.other_names)) AS n
       ON CONFLICT DO NOTHING
       RETURNING institute_id`,
      [json],
    );
    inserted += new Set(res.rows.map((r: { institute_id: string }) => r.institute_id)).size;
  }
  return inserted;
}

export async function insertRefData(db: Queryable, options: readonly RefDataOption[]): Promise<void> {
  for (const chunk of chunks(options)) {
    await db.query(
      `INSERT INTO catalogue_refdata (institute_id, field_key, id, name)
       SELECT x.institute_id, x.field_key, x.id, x.name
       FROM jsonb_to_recordset($1::jsonb) AS x(institute_id text, field_key text, id text, name text)
       ON CONFLICT DO NOTHING`,
      [
        JSON.stringify(
          chunk.map((o) => ({ institute_id: o.instituteId, field_key: o.fieldKey, id: o.id, name: o.name })),
        ),
      ],
    );
  }
}

/** Writes one institute as given (insert or full replace), and its names. For the admin API, inside its transaction. */
export async function saveInstitute(db: Queryable, institute: InstituteDefinition): Promise<void> {
  const sets = COLUMNS.split(',')
    .map((c) => c.trim())
    .filter((c) => c !== 'id')
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  await db.query(
    `INSERT INTO catalogue_institute (${COLUMNS}) SELECT ${COLUMNS} FROM ${RECORDSET}
     ON CONFLICT (id) DO UPDATE SET ${sets}, updated_at = now()`,
    [JSON.stringify([toRow(institute)])],
  );
  await db.query(`DELETE FROM catalogue_institute_name WHERE institute_id = $1`, [institute.id]);
  await db.query(
    `INSERT INTO catalogue_institute_name (institute_id, name) SELECT DISTINCT $1::text, n FROM unnest($2::text[]) AS n`,
    [institute.id, [institute.name, ...institute.otherNames]],
  );
}
