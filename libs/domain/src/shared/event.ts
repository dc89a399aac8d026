/**
 * The envelope every event of every aggregate travels in. Events are facts, named in the past tense; their
 * data is plain JSON. The metadata says who did it, on whose behalf, for which tenant and as part of what.
 */
export interface EventMetadata {
  /** Deterministic per command (see deriveEventId in the API), so a retried command appends nothing new. */
  eventId: string;
  /** The request or process that started the chain of commands. */
  correlationId: string;
  /** The command id (or the id of the event) that directly caused this event. */
  causationId: string;
  /** Username of the person or 'system:<process>' that acted. */
  actor: string;
  /** Staff username when a staff member acted while impersonating the actor. */
  impersonator?: string;
  /** Company (tenant) the event belongs to, when it belongs to one. */
  tenantId?: string;
  /** ISO-8601 instant, passed in by the caller: the domain never reads the clock. */
  occurredAt: string;
  /** W3C traceparent of the span that appended the event, to join traces across projections and jobs. */
  traceparent?: string;
}

/** An event as the domain produces it: a discriminated union member with a schema version. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  schemaVersion: number;
  data: Data;
}

/** Upcasts one event of an old schema version to the next; applied on read until the current version. */
export type Upcaster = (event: DomainEvent) => DomainEvent;
