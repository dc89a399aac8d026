import { runner } from 'node-pg-migrate';
import type { ClientBase } from 'pg';
import { apiFolder } from '../api-folders';

/** Which migrations ran, and when (node-pg-migrate's bookkeeping table). */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * The folder of plain SQL migrations (`NNNN_name.up.sql`, with a `.down.sql` to revert it): apps/api/migrations,
 * from source, dist or an image (api-folders.ts).
 */
export function migrationsDir(): string {
  return apiFolder('migrations', '0001_baseline.up.sql');
}

export interface MigrateOptions {
  /** 'up' runs what has not run yet; 'down' reverts the last `count` (1 by default). */
  direction?: 'up' | 'down';
  count?: number;
  log?: (message: string) => void;
}

/**
 * Runs the migrations on one connection, under node-pg-migrate's advisory lock (waiting for it: API replicas
 * starting together migrate one after the other, and the later ones find nothing to do). Each run is one
 * transaction with its bookkeeping, so a failed migration leaves the database as it was.
 *
 * A database made by the release before migrations (tables created at boot, no migrations table) needs nothing
 * special: the first migration is that release's DDL, idempotent, so running it over such a database adopts it.
 */
export async function migrate(client: ClientBase, options: MigrateOptions = {}): ReturnType<typeof runner> {
  const direction = options.direction ?? 'up';
  const log = options.log ?? (() => undefined);
  return runner({
    dbClient: client,
    dir: migrationsDir(),
    // Plain SQL in pairs: NNNN_name.up.sql and NNNN_name.down.sql.
    migrationLoaderStrategies: [{ extensions: ['.sql'], loader: 'sql' }],
    migrationsTable: MIGRATIONS_TABLE,
    direction,
    count: options.count ?? (direction === 'up' ? Infinity : 1),
    checkOrder: true,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    logger: { debug: () => undefined, info: log, warn: log, error: log },
  });
}
