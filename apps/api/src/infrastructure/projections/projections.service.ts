import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { createResilientPool } from '../database/resilient-pool';
import {
  comparePositions,
  EVENT_STORE,
  type EventStore,
  type Position,
} from '../event-store/event-store.port';
import { ReadModelBehindError, type FailureInfo } from './catch-up-runner';
import {
  CHECKPOINTS_DDL,
  readAllCheckpoints,
  readCheckpoint,
  requestRebuild,
} from './projection-checkpoints';
import type { ProjectionDefinition } from './projection-definition';
import { ProjectionRunner } from './projection-runner';
import { ReactorRunner, secondChance, type ReactorDefinition } from './reactor-runner';

export interface ProjectionStatus {
  name: string;
  version: number;
  /** active: running in this process; standby: another process holds it; stopped: not running here. */
  state: 'active' | 'standby' | 'stopped';
  position: { commit: string; prepare: string };
  eventsProcessed: number;
  updatedAt: string | null;
  /** Age of the oldest event not yet projected; 0 when caught up. */
  lagMs: number;
  lastError: string | null;
  lastErrorAt: string | null;
  rebuild: null | { version: number; eventsProcessed: number; requestedAt: string; startedAt: string | null };
}

/**
 * Owns the projection runners of this process. Areas register their read models at module init; the runners start
 * once the application is up and stop before the database pool closes.
 */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly definitions = new Map<string, ProjectionDefinition>();
  private readonly runners = new Map<string, ProjectionRunner>();
  private readonly reactorDefinitions = new Map<string, ReactorDefinition>();
  private readonly reactors = new Map<string, ReactorRunner>();
  private unsubscribe: (() => void) | undefined;

  /** Each active runner holds one connection for its advisory lock and batches: a pool of their own, so
   * projections never starve requests of the main pool, however many read models there are. */
  private runnerPool: Pool | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(definition: ProjectionDefinition) {
    this.definitions.set(definition.projection.name, definition);
  }

  /**
   * A reactor (side effects of events: jobs keyed by event id) on the same locked, checkpointed runner; one that
   * only enqueues keyed jobs also runs again STUCK_WORK_AGE_MS behind (secondChance) unless the sweeps are off
   * (STUCK_WORK_SWEEP_MS=0).
   */
  registerReactor(definition: ReactorDefinition) {
    this.reactorDefinitions.set(definition.name, definition);
    if (definition.enqueuesKeyedJobs && this.config.stuckWork.sweepEveryMs > 0) {
      const again = secondChance(definition, this.config.stuckWork.ageMs);
      this.reactorDefinitions.set(again.name, again);
    }
  }

  list(): ProjectionDefinition[] {
    return [...this.definitions.values()];
  }

  async onApplicationBootstrap() {
    await this.pool.query(CHECKPOINTS_DDL);
    this.runnerPool = createResilientPool(
      {
        connectionString: this.config.database.url,
        max: this.definitions.size + this.reactorDefinitions.size + 1,
      },
      (err) => this.logger.warn(`projection connection error: ${err.message}`),
    );
    for (const def of this.definitions.values()) {
      const runner = new ProjectionRunner(this.runnerPool, this.store, def, {
        onError: (e, failure) => this.logFailure(`projection ${def.projection.name}`, e, failure),
      });
      this.runners.set(def.projection.name, runner);
      runner.start();
    }
    for (const def of this.reactorDefinitions.values()) {
      const runner = new ReactorRunner(this.runnerPool, this.store, def, {
        onError: (e, failure) => this.logFailure(`reactor ${def.name}`, e, failure),
      });
      this.reactors.set(def.name, runner);
      runner.start();
    }
    const hint = (this.store as Partial<AppendHint>).onAppended;
    if (hint) this.unsubscribe = hint.call(this.store, (position) => this.wakeAll(position));
    // Exported only when an OpenTelemetry SDK is registered (OTEL_EXPORTER_OTLP_ENDPOINT); a no-op otherwise.
    metrics
      .getMeter('credence-api')
      .createObservableGauge('credence.projection.lag', {
        unit: 'ms',
        description: 'Age of the oldest event not yet projected',
      })
      .addCallback(async (result) => {
        for (const s of await this.status().catch(() => [])) result.observe(s.lagMs, { projection: s.name });
      });
  }

  /** A runner's failure: its name, where it stood and the error's message (no event data), each time it retries. */
  private logFailure(runner: string, error: Error, { at, failures, retryInMs }: FailureInfo) {
    this.logger.error(
      `${runner} failed ${at} (${failures} in a row, retrying in ${retryInMs} ms): ${error.message}`,
    );
  }

  async beforeApplicationShutdown() {
    this.unsubscribe?.();
    await Promise.all([...this.runners.values(), ...this.reactors.values()].map((r) => r.stop()));
    await this.runnerPool?.end();
  }

  /** New events were appended (in this process, or announced by the store): runners look now. */
  wakeAll(position?: Position) {
    for (const r of this.runners.values()) r.wake(position);
    for (const r of this.reactors.values()) r.wake(position);
  }

  /**
   * Waits until the projection's checkpoint reaches the position of an append: how a handler answers with the
   * row it just caused. Watches the local runner, or the checkpoint table when another process runs it.
   */
  async waitFor(name: string, position: Position, timeoutMs = 10000): Promise<void> {
    const runner = this.runners.get(name) ?? this.reactors.get(name);
    const local = () => (runner?.state === 'active' ? runner : undefined);
    this.wakeAll(position);
    if (local()) return local()!.waitFor(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cp = await readCheckpoint(this.pool, name);
      if (cp && comparePositions(cp.position, position) >= 0) return;
      if (local()) return local()!.waitFor(position, Math.max(1, deadline - Date.now()));
      if (Date.now() > deadline) throw new ReadModelBehindError('projection', name, timeoutMs);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async requestRebuild(name: string) {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`unknown projection ${name}`);
    await requestRebuild(this.pool, name, def.projection.version);
    this.runners.get(name)?.wake();
  }

  async status(): Promise<ProjectionStatus[]> {
    const checkpoints = await readAllCheckpoints(this.pool);
    return Promise.all(
      checkpoints
        .filter((cp) => this.definitions.has(cp.name))
        .map(async (cp) => {
          const runner = this.runners.get(cp.name);
          const [next] = await this.store.readAll({ after: cp.position, maxCount: 1 });
          return {
            name: cp.name,
            version: cp.version,
            state: runner?.state ?? 'stopped',
            position: { commit: cp.position.commit.toString(), prepare: cp.position.prepare.toString() },
            eventsProcessed: cp.eventsProcessed,
            updatedAt: cp.updatedAt?.toISOString() ?? null,
            lagMs: next ? Math.max(0, Date.now() - next.recordedAt.getTime()) : 0,
            lastError: cp.lastError,
            lastErrorAt: cp.lastErrorAt?.toISOString() ?? null,
            rebuild: cp.rebuild && {
              version: cp.rebuild.version,
              eventsProcessed: cp.rebuild.eventsProcessed,
              requestedAt: cp.rebuild.requestedAt.toISOString(),
              startedAt: cp.rebuild.startedAt?.toISOString() ?? null,
            },
          } satisfies ProjectionStatus;
        }),
    );
  }
}

/** Optional capability of an event store adapter: tells listeners that new events were committed. */
export interface AppendHint {
  /** `position`: where a local append ended; none for news from elsewhere. */
  onAppended(listener: (position?: Position) => void): () => void;
}
