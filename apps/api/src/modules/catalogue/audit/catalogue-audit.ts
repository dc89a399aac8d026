import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { requestContext } from '../../../infrastructure/logging/request-context';

export const CATALOGUE_AUDIT_STREAM = 'audit-catalogue';

/** Who changed the catalogue: a staff member (possibly impersonating), a customer requesting an institute. */
export interface Actor {
  username: string;
  impersonator?: string | null;
  companyId?: string | null;
}

/**
 * Every change to the catalogue (staff edits, record imports, institute requests) as an event on the
 * `audit-catalogue` stream. Callers append inside their database transaction, before it commits: a change whose
 * audit event cannot be written is rolled back rather than left unaudited.
 */
@Injectable()
export class CatalogueAudit {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async record(type: string, data: Record<string, unknown>, actor: Actor): Promise<void> {
    const eventId = randomUUID();
    const correlationId = requestContext.getStore()?.requestId ?? eventId;
    await this.store.append(
      CATALOGUE_AUDIT_STREAM,
      [
        {
          type,
          schemaVersion: 1,
          data,
          metadata: {
            eventId,
            correlationId,
            causationId: correlationId,
            actor: actor.username,
            ...(actor.impersonator ? { impersonator: actor.impersonator } : {}),
            ...(actor.companyId ? { tenantId: actor.companyId } : {}),
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );
  }
}
