import type { Pool, PoolClient } from 'pg';
import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.port';
import { CatchUpRunner, type CatchUpOptions, type StepResult } from './catch-up-runner';
import { advanceCheckpoint, readCheckpoint, type CheckpointRow } from './projection-checkpoints';
import { linkTo, withSpan } from '../tracing/trace-context';

/**
 * A reactor: side effects of events, after their commit. `react` must be idempotent per event (it enqueues jobs
 * keyed by the event id, whose queue ignores a key it has): the checkpoint moves only after a batch has reacted,
 * so a crash between an event's reaction and the checkpoint reacts to it again, to no further effect.
 */
export interface ReactorDefinition {
  /** Its checkpoint row (beside the projections'), e.g. `reactor:verification-jobs`. */
  name: string;
  /** The events it reacts to; others only move the checkpoint. */
  handles(event: RecordedEvent): boolean;
  react(event: RecordedEvent): Promise<void>;
  /**
   * Where a reactor seen for the first time starts: 'end' (default: what came before was reacted to when it
   * happened) or 'start', for a follower that must see every event that asks for it, even one appended before this
   * process's runner took its lock (it is idempotent, so old events cost only the reading).
   */
  firstStart?: 'start' | 'end';
  /**
   * `react` does nothing but enqueue jobs keyed so that enqueueing one again is a no-op while the queue has it:
   * ProjectionsService then also runs it a second time, behind by STUCK_WORK_AGE_MS (secondChance), so a job a
   * queue lost after acknowledging it (Redis without persistence, restarted) is enqueued again.
   */
  enqueuesKeyedJobs?: boolean;
  /**
   * Reacts to an event only once it is this old (milliseconds since it was recorded); appends do not wake it, it
   * looks again at each idle wait (a second).
   */
  lagMs?: number;
}

/**
 * The same reactor again, `lagMs` behind (its own checkpoint `<name>:again`, starting at the log's end): each
 * event's keyed jobs are enqueued a second time once the event is that old, a no-op where the queue kept them.
 * Whatever a queue loses in the first `lagMs` after an enqueue (the jobs not run yet) is enqueued again; a loss
 * later than that (a job still retrying, or delayed, when Redis goes) is left to the sweeps (StuckChecksSweeper,
 * ApplicationsReconcileSweeper, MailDeliverySweeper, VerificationNotifySweeper).
 */
export function secondChance(definition: ReactorDefinition, lagMs: number): ReactorDefinition {
  return {
    ...definition,
    name: `${definition.name}:again`,
    firstStart: 'end',
    enqueuesKeyedJobs: false,
    lagMs,
  };
}

export interface ReactorRunnerOptions extends CatchUpOptions {
  batchSize?: number;
}

/**
 * Runs one reactor on the catch-up loop projections run on (CatchUpRunner): one runner holds the lock, the
 * checkpoint is compared-and-set and moves only after a batch has reacted. A reactor seen for the first time
 * starts at the end of the log unless it asks for the start (ReactorDefinition.firstStart).
 */
export class ReactorRunner extends CatchUpRunner {
  private checkpoint: CheckpointRow | undefined;

  constructor(
    pool: Pool,
    store: EventStore,
    readonly definition: ReactorDefinition,
    private readonly options: ReactorRunnerOptions = {},
  ) {
    super(pool, store, options, 'reactor');
  }

  get name() {
    return this.definition.name;
  }

  get position(): Position | undefined {
    return this.state === 'active' ? this.checkpoint?.position : undefined;
  }

  protected async locked(client: PoolClient): Promise<Position> {
    if (this.definition.firstStart === 'start') {
      await client.query(
        `INSERT INTO projection_checkpoints (name, version) VALUES ($1, 1) ON CONFLICT (name) DO NOTHING`,
        [this.name],
      );
    } else {
      const head = await this.store.headPosition();
      await client.query(
        `INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position) VALUES ($1, 1, $2, $3) ON CONFLICT (name) DO NOTHING`,
        [this.name, head.commit.toString(), head.prepare.toString()],
      );
    }
    this.checkpoint = (await readCheckpoint(client, this.name))!;
    return this.checkpoint.position;
  }

  protected async step(client: PoolClient): Promise<StepResult> {
    // The checkpoint as locked() read it or the last batch moved it: the move is compared-and-set, so a runner that
    // lost its lock to another fails there instead of reacting on from a stale position.
    const from = this.checkpoint!.position;
    const batchSize = this.options.batchSize ?? 100;
    const read = await this.readAll(from, batchSize);
    const events = this.oldEnough(read);
    if (!events.length) return 'none';
    const handled = events.filter((e) => this.definition.handles(e));
    await withSpan(
      'reactor.batch',
      {
        attributes: { 'credence.reactor': this.name, 'credence.events': handled.length },
        links: handled.map((e) => linkTo(e.metadata.traceparent)),
        root: true,
      },
      async () => {
        for (const event of handled) await this.definition.react(event);
      },
    );
    // Only now: a crash before this line reacts to the batch again, which the jobs' keys make a no-op.
    const to = events[events.length - 1].position;
    this.checkpoint = await advanceCheckpoint(client, this.name, from, to, events.length);
    this.progress.emit('live', to);
    return events.length === batchSize ? 'more' : 'some'; // a full batch: more may be readable at once
  }

  /** A lagging reactor's batch ends before the first event younger than its lag. */
  private oldEnough(events: RecordedEvent[]): RecordedEvent[] {
    const { lagMs } = this.definition;
    if (!lagMs) return events;
    const cutoff = Date.now() - lagMs;
    const young = events.findIndex((e) => e.recordedAt.getTime() > cutoff);
    return young < 0 ? events : events.slice(0, young);
  }

  /** A lagging reactor ignores wake-ups: an append it is woken by is too young for it. */
  override wake(position?: Position): void {
    if (!this.definition.lagMs) super.wake(position);
  }
}
