import { canonicalize, chainHashOfJson, GENESIS_HASH } from 'credence-verify';
import type { EventToAppend } from './event-store.port';

export { GENESIS_HASH };

/** An event's metadata as stored: the envelope plus the hash chaining it to the event before it in its stream. */
export type ChainedMetadata = EventToAppend['metadata'] & { hash: string };

/**
 * An event ready to store: its metadata with the hash, and its data and that metadata as the JSON texts to send
 * (the canonical texts the hash covers, serialised once for both).
 */
export type ChainedEvent = EventToAppend & { metadata: ChainedMetadata; dataJson: string; metadataJson: string };

/**
 * The events with their hashes: `hash = SHA-256(prevHash || canonical JSON of {type, schemaVersion, data, metadata
 * without the hash, revision})` (credence-verify's chainHash, the function the offline checker runs, here from the
 * canonical texts of data and metadata, which are also what the append sends). The first event gets
 * `firstRevision`, the next one more, and so on. The caller's objects are not changed.
 */
export function chainEvents(
  prevHash: string,
  firstRevision: bigint,
  events: EventToAppend[],
): { events: ChainedEvent[]; lastHash: string } {
  let prev = prevHash;
  const out = events.map((e, i): ChainedEvent => {
    const { hash: _ignored, ...metadata } = e.metadata as ChainedMetadata;
    const dataJson = canonicalize(e.data ?? null);
    const unhashed = canonicalize(metadata);
    const hash = chainHashOfJson(prev, {
      type: e.type,
      schemaVersion: e.schemaVersion,
      dataJson,
      metadataJson: unhashed,
      revision: firstRevision + BigInt(i),
    });
    prev = hash;
    // The hash joins the canonical metadata text (key order does not matter to jsonb).
    const metadataJson = unhashed === '{}' ? `{"hash":"${hash}"}` : `${unhashed.slice(0, -1)},"hash":"${hash}"}`;
    return { ...e, metadata: { ...metadata, hash }, dataJson, metadataJson };
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
