import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';

export interface AuditActor {
  /** Username of whoever acted, or 'anonymous' / 'system:<process>'. */
  actor: string;
  impersonator?: string | null;
  companyId?: string | null;
  correlationId?: string;
}

/**
 * Security-relevant changes (sign-in failures, password changes, role changes, impersonation, staff edits) as
 * events on `audit-<company id>` streams (`audit-anonymous` for callers with no account), naming both the actor
 * and, during impersonation, the staff member.
 */
@Injectable()
export class AuditService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async record(type: string, data: Record<string, unknown>, by: AuditActor): Promise<void> {
    const id = randomUUID();
    await this.store.append(
      `audit-${by.companyId ?? 'anonymous'}`,
      [
        {
          type,
          schemaVersion: 1,
          data,
          metadata: {
            eventId: id,
            correlationId: by.correlationId ?? id,
            causationId: id,
            actor: by.actor,
            ...(by.impersonator ? { impersonator: by.impersonator } : {}),
            ...(by.companyId ? { tenantId: by.companyId } : {}),
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );
  }
}
