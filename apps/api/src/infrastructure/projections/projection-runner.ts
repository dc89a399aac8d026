import type { Pool, PoolClient } from 'pg';
import type { Row } from '@credence/read-models';
import {
  START,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../event-store/event-store.port';
import {
  CatchUpRunner,
  formatPosition,
  type CatchUpOptions,
  type RunnerState,
  type StepResult,
} from './catch-up-runner';
import {
  ensureCheckpoint,
  moved,
  moveParams,
  MOVE_LIVE_SQL,
  MOVE_REBUILD_SQL,
  readCheckpoint,
  restartRebuild,
  type CheckpointRow,
} from './projection-checkpoints';
import type { ProjectionDefinition } from './projection-definition';
import { createTableSql, indexName, loadRows, q, writeBatch } from './projection-sql';
import { linkTo, withSpan } from '../tracing/trace-context';

export interface RunnerOptions extends CatchUpOptions {
  batchSize?: number;
  /**
   * Events read per rebuild batch (default 2 x batchSize, at most 10,000): a rebuild reads the whole log, so bigger
   * reads pay, up to a point: on a 200,000-event log a 20,000-event read cost PostgreSQL twice the CPU per event.
   */
  rebuildBatchSize?: number;
  /** Stop once a rebuild has been swapped in (the rebuild command). */
  exitAfterRebuild?: boolean;
}

export type { RunnerState };

/**
 * Runs one projection. Only the runner holding the projection's advisory lock works; others stand by and take
 * over when its session ends (process death or a lost connection). Each batch of events updates the read-model
 * rows and the checkpoint in one transaction on the lock's own connection, so a crash at any point neither loses
 * nor doubles an effect. A rebuild fills a shadow table from the start of the log, then swaps it in atomically at
 * the head of the log. A rebuild of the same version (the rebuild command) is interleaved with live batches, so the
 * old table keeps serving current reads; one for a new version leaves the old version's table as it was (this
 * version's rows would not fit it) and it serves reads unchanged until the swap.
 */
export class ProjectionRunner extends CatchUpRunner {
  private checkpoint: CheckpointRow | undefined;
  private rebuildDone = false;
  /** Whether `checkpoint` is the row as the last transaction left it, so the next step need not read it again. */
  private checkpointFresh = false;
  /** The next rebuild batch, read while the current one is applied. */
  private prefetch: { after: Position; events: Promise<RecordedEvent[]> } | undefined;

  constructor(
    pool: Pool,
    store: EventStore,
    readonly definition: ProjectionDefinition,
    private readonly options: RunnerOptions = {},
  ) {
    super(pool, store, options, 'projection');
  }

  get name() {
    return this.definition.projection.name;
  }

  /** The live checkpoint as this runner knows it (only meaningful while active). */
  get position(): Position | undefined {
    return this.state === 'active' ? this.checkpoint?.position : undefined;
  }

  protected override describePosition(): string {
    const rebuild = this.state === 'active' ? this.checkpoint?.rebuild : undefined;
    return `${super.describePosition()}${rebuild ? `, rebuild at ${formatPosition(rebuild.position)}` : ''}`;
  }

  protected override finishedWork(): boolean {
    return this.rebuildDone && !!this.options.exitAfterRebuild;
  }

  protected async locked(client: PoolClient): Promise<Position> {
    const { projection, table } = this.definition;
    let checkpoint = await ensureCheckpoint(client, this.name, projection.version);
    // The live table is in the shape of the version that built it (the checkpoint's): this version's indexes may
    // name columns it lacks, so they are made only on a table of this version (a rebuild brings its own).
    const statements = createTableSql(table);
    for (const sql of checkpoint.version === projection.version ? statements : statements.slice(0, 1))
      await client.query(sql);
    if ((checkpoint.rebuild?.version ?? checkpoint.version) !== projection.version) {
      // The code's evolve changed meaning: rebuild from the start while the old rows keep serving reads. A rebuild
      // begun by another version (a rollback mid-rebuild) starts over: its shadow has that version's shape and rows.
      await restartRebuild(client, this.name, projection.version);
      checkpoint = (await readCheckpoint(client, this.name))!;
    }
    this.checkpoint = checkpoint;
    this.checkpointFresh = false;
    this.prefetch = undefined;
    return checkpoint.position;
  }

  protected async step(client: PoolClient): Promise<StepResult> {
    const batchSize = this.options.batchSize ?? 500;
    const rebuildBatchSize =
      this.options.rebuildBatchSize ?? Math.max(batchSize, Math.min(batchSize * 2, 10_000));
    // Re-read the control row (a rebuild may have been requested by the command line), unless the last batch's
    // checkpoint update returned it: a busy runner then makes no extra round trip per batch.
    if (!this.checkpointFresh) this.checkpoint = (await readCheckpoint(client, this.name))!;
    this.checkpointFresh = false;
    const checkpoint = this.checkpoint!;
    // Live batches go only into a table of this version. During a rebuild for a new version the live table is the
    // old version's: this version's rows do not fit it (a column it added, issue 18: the batch failed for ever and
    // the rebuild never finished) and its evolve would mix meanings in it. So that table keeps serving what the old
    // version made of it, unchanged, while the rebuild alone reads on to the head of the log, where it is swapped
    // in with its checkpoint; the live batches then go on from there. Read models lag for the rebuild's length.
    const ownsLiveTable = checkpoint.version === this.definition.projection.version;
    const live = ownsLiveTable ? await this.readAll(checkpoint.position, batchSize) : [];
    // A full batch: more may be readable at once.
    let found: StepResult = live.length === batchSize ? 'more' : live.length ? 'some' : 'none';
    if (live.length) await this.apply(live, 'live');

    const rebuild = this.checkpoint?.rebuild;
    if (rebuild) {
      const shadow = `${this.definition.table.name}__rebuild`;
      if (!rebuild.startedAt) {
        await client.query(`DROP TABLE IF EXISTS ${q(shadow)}`);
        // The primary key only: the secondary indexes are built once, on the loaded table, just before the swap.
        await client.query(createTableSql(this.definition.table, shadow)[0]);
        await client.query(`UPDATE projection_checkpoints SET rebuild_started_at = now() WHERE name = $1`, [
          this.name,
        ]);
        this.checkpoint = (await readCheckpoint(client, this.name))!;
      }
      const position = this.checkpoint!.rebuild!.position;
      const prefetched =
        this.prefetch && comparePositions(this.prefetch.after, position) === 0 ? this.prefetch : undefined;
      this.prefetch = undefined;
      const events = await (prefetched?.events ?? this.readAll(position, rebuildBatchSize));
      if (events.length === rebuildBatchSize) {
        // Read the next batch on a pool connection while this one is applied on the lock's connection.
        const after = events[events.length - 1].position;
        const next = this.store.readAll({ after, maxCount: rebuildBatchSize });
        next.catch(() => undefined); // read again by the next step if it failed or was dropped
        this.prefetch = { after, events: next };
      }
      if (events.length) await this.apply(events, 'rebuild');
      if (events.length < rebuildBatchSize) await this.swap(shadow);
      found = 'more';
    }
    return found;
  }

  private apply(events: RecordedEvent[], target: 'live' | 'rebuild') {
    // One span per batch, linked to the spans that appended its events (their traceparents are in the metadata).
    return withSpan(
      'projection.batch',
      {
        attributes: {
          'credence.projection': this.name,
          'credence.projection.target': target,
          'credence.events': events.length,
        },
        links: events.map((e) => linkTo(e.metadata.traceparent)),
        root: true,
      },
      () => this.applyBatch(events, target),
    );
  }

  private async applyBatch(events: RecordedEvent[], target: 'live' | 'rebuild') {
    const client = this.client!;
    const { projection, table } = this.definition;
    const tableName = target === 'live' ? table.name : `${table.name}__rebuild`;
    const all = projection.handles.includes('*');
    const handled = events.filter((e) => all || projection.handles.includes(e.type));
    const from = target === 'live' ? this.checkpoint!.position : this.checkpoint!.rebuild!.position;
    const to = events[events.length - 1].position;

    // The rows are read outside any transaction: only this runner, holding the lock, writes them. The writes and the
    // checkpoint then go as one statement (writeBatch), so no transaction stays open across round trips.
    const changed = new Map<string, Row | null>();
    if (handled.length) {
      const { plan, rows } = await this.planBatch(client, tableName, handled);
      for (const { event, ids, context } of plan) {
        for (const id of ids) {
          const next = projection.evolve(
            changed.has(id) ? changed.get(id)! : (rows.get(id) ?? null),
            event,
            id,
            context,
          );
          changed.set(id, next);
        }
      }
    }
    this.checkpointFresh = false;
    const returned = await writeBatch(client, table, tableName, changed, {
      name: target,
      sql: target === 'live' ? MOVE_LIVE_SQL : MOVE_REBUILD_SQL,
      values: moveParams(this.name, from, to, events.length),
    });
    this.checkpoint = moved(returned, this.name, target);
    this.checkpointFresh = true;
    if (target === 'live') this.progress.emit('live', to);
    else this.progress.emit('rebuild', this.checkpoint.rebuild);
  }

  /**
   * Which rows each event changes, and the rows loaded. With a context row (Projection.contextRowId) the context
   * rows are read first and followed through the batch, so each event sees its subject as the events before it in
   * this batch left it; the rows its rowIds name are then read in one more query.
   */
  private async planBatch(client: PoolClient, tableName: string, events: RecordedEvent[]) {
    const { projection } = this.definition;
    const contextOf = projection.contextRowId?.bind(projection);
    if (!contextOf) {
      const plan = events.map((event) => ({ event, ids: projection.rowIds(event), context: undefined }));
      return { plan, rows: await loadRows(client, tableName, [...new Set(plan.flatMap((p) => p.ids))]) };
    }
    const contextIds = [...new Set(events.map((e) => contextOf(e)).filter((id): id is string => !!id))];
    const rows = await loadRows(client, tableName, contextIds);
    const known = new Set(contextIds);
    const subjects = new Map<string, Row | null>();
    const current = (id: string) => (subjects.has(id) ? subjects.get(id)! : (rows.get(id) ?? null));
    const plan = events.map((event) => {
      const contextId = contextOf(event);
      const context = contextId ? current(contextId) : null;
      const ids = projection.rowIds(event, context);
      // A context row is followed through every event of the batch that changes it, including events that do not
      // read it as their own context (a referred organisation's registration creates the row its drafts read).
      for (const id of ids)
        if (known.has(id)) subjects.set(id, projection.evolve(current(id), event, id, context));
      return { event, ids, context };
    });
    const more = [...new Set(plan.flatMap((p) => p.ids))].filter((id) => !known.has(id));
    for (const [id, row] of await loadRows(client, tableName, more)) rows.set(id, row);
    return { plan, rows };
  }

  /** Puts the caught-up shadow table in place of the live one, with its checkpoint, in one transaction. */
  private async swap(shadow: string) {
    const client = this.client!;
    const { table, projection } = this.definition;
    this.prefetch = undefined;
    // The shadow's secondary indexes, built on the loaded table outside the swap's transaction (IF NOT EXISTS: a
    // rebuild resumed after a crash may have built some already; a shadow from an older release has them all).
    for (const sql of createTableSql(table, shadow).slice(1)) await client.query(sql);
    await client.query('BEGIN');
    try {
      await client.query(`DROP TABLE IF EXISTS ${q(table.name)}`);
      await client.query(`ALTER TABLE ${q(shadow)} RENAME TO ${q(table.name)}`);
      await client.query(
        `ALTER TABLE ${q(table.name)} RENAME CONSTRAINT ${q(`${shadow}_pkey`)} TO ${q(`${table.name}_pkey`)}`,
      );
      for (let i = 0; i < (table.indexes ?? []).length; i++) {
        await client.query(`ALTER INDEX ${q(indexName(shadow, i))} RENAME TO ${q(indexName(table.name, i))}`);
      }
      const res = await client.query(
        `UPDATE projection_checkpoints SET version = COALESCE(rebuild_version, $2), commit_position = rebuild_commit,
           prepare_position = rebuild_prepare, events_processed = rebuild_events, updated_at = now(),
           rebuild_requested_at = NULL, rebuild_version = NULL, rebuild_commit = NULL, rebuild_prepare = NULL,
           rebuild_events = NULL, rebuild_started_at = NULL
         WHERE name = $1 RETURNING commit_position, prepare_position`,
        [this.name, projection.version],
      );
      await client.query('COMMIT');
      const row = res.rows[0] as { commit_position: string; prepare_position: string };
      const position = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
      this.checkpoint = (await readCheckpoint(client, this.name))!;
      this.rebuildDone = true;
      this.progress.emit('swapped', position);
      this.progress.emit('live', position);
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }
}

export { START };
