import type { EventToAppend, ExpectedRevision } from './event-store.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks both adapters make before talking to their database, so a bad call fails the same, clear way on either.
 * Returns the event ids, lower-cased (PostgreSQL and EventStoreDB both answer UUIDs in lower case).
 */
export function checkAppend(
  streamName: string,
  events: EventToAppend[],
  expected: ExpectedRevision,
): string[] {
  if (!streamName) throw new Error('append needs a stream name');
  if (events.length === 0) throw new Error(`append to ${streamName} needs at least one event`);
  if (typeof expected === 'bigint' && expected < 0n) {
    throw new Error(`append to ${streamName}: expected revision ${expected} is negative; use 'no_stream'`);
  }
  const ids = events.map((e) => {
    const id = e.metadata?.eventId;
    if (typeof id !== 'string' || !UUID.test(id)) {
      throw new Error(
        `append to ${streamName}: event ${e.type} needs a UUID metadata.eventId, got ${String(id)}`,
      );
    }
    return id.toLowerCase();
  });
  if (new Set(ids).size !== ids.length)
    throw new Error(`append to ${streamName}: the same event id appears twice`);
  return ids;
}
