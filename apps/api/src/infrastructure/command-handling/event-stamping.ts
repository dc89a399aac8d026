import type { DomainEvent, EventMetadata } from '@credence/domain';
import { createHash } from 'node:crypto';
import { requestContext } from '../logging/request-context';

/** Fixed namespace for Credence event ids; changing it would change every derived id, so it never changes. */
export const EVENT_ID_NAMESPACE = 'a0c22920-00f9-4d28-aec9-d9a188276e37';

/**
 * The id of the index-th event produced by a command. Deterministic, so a retried command (same command id)
 * produces the same event ids and the store recognises the retry instead of appending the events twice.
 */
export function deriveEventId(commandId: string, index: number): string {
  if (!commandId) throw new Error('deriveEventId needs a command id');
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`deriveEventId: bad event index ${index}`);
  return uuidV5(`${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

/** RFC 9562 version 5 (name-based, SHA-1) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`uuidV5: namespace is not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Who and what caused the events of one command: everything their metadata says besides the event itself. */
export interface CommandContext {
  /** The events' ids derive from it: the same command (an idempotency key, a job key) appends nothing new. */
  commandId: string;
  /** Username, or system:<process>, or public:<route>. */
  actor: string;
  impersonator?: string | null;
  /** Defaults to the request's id, else the command id. */
  correlationId?: string;
  /** Defaults to the command id; the steps of one request share it, so its chain can be followed. */
  causationId?: string;
  /** The company (tenant) the events belong to. */
  tenantId?: string;
}

/**
 * The one place events get their ids and metadata: the index-th event of a command gets deriveEventId(commandId,
 * index), and every event the command's actor, chain and time. The command-handling loop stamps each attempt
 * with the same ids; streams without a decider (inbox marks, credit orders) stamp their event here too.
 */
export function stampEvents<E extends DomainEvent>(events: readonly E[], c: CommandContext & { occurredAt: string }): (E & { metadata: EventMetadata })[] {
  const request = requestContext.getStore();
  const correlationId = c.correlationId ?? request?.correlationId ?? request?.requestId ?? c.commandId;
  return events.map((event, i) => ({
    ...event,
    metadata: {
      eventId: deriveEventId(c.commandId, i),
      correlationId,
      causationId: c.causationId ?? c.commandId,
      actor: c.actor,
      ...(c.impersonator ? { impersonator: c.impersonator } : {}),
      ...(c.tenantId ? { tenantId: c.tenantId } : {}),
      occurredAt: c.occurredAt,
    },
  }));
}
