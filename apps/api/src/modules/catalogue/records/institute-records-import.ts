import type { RecordsImportView } from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CatalogueAudit, type Actor } from '../audit/catalogue-audit';
import type { InstituteField } from '../catalogue.model';
import type { Queryable } from '../persistence/institute-writer';
import { withTransaction } from '../persistence/transaction';
import { CsvSyntaxError, parseCsv } from './csv';
import { nameKey, valueKey } from './name-key';
import { readRecordRows, RecordFileError, recordIdentity, type RecordInput, type RowError } from './record-rows';

const MAX_LISTED_ERRORS = 100;

/** Thrown when rows are bad: 422 with one message per bad row (the filter turns `errors` into the spec's body). */
export class RecordImportRejected extends Error {
  constructor(readonly messages: string[]) {
    super(messages[0]);
    this.name = 'RecordImportRejected';
  }
}

/** Staff imports of an institute's records from CSV (POST /admin/institutes/{id}/records), audited. */
@Injectable()
export class InstituteRecordsImport {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: CatalogueAudit,
  ) {}

  /**
   * Imports a CSV of records for an institute in one transaction: any bad row (or a row already held, when
   * appending) and nothing is imported. `replace` swaps the institute's records for the file's.
   */
  async importCsv(
    instituteId: string,
    csv: string,
    mode: 'append' | 'replace',
    actor: Actor,
  ): Promise<RecordsImportView> {
    const institute = await this.pool.query<{ fields: InstituteField[] }>(
      `SELECT fields FROM catalogue_institute WHERE id = $1`,
      [instituteId],
    );
    if (!institute.rowCount) throw new DomainError('not-found', 'Institute not found.');
    const fields = institute.rows[0].fields;
    let rows;
    try {
      rows = parseCsv(csv);
    } catch (e) {
      if (e instanceof CsvSyntaxError)
        throw new DomainError('invalid', `The file is not valid CSV. ${e.message}`);
      throw e;
    }
    let read: { records: RecordInput[]; errors: RowError[] };
    try {
      read = readRecordRows(
        rows,
        fields,
        await this.optionsOf(instituteId, fields),
        new Date().toISOString().slice(0, 10),
      );
    } catch (e) {
      if (e instanceof RecordFileError) throw new DomainError('invalid', e.message);
      throw e;
    }
    if (read.errors.length) throw rejection(read.errors);

    return withTransaction(this.pool, async (client) => {
      // One import per institute at a time, so two appends cannot both pass the duplicate check.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('catalogue-records:' || $1))`, [instituteId]);
      let removed = 0;
      if (mode === 'replace') {
        removed =
          (
            await client.query(`DELETE FROM catalogue_institute_record WHERE institute_id = $1`, [
              instituteId,
            ])
          ).rowCount ?? 0;
      } else {
        const held = await this.identities(client, instituteId);
        const lineOf = new Map(rows.slice(1).map((r, i) => [i, r.line]));
        const clashes = read.records
          .map((r, i) => ({ r, line: lineOf.get(i) ?? i + 2 }))
          .filter(({ r }) => held.has(recordIdentity(r)))
          .map(({ line }) => ({ line, message: 'this record is already held for this institute.' }));
        if (clashes.length) throw rejection(clashes);
      }
      const importId = randomUUID();
      await insertRecords(client, instituteId, read.records, importId);
      const result: RecordsImportView = { importId, instituteId, mode, imported: read.records.length, removed };
      await this.audit.record('InstituteRecordsImported', { ...result }, actor);
      return result;
    });
  }

  private async optionsOf(instituteId: string, fields: InstituteField[]): Promise<Map<string, Set<string>>> {
    const { rows } = await this.pool.query<{ field_key: string; id: string; name: string }>(
      `SELECT field_key, id, name FROM catalogue_refdata WHERE institute_id = $1`,
      [instituteId],
    );
    const options = new Map<string, Set<string>>();
    const add = (key: string, value: string) => {
      const set = options.get(key) ?? new Set<string>();
      set.add(valueKey(value));
      options.set(key, set);
    };
    for (const r of rows) {
      add(r.field_key, r.name);
      add(r.field_key, r.id);
    }
    for (const f of fields) for (const v of f.values ?? []) add(f.key, v);
    return options;
  }

  private async identities(db: Queryable, instituteId: string): Promise<Set<string>> {
    const { rows } = await db.query<{
      first_name: string;
      last_name: string;
      dob: string;
      fields: RecordInput['fields'];
    }>(
      `SELECT first_name, last_name, to_char(dob, 'YYYY-MM-DD') AS dob, fields FROM catalogue_institute_record WHERE institute_id = $1`,
      [instituteId],
    );
    return new Set(
      rows.map((r) =>
        recordIdentity({ firstName: r.first_name, lastName: r.last_name, dob: r.dob, fields: r.fields }),
      ),
    );
  }
}

function rejection(errors: RowError[]): RecordImportRejected {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map((e) => `Line ${e.line}: ${e.message}`);
  const more =
    errors.length > MAX_LISTED_ERRORS
      ? [`... and ${errors.length - MAX_LISTED_ERRORS} more lines with errors.`]
      : [];
  const lines = errors.length === 1 ? '1 line has an error' : `${errors.length} lines have errors`;
  return new RecordImportRejected([`Nothing was imported: ${lines}.`, ...listed, ...more]);
}

/** Bulk insert of records (import and demo seed). */
export async function insertRecords(
  db: Queryable,
  instituteId: string,
  records: readonly RecordInput[],
  importId: string | null,
) {
  for (let i = 0; i < records.length; i += 5000) {
    const chunk = records.slice(i, i + 5000).map((r) => ({
      first_name: r.firstName,
      middle_name: r.middleName,
      last_name: r.lastName,
      dob: r.dob,
      fields: r.fields,
      first_name_key: nameKey(r.firstName),
      last_name_key: nameKey(r.lastName),
    }));
    await db.query(
      `INSERT INTO catalogue_institute_record
         (institute_id, first_name, middle_name, last_name, dob, fields, first_name_key, last_name_key, import_id)
       SELECT $1, x.first_name, x.middle_name, x.last_name, x.dob, x.fields, x.first_name_key, x.last_name_key, $3
       FROM jsonb_to_recordset($2::jsonb) AS x(first_name text, middle_name text, last_name text, dob date, fields jsonb,
                                              first_name_key text, last_name_key text)`,
      [instituteId, JSON.stringify(chunk), importId],
    );
  }
}
