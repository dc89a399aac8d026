import type { Projection, Row } from '@credence/read-models';

/** The PostgreSQL side of a read model: its table. Column names are the row's property names, quoted. */
export interface TableDefinition {
  name: string;
  /** Column name -> SQL type, without `id` (always `text PRIMARY KEY`). Use jsonb for objects and arrays of objects. */
  columns: Record<string, string>;
  /** Each entry one index over these columns (optionally with ' DESC'). */
  indexes?: string[][];
}

export interface ProjectionDefinition<R extends Row = Row> {
  projection: Projection<R>;
  table: TableDefinition;
}

export const PROJECTION_DEFINITIONS = Symbol('PROJECTION_DEFINITIONS');
