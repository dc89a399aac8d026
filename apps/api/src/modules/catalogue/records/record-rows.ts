import type { InstituteField } from '../catalogue.model';
import type { CsvRow } from './csv';
import { nameKey, valueKey } from './name-key';

/** One record an institute holds about a graduate, ready to store. */
export interface RecordInput {
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** YYYY-MM-DD. */
  dob: string;
  /** Qualification fields by institute field key (gradYear as a number). */
  fields: Record<string, string | number>;
}

export interface RowError {
  /** Line of the file (the header is line 1). */
  line: number;
  message: string;
}

export const MAX_RECORD_ROWS = 50000;
const MAX_NAME = 100;
const MAX_VALUE = 500;

const PERSON_COLUMNS: Record<string, 'firstName' | 'middleName' | 'lastName' | 'dob'> = {
  firstname: 'firstName',
  first_name: 'firstName',
  'first name': 'firstName',
  forename: 'firstName',
  middlename: 'middleName',
  middle_name: 'middleName',
  'middle name': 'middleName',
  lastname: 'lastName',
  last_name: 'lastName',
  'last name': 'lastName',
  surname: 'lastName',
  dob: 'dob',
  dateofbirth: 'dob',
  date_of_birth: 'dob',
  'date of birth': 'dob',
};

type Column =
  | { kind: 'person'; key: 'firstName' | 'middleName' | 'lastName' | 'dob' }
  | { kind: 'field'; field: InstituteField };

/** A problem with the file as a whole (no header, unknown or missing columns): nothing can be read. */
export class RecordFileError extends Error {}

/** YYYY-MM-DD or DD/MM/YYYY (the spec's input format) to YYYY-MM-DD, or null when not a real date. */
export function isoDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t)))
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The identity of a record: the same person, date of birth and qualification fields twice is a duplicate. */
export const recordIdentity = (r: Pick<RecordInput, 'firstName' | 'lastName' | 'dob' | 'fields'>) =>
  JSON.stringify([
    nameKey(r.firstName),
    nameKey(r.lastName),
    r.dob,
    Object.keys(r.fields)
      .sort()
      .map((k) => [k, valueKey(r.fields[k])]),
  ]);

/**
 * Reads the rows of a records file against the institute's fields: columns firstName, middleName (optional),
 * lastName and dob, then any of the institute's field keys. Every bad row is reported (line and reason); the
 * caller imports nothing unless there are none.
 */
export function readRecordRows(
  rows: CsvRow[],
  fields: InstituteField[],
  options: Map<string, Set<string>>,
  today: string,
): { records: RecordInput[]; errors: RowError[] } {
  const [header, ...data] = rows;
  if (!header) throw new RecordFileError('The file is empty: the first line must name the columns.');
  const columns = header.cells.map((raw): Column => {
    const name = raw.trim();
    const person = PERSON_COLUMNS[name.toLowerCase()];
    if (person) return { kind: 'person', key: person };
    const f = fields.find((x) => x.key.toLowerCase() === name.toLowerCase());
    if (f) return { kind: 'field', field: f };
    const allowed = ['firstName', 'middleName', 'lastName', 'dob', ...fields.map((x) => x.key)].join(', ');
    throw new RecordFileError(`Unknown column '${name}'. The columns may be: ${allowed}.`);
  });
  const seen = new Set<string>();
  for (const c of columns) {
    const id = c.kind === 'person' ? c.key : c.field.key;
    if (seen.has(id)) throw new RecordFileError(`The column '${id}' is given twice.`);
    seen.add(id);
  }
  const missing = ['firstName', 'lastName', 'dob'].filter((k) => !seen.has(k));
  if (missing.length) throw new RecordFileError(`The file has no ${missing.join(', ')} column.`);
  if (data.length > MAX_RECORD_ROWS)
    throw new RecordFileError(`A file may hold at most ${MAX_RECORD_ROWS} records.`);
  if (!data.length) throw new RecordFileError('The file has a header but no records.');

  const records: RecordInput[] = [];
  const errors: RowError[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of data) {
    const problems: string[] = [];
    if (row.cells.length !== columns.length) {
      errors.push({
        line: row.line,
        message: `has ${row.cells.length} values but the header names ${columns.length} columns.`,
      });
      continue;
    }
    const rec: RecordInput = { firstName: '', middleName: null, lastName: '', dob: '', fields: {} };
    columns.forEach((c, i) => {
      const value = row.cells[i].trim();
      if (c.kind === 'person') {
        if (c.key === 'dob') {
          const iso = value ? isoDate(value) : null;
          if (!value) problems.push('dob is required');
          else if (!iso) problems.push(`dob '${value}' is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)`);
          else if (iso > today || iso < '1900-01-01')
            problems.push(`dob '${value}' is not a plausible date of birth`);
          else rec.dob = iso;
        } else if (value.length > MAX_NAME) {
          problems.push(`${c.key} is longer than ${MAX_NAME} characters`);
        } else if (c.key === 'middleName') {
          rec.middleName = value || null;
        } else {
          if (!value) problems.push(`${c.key} is required`);
          rec[c.key] = value;
        }
        return;
      }
      if (!value) return;
      const problem = fieldProblem(c.field, value, options.get(c.field.key));
      if (problem) problems.push(problem);
      else
        rec.fields[c.field.key] =
          c.field.type === 'INTEGER'
            ? Number(value)
            : c.field.type === 'DATE'
              ? (isoDate(value) ?? value)
              : value;
    });
    if (problems.length) {
      errors.push({ line: row.line, message: `${problems.join('; ')}.` });
      continue;
    }
    const identity = recordIdentity(rec);
    const earlier = firstLineOf.get(identity);
    if (earlier !== undefined) {
      errors.push({ line: row.line, message: `repeats line ${earlier}.` });
      continue;
    }
    firstLineOf.set(identity, row.line);
    records.push(rec);
  }
  return { records, errors };
}

function fieldProblem(f: InstituteField, value: string, options: Set<string> | undefined): string | null {
  if (value.length > MAX_VALUE) return `${f.key} is longer than ${MAX_VALUE} characters`;
  switch (f.type) {
    case 'INTEGER':
      if (!/^-?\d+$/.test(value)) return `${f.key} '${value}' is not a whole number`;
      if (/year$/i.test(f.key) && value !== '-1' && (Number(value) < 1900 || Number(value) > 2100)) {
        return `${f.key} '${value}' must be a year from 1900`;
      }
      return null;
    case 'DATE':
      return isoDate(value) ? null : `${f.key} '${value}' is not a valid date (use YYYY-MM-DD or DD/MM/YYYY)`;
    case 'TEXT':
    case 'PASSWORD':
      if (f.refData === 'ONLY' && options && !options.has(valueKey(value))) {
        return `${f.key} '${value}' is not one of the institute's options`;
      }
      return null;
    default: {
      const never: never = f.type;
      return `unknown field type ${String(never)}`;
    }
  }
}
