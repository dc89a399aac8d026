import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, type OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import { merkleTree, sortLeaves, type CheckpointLeaf } from 'credence-verify';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { CheckpointStore, type NewCheckpoint } from '../../infrastructure/event-store/checkpoint-store';
import { EVENT_STORE, START, type EventStore, type Position } from '../../infrastructure/event-store/event-store.port';
import { AuditSigner } from './audit-signer';

const PAGE = 2000;

/**
 * Signs a checkpoint every AUDIT_CHECKPOINT_INTERVAL_SECONDS: the Merkle root over the latest hash of every stream
 * changed since the previous checkpoint, read from the global log after the position the previous one reached. Any
 * replica may run it; the store's lock lets one of them make each checkpoint.
 */
@Injectable()
export class CheckpointsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Audit');
  readonly store: CheckpointStore;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signer: AuditSigner,
  ) {
    this.store = new CheckpointStore(pool);
  }

  async onModuleInit() {
    await this.store.init();
  }

  onApplicationBootstrap() {
    const seconds = this.config.audit.checkpointIntervalSeconds;
    if (seconds > 0) {
      this.timer = setInterval(() => void this.tick(), seconds * 1000);
      this.timer.unref();
    }
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async tick() {
    if (this.running) return;
    this.running = this.checkpoint()
      .then((made) => made && this.logger.log(`audit checkpoint ${made.body.id}: ${made.body.leafCount} streams, root ${made.body.merkleRoot}`))
      .catch((error: unknown) => this.logger.error(`audit checkpoint failed: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
    await this.running;
  }

  /** Makes the next checkpoint now; null when no stream changed since the last one (or another process is on it). */
  checkpoint(): Promise<NewCheckpoint | null> {
    return this.store.withNext(async (last) => {
      const changed = new Map<string, CheckpointLeaf>();
      let after: Position = last?.position ?? START;
      for (;;) {
        const page = await this.events.readAll({ after, maxCount: PAGE });
        for (const e of page) {
          if (e.hash) changed.set(e.streamName, { stream: e.streamName, revision: Number(e.revision), hash: e.hash });
        }
        if (page.length) after = page[page.length - 1].position;
        if (page.length < PAGE) break;
      }
      if (changed.size === 0) return null;
      const leaves = sortLeaves([...changed.values()]);
      const tree = merkleTree(leaves);
      const body = {
        id: (last?.id ?? 0) + 1,
        createdAt: new Date().toISOString(),
        merkleRoot: tree.root,
        leafCount: leaves.length,
        previousId: last?.id ?? null,
        keyFingerprint: this.signer.fingerprint,
        position: { commit: after.commit.toString(), prepare: after.prepare.toString() },
      };
      return {
        body,
        position: after,
        signature: this.signer.sign(body),
        publicKey: this.signer.publicKeyPem,
        leaves: leaves.map((l, i) => ({ ...l, proof: tree.proofs[i] })),
      };
    });
  }
}
