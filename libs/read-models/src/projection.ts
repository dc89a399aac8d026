import type { DomainEvent, EventMetadata } from '@credence/domain';

/** What a projection sees of a recorded event. */
export interface ProjectedEvent extends DomainEvent {
  streamName: string;
  revision: bigint;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** A read-model row: plain JSON-able values keyed by column name, identified by `id`. */
export interface Row {
  id: string;
  [column: string]: string | number | boolean | null | string[] | Record<string, unknown> | unknown[];
}

/**
 * A read model as pure functions: which rows an event touches, and how each row evolves. The API's projector
 * runtime loads the rows, calls evolve, and writes the results and its checkpoint in one transaction.
 * Bump `version` when evolve changes meaning: the runtime then rebuilds the table from the start of the log.
 */
export interface Projection<R extends Row = Row> {
  readonly name: string;
  readonly version: number;
  /** Event types this projection reads; others are skipped without loading anything. */
  readonly handles: readonly string[];
  /**
   * Optional: the id of a row of this same table that describes the event's subject (one row per verification
   * holding the day it was recorded, say). The runtime reads it, as it stands before the event, and hands it to
   * rowIds and evolve, so counters can be keyed by what an earlier event said (a verification's day when a later
   * event changes its result). The subject row itself evolves like any other row when rowIds lists it.
   */
  contextRowId?(event: ProjectedEvent): string | null;
  /** Ids of the rows this event changes (often one; several for e.g. per-company and global counters). */
  rowIds(event: ProjectedEvent, context?: R | null): readonly string[];
  /** The row after the event; null deletes it. `row` is null when there is none yet. */
  evolve(row: R | null, event: ProjectedEvent, id: string, context?: R | null): R | null;
}
