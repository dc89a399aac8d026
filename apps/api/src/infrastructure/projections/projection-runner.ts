import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import type { Row } from '@credence/read-models';
import { comparePositions, START, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store.port';
import {
  advanceCheckpoint,
  advanceRebuild,
  ensureCheckpoint,
  readCheckpoint,
  recordError,
  requestRebuild,
  type CheckpointRow,
} from './projection-checkpoints';
import type { ProjectionDefinition } from './projection-definition';
import { createTableSql, indexName, loadRows, q, writeRows } from './projection-sql';
import { linkTo, withSpan } from '../tracing/trace-context';

export interface RunnerOptions {
  batchSize?: number;
  /** Longest wait for new events before looking again; a wake-up from an append ends it early. */
  idleWaitMs?: number;
  /** How often a standby runner tries to take over the projection. */
  lockRetryMs?: number;
  /** Stop once a rebuild has been swapped in (the rebuild command). */
  exitAfterRebuild?: boolean;
  onError?: (error: Error) => void;
}

export type RunnerState = 'stopped' | 'standby' | 'active';

/**
 * Runs one projection. Only the runner holding the projection's advisory lock works; others stand by and take
 * over when its session ends (process death or a lost connection). Each batch of events updates the read-model
 * rows and the checkpoint in one transaction on the lock's own connection, so a crash at any point neither loses
 * nor doubles an effect. A rebuild fills a shadow table from the start of the log, interleaved with live batches
 * so the old table keeps serving current reads, then swaps it in atomically.
 */
export class ProjectionRunner {
  readonly progress = new EventEmitter();
  private client: PoolClient | undefined;
  private checkpoint: CheckpointRow | undefined;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private rebuildDone = false;
  state: RunnerState = 'stopped';
  lastError: string | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    readonly definition: ProjectionDefinition,
    private readonly options: RunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  get name() {
    return this.definition.projection.name;
  }

  /** The live checkpoint as this runner knows it (only meaningful while active). */
  get position(): Position | undefined {
    return this.state === 'active' ? this.checkpoint?.position : undefined;
  }

  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.state = 'standby';
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    this.loopDone = undefined;
  }

  /** New events may be readable: look now instead of at the end of the idle wait. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Resolves once the live checkpoint is at or past `position`. */
  waitFor(position: Position, timeoutMs: number): Promise<void> {
    if (this.position && comparePositions(this.position, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onProgress = (p: Position) => {
        if (comparePositions(p, position) >= 0) done(null);
      };
      const timer = setTimeout(() => done(new Error(`projection ${this.name} did not reach the position in ${timeoutMs} ms`)), timeoutMs);
      const done = (err: Error | null) => {
        clearTimeout(timer);
        this.progress.off('live', onProgress);
        if (err) reject(err);
        else resolve();
      };
      this.progress.on('live', onProgress);
    });
  }

  /** Resolves when the loop ends (exitAfterRebuild, or stop()). */
  get finished(): Promise<void> {
    return this.loopDone ?? Promise.resolve();
  }

  private async loop(): Promise<void> {
    let backoff = 100;
    while (!this.stopping) {
      try {
        if (!this.client && !(await this.acquire())) {
          await this.idle(this.options.lockRetryMs ?? 2000);
          continue;
        }
        const worked = await this.step();
        backoff = 100;
        if (this.rebuildDone && this.options.exitAfterRebuild) break;
        if (!worked) await this.idle(this.options.idleWaitMs ?? 1000);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        this.lastError = error.message;
        this.options.onError?.(error);
        await recordError(this.pool, this.name, error.message).catch(() => undefined);
        this.releaseLock(error);
        await this.idle(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
    this.releaseLock();
    this.state = 'stopped';
  }

  private async acquire(): Promise<boolean> {
    const client = await this.pool.connect();
    // A dropped connection surfaces on the next query; without this listener it would crash the process.
    client.on('error', () => undefined);
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
        `projection:${this.name}`,
      ]);
      if (!rows[0].ok) {
        client.release();
        return false;
      }
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
    this.client = client;
    const { projection, table } = this.definition;
    for (const sql of createTableSql(table)) await client.query(sql);
    let checkpoint = await ensureCheckpoint(client, this.name, projection.version);
    if (checkpoint.version !== projection.version && !checkpoint.rebuild) {
      // The code's evolve changed meaning: rebuild from the start while the old rows keep serving reads.
      await requestRebuild(client, this.name, projection.version);
      checkpoint = (await readCheckpoint(client, this.name))!;
    }
    this.checkpoint = checkpoint;
    this.state = 'active';
    this.progress.emit('live', checkpoint.position);
    return true;
  }

  private releaseLock(error?: Error) {
    if (!this.client) return;
    // Releasing with an error destroys the connection, which also frees the session's advisory lock.
    this.client.release(error ?? true);
    this.client = undefined;
    if (!this.stopping) this.state = 'standby';
  }

  private async step(): Promise<boolean> {
    const client = this.client!;
    const batchSize = this.options.batchSize ?? 500;
    // Re-read the control row: a rebuild may have been requested by the command line.
    const checkpoint = (await readCheckpoint(client, this.name))!;
    this.checkpoint = checkpoint;
    let worked = false;

    const live = await this.store.readAll({ after: checkpoint.position, maxCount: batchSize });
    if (live.length) {
      await this.apply(live, 'live');
      worked = true;
    }

    const rebuild = this.checkpoint.rebuild;
    if (rebuild) {
      const shadow = `${this.definition.table.name}__rebuild`;
      if (!rebuild.startedAt) {
        await client.query(`DROP TABLE IF EXISTS ${q(shadow)}`);
        for (const sql of createTableSql(this.definition.table, shadow)) await client.query(sql);
        await client.query(`UPDATE projection_checkpoints SET rebuild_started_at = now() WHERE name = $1`, [this.name]);
        this.checkpoint = (await readCheckpoint(client, this.name))!;
      }
      const events = await this.store.readAll({ after: rebuild.position, maxCount: batchSize });
      if (events.length) {
        await this.apply(events, 'rebuild');
        worked = true;
      }
      if (events.length < batchSize) {
        await this.swap(shadow);
        worked = true;
      }
    }
    return worked;
  }

  private apply(events: RecordedEvent[], target: 'live' | 'rebuild') {
    // One span per batch, linked to the spans that appended its events (their traceparents are in the metadata).
    return withSpan(
      'projection.batch',
      {
        attributes: { 'credence.projection': this.name, 'credence.projection.target': target, 'credence.events': events.length },
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

    await client.query('BEGIN');
    try {
      if (handled.length) {
        const { plan, rows } = await this.planBatch(client, tableName, handled);
        const changed = new Map<string, Row | null>();
        for (const { event, ids, context } of plan) {
          for (const id of ids) {
            const next = projection.evolve(changed.has(id) ? changed.get(id)! : (rows.get(id) ?? null), event, id, context);
            changed.set(id, next);
          }
        }
        await writeRows(client, table, tableName, changed);
      }
      if (target === 'live') await advanceCheckpoint(client, this.name, from, to, events.length);
      else await advanceRebuild(client, this.name, from, to, events.length);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    if (target === 'live') {
      this.checkpoint = { ...this.checkpoint!, position: to, eventsProcessed: this.checkpoint!.eventsProcessed + events.length };
      this.progress.emit('live', to);
    } else {
      const rebuild = this.checkpoint!.rebuild!;
      this.checkpoint = {
        ...this.checkpoint!,
        rebuild: { ...rebuild, position: to, eventsProcessed: rebuild.eventsProcessed + events.length },
      };
      this.progress.emit('rebuild', this.checkpoint.rebuild);
    }
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
    const subjects = new Map<string, Row | null>();
    const plan = events.map((event) => {
      const contextId = contextOf(event);
      const context = contextId ? (subjects.has(contextId) ? subjects.get(contextId)! : (rows.get(contextId) ?? null)) : null;
      const ids = projection.rowIds(event, context);
      if (contextId && ids.includes(contextId)) subjects.set(contextId, projection.evolve(context, event, contextId, context));
      return { event, ids, context };
    });
    const known = new Set(contextIds);
    const more = [...new Set(plan.flatMap((p) => p.ids))].filter((id) => !known.has(id));
    for (const [id, row] of await loadRows(client, tableName, more)) rows.set(id, row);
    return { plan, rows };
  }

  /** Puts the caught-up shadow table in place of the live one, with its checkpoint, in one transaction. */
  private async swap(shadow: string) {
    const client = this.client!;
    const { table, projection } = this.definition;
    await client.query('BEGIN');
    try {
      await client.query(`DROP TABLE IF EXISTS ${q(table.name)}`);
      await client.query(`ALTER TABLE ${q(shadow)} RENAME TO ${q(table.name)}`);
      await client.query(`ALTER TABLE ${q(table.name)} RENAME CONSTRAINT ${q(`${shadow}_pkey`)} TO ${q(`${table.name}_pkey`)}`);
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

  private idle(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}

export { START };
