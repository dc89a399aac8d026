import { DomainError, verificationStream } from '@credence/domain';
import type { BundleCheckView, VerificationReplayView } from '@credence/api-contract';
import { Inject, Injectable } from '@nestjs/common';
import { BUNDLE_FORMAT, verifyBundle, type AuditBundle } from 'credence-verify';
import { EVENT_STORE, type EventStore } from '../../infrastructure/event-store/event-store.port';
import { AuditSigner } from './audit-signer';
import { CheckpointsService } from './checkpoints.service';
import { replayVerification, type ReplayPoint } from './replay';

/** Replays, exports and verifies one verification's stream: what the audit routes answer. */
@Injectable()
export class AuditTrailService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly checkpoints: CheckpointsService,
    private readonly signer: AuditSigner,
  ) {}

  async replay(id: string, point: ReplayPoint): Promise<VerificationReplayView> {
    const stream = verificationStream(id);
    const events = await this.store.readStream(stream);
    if (!events.length) throw new DomainError('not-found', 'Verification not found.');
    return { id, ...replayVerification(stream, events, point) };
  }

  /** The stream as stored with its hashes, every checkpoint that covers it, and the key that signed them. */
  async bundle(id: string): Promise<AuditBundle> {
    const stream = verificationStream(id);
    const events = await this.store.readStoredStream(stream);
    if (!events.length) throw new DomainError('not-found', 'Verification not found.');
    return {
      format: BUNDLE_FORMAT,
      stream,
      exportedAt: new Date().toISOString(),
      hashAlgorithm:
        'hash = SHA-256(prevHash || RFC 8785 canonical JSON of {type, schemaVersion, data, metadata without hash, revision}); ' +
        'the first event chains to 64 zeros. Checkpoints sign (Ed25519) the Merkle root of their leaves {stream, revision, hash}.',
      events: events.map((e) => ({
        revision: Number(e.revision),
        type: e.type,
        schemaVersion: e.schemaVersion,
        data: e.data,
        metadata: e.metadata as unknown as AuditBundle['events'][number]['metadata'],
        recordedAt: e.recordedAt.toISOString(),
        // Where the event sits in the global log: a certificate names it (not covered by the hash).
        position: e.position.commit.toString(),
      })),
      checkpoints: await this.checkpoints.store.covering(stream),
      publicKey: this.signer.publicKeyPem,
    };
  }

  /** Checks the stream as it is stored now, against the server's own key, with the checker the CLI runs. */
  async verify(id: string): Promise<BundleCheckView> {
    const bundle = await this.bundle(id);
    const result = verifyBundle(bundle, { publicKeyPem: this.signer.publicKeyPem });
    return { ...result, keyFingerprint: this.signer.fingerprint };
  }
}
