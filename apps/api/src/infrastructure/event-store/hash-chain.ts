import { chainHash, GENESIS_HASH } from 'credence-verify';
import type { EventToAppend } from './event-store.port';

export { GENESIS_HASH };

/** An event's metadata as stored: the envelope plus the hash chaining it to the event before it in its stream. */
export type ChainedMetadata = EventToAppend['metadata'] & { hash: string };

/**
 * The events with their hashes: `hash = SHA-256(prevHash || canonical JSON of {type, schemaVersion, data, metadata
 * without the hash, revision})` (credence-verify's chainHash, the function the offline checker runs). The first
 * event gets `firstRevision`, the next one more, and so on. The caller's objects are not changed.
 */
export function chainEvents(
  prevHash: string,
  firstRevision: bigint,
  events: EventToAppend[],
): { events: (EventToAppend & { metadata: ChainedMetadata })[]; lastHash: string } {
  let prev = prevHash;
  const out = events.map((e, i) => {
    const { hash: _ignored, ...metadata } = e.metadata as ChainedMetadata;
    const hash = chainHash(prev, {
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data ?? null,
      metadata,
      revision: firstRevision + BigInt(i),
    });
    prev = hash;
    return { ...e, metadata: { ...metadata, hash } };
  });
  return { events: out, lastHash: prev };
}

/**
 * The last known (revision, hash) of recently used streams. An event never changes once appended, so an entry is a
 * fact and never stale in itself: an append expecting that revision chains to it without asking the database (the
 * append statement still checks the hash, so a wrong entry only costs a retry). Bounded, least recently used out.
 */
export class StreamHeadCache {
  private readonly heads = new Map<string, { revision: bigint; hash: string }>();

  constructor(private readonly max = 10_000) {}

  get(stream: string, revision: bigint): string | undefined {
    const head = this.heads.get(stream);
    if (!head || head.revision !== revision) return undefined;
    this.heads.delete(stream);
    this.heads.set(stream, head);
    return head.hash;
  }

  /** Remembers the newest revision seen of a stream. */
  remember(stream: string, revision: bigint, hash: string | undefined): void {
    if (!hash) return;
    const known = this.heads.get(stream);
    if (known && known.revision > revision) return;
    this.heads.delete(stream);
    this.heads.set(stream, { revision, hash });
    if (this.heads.size > this.max) this.heads.delete(this.heads.keys().next().value as string);
  }

  forget(stream: string): void {
    this.heads.delete(stream);
  }
}
