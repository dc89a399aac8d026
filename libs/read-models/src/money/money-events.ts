import type { ProjectedEvent } from '../projection';

/** The company a ledger or invoice event belongs to: its tenant, else the id in its stream name. */
export function companyOf(event: ProjectedEvent, prefix: string): string {
  return event.metadata.tenantId ?? (event.streamName.startsWith(prefix) ? event.streamName.slice(prefix.length) : event.streamName);
}

/** The event's data as the domain wrote it (projections read the shapes of @credence/domain's events). */
export const dataOf = <T>(event: ProjectedEvent) => event.data as T;
