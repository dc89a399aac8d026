import { types as pgTypes, type PoolClient } from 'pg';
import type { Row } from '@credence/read-models';
import type { TableDefinition } from './projection-definition';

export const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Read models hand rows to pure functions: timestamps stay ISO strings, big integers become numbers. */
export const rowTypes = {
  getTypeParser: (oid: number, format?: string) => {
    switch (oid) {
      case 1082: // date
      case 1114: // timestamp
      case 1184: // timestamptz
        return (v: string) => v;
      case 20: // int8
        return (v: string) => Number(v);
      default:
        // pg's own parsers, imported once: a require('pg') here ran for every column of every read-model query
        // (about 9 % of the API's CPU samples in issue 19's load run).
        return pgTypes.getTypeParser(oid, format as 'text');
    }
  },
};

export function createTableSql(table: TableDefinition, name = table.name): string[] {
  const cols = Object.entries(table.columns).map(([c, type]) => `${q(c)} ${type}`);
  const statements = [`CREATE TABLE IF NOT EXISTS ${q(name)} ("id" text PRIMARY KEY${cols.map((c) => `, ${c}`).join('')})`];
  (table.indexes ?? []).forEach((columns, i) => {
    const cols = columns.map((c) => {
      const [col, dir] = c.split(' ');
      return `${q(col)}${dir ? ` ${dir}` : ''}`;
    });
    statements.push(`CREATE INDEX IF NOT EXISTS ${q(indexName(name, i))} ON ${q(name)} (${cols.join(', ')})`);
  });
  return statements;
}

export const indexName = (table: string, i: number) => `${table}_ix${i}`;

export async function loadRows(client: PoolClient, table: string, ids: string[]): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>();
  if (ids.length === 0) return rows;
  // Not a named statement: `*` of a table swapped in by a rebuild may be other columns, which a prepared plan refuses.
  const res = await client.query<Row>({ text: `SELECT * FROM ${q(table)} WHERE id = ANY($1)`, values: [ids], types: rowTypes });
  for (const row of res.rows) rows.set(row.id, row);
  return rows;
}

/** A compare-and-set of a checkpoint that a batch's writes depend on: its SQL (RETURNING the row) and parameters. */
export interface CheckpointMove {
  /** Names the prepared statement with the table's: one per distinct SQL. */
  name: string;
  sql: string;
  values: unknown[];
}

/**
 * A batch's changed rows and the move of its checkpoint in ONE statement: one round trip and one implicit
 * transaction (a crash leaves all of it or none), and no transaction held open across round trips, whose xid would
 * keep every reader of the log waiting (readAll reads below the oldest running xid). The move runs first and the
 * rows are written only if it moved a row, so a runner whose checkpoint moved under it writes nothing; it answers
 * the move's RETURNING rows (none: nothing written). The rows go as one JSON parameter read with the table's own row
 * type (json_populate_recordset), so the text is the same for every batch: planned once per connection, whatever
 * the batch's size, where a VALUES list of one parameter per cell was parsed and planned for each batch.
 */
export async function writeBatch(
  client: PoolClient,
  table: TableDefinition,
  tableName: string,
  changed: Map<string, Row | null>,
  move: CheckpointMove,
): Promise<unknown[]> {
  const { rowsJson, deletes } = splitChanges(changed);
  const n = move.values.length;
  const res = await client.query({
    name: `rm_write:${tableName}:${move.name}`,
    text: `WITH moved AS (${move.sql}),
${upsertSql(table, tableName, `$${n + 1}`, 'EXISTS (SELECT FROM moved)')},
${deleteSql(tableName, `$${n + 2}`, 'EXISTS (SELECT FROM moved)')}
SELECT * FROM moved`,
    values: [...move.values, rowsJson, deletes],
  });
  return res.rows;
}

/** Writes changed rows: one upsert and one delete, in one statement (no checkpoint: for tests that seed tables). */
export async function writeRows(
  client: PoolClient,
  table: TableDefinition,
  tableName: string,
  changed: Map<string, Row | null>,
): Promise<void> {
  const { rowsJson, deletes } = splitChanges(changed);
  await client.query({
    name: `rm_write:${tableName}`,
    text: `WITH ${upsertSql(table, tableName, '$1', 'true')},\n${deleteSql(tableName, '$2', 'true')}\nSELECT`,
    values: [rowsJson, deletes],
  });
}

function upsertSql(table: TableDefinition, tableName: string, rowsParam: string, condition: string) {
  const columns = ['id', ...Object.keys(table.columns)].map(q).join(', ');
  const updates = Object.keys(table.columns).map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
  return `written AS (
  INSERT INTO ${q(tableName)} (${columns})
  SELECT ${columns} FROM json_populate_recordset(NULL::${q(tableName)}, ${rowsParam}::json) WHERE ${condition}
  ON CONFLICT (id) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}
)`;
}

const deleteSql = (tableName: string, idsParam: string, condition: string) =>
  `removed AS (DELETE FROM ${q(tableName)} WHERE id = ANY(${idsParam}::text[]) AND ${condition})`;

/** The rows to upsert as one JSON array (the row's properties are its columns) and the ids to delete. */
function splitChanges(changed: Map<string, Row | null>): { rowsJson: string; deletes: string[] } {
  const upserts: Row[] = [];
  const deletes: string[] = [];
  for (const [id, row] of changed) {
    if (row === null) deletes.push(id);
    else upserts.push(row);
  }
  let rowsJson: string;
  try {
    rowsJson = JSON.stringify(upserts);
  } catch (error) {
    // JSON has no bigint; pg would have sent one as its digits.
    if (!(error instanceof TypeError)) throw error;
    rowsJson = JSON.stringify(upserts, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  }
  return { rowsJson, deletes };
}
