import type { PoolClient } from 'pg';
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
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require('pg').types as typeof import('pg').types).getTypeParser(oid, format as 'text');
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
  const res = await client.query<Row>({ text: `SELECT * FROM ${q(table)} WHERE id = ANY($1)`, values: [ids], types: rowTypes });
  for (const row of res.rows) rows.set(row.id, row);
  return rows;
}

/** Writes changed rows in one multi-row upsert and one delete. */
export async function writeRows(
  client: PoolClient,
  table: TableDefinition,
  tableName: string,
  changed: Map<string, Row | null>,
): Promise<void> {
  const columns = ['id', ...Object.keys(table.columns)];
  const upserts = [...changed.values()].filter((r): r is Row => r !== null);
  const deletes = [...changed.entries()].filter(([, r]) => r === null).map(([id]) => id);
  const chunk = Math.max(1, Math.floor(30000 / columns.length));
  for (let start = 0; start < upserts.length; start += chunk) {
    const slice = upserts.slice(start, start + chunk);
    const values: unknown[] = [];
    const tuples = slice.map((row) => {
      const refs = columns.map((c) => {
        values.push(toSql(row[c], c === 'id' ? 'text' : table.columns[c]));
        return `$${values.length}`;
      });
      return `(${refs.join(', ')})`;
    });
    const updates = columns.filter((c) => c !== 'id').map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
    await client.query(
      `INSERT INTO ${q(tableName)} (${columns.map(q).join(', ')}) VALUES ${tuples.join(', ')}` +
        ` ON CONFLICT (id) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
      values,
    );
  }
  if (deletes.length) await client.query(`DELETE FROM ${q(tableName)} WHERE id = ANY($1)`, [deletes]);
}

function toSql(value: unknown, type: string): unknown {
  if (value === undefined) return null;
  if (type.toLowerCase().startsWith('json') && value !== null) return JSON.stringify(value);
  return value;
}
