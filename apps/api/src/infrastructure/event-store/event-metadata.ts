import type { DomainEvent, EventMetadata } from '@credence/domain';
import { requestContext } from '../logging/request-context';
import { deriveEventId } from './event-ids';
import type { EventToAppend } from './event-store.port';

/** Who and what caused the events of one command, for their metadata. */
export interface CommandMetadata {
  /** The events' ids derive from it (deterministic: a retried command appends nothing new). */
  commandId: string;
  /** Username, or system:<process>. */
  actor: string;
  impersonator?: string | null;
  /** Defaults to the request's id, else the command id. */
  correlationId?: string;
  /** Defaults to the command id. */
  causationId?: string;
  tenantId?: string;
  occurredAt: string;
}

/** The events of one command as they are appended: each with its deterministic id and the command's metadata. */
export function withCommandMetadata<E extends DomainEvent>(events: readonly E[], c: CommandMetadata): (E & { metadata: EventMetadata })[] {
  const correlationId = c.correlationId ?? requestContext.getStore()?.requestId ?? c.commandId;
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

export type { EventToAppend };
