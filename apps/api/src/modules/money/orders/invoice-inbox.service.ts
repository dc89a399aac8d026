import { Inject, Injectable } from '@nestjs/common';
import { invoiceInboxStream, type InvoicesSeen } from '@credence/domain';
import { companyCounterId, unseenCount, userCounterId } from '@credence/read-models';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import { stampEvents } from '../../../infrastructure/command-handling/event-stamping';
import { moneyStep } from '../ledger/money-ids';

/** The unseen-invoice counter (2.3, 2.13): invoices of the company the user has not seen in the credit history. */
@Injectable()
export class InvoiceInbox {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsService,
  ) {}

  async counts(companyId: string, userId: string): Promise<{ issued: number; seen: number; unseen: number }> {
    const { rows } = await this.pool.query<{ id: string; issued: number; seen: number }>({
      text: `SELECT id, issued, seen FROM rm_unseen_invoices WHERE id = ANY($1)`,
      values: [[companyCounterId(companyId), userCounterId(userId)]],
      types: rowTypes,
    });
    const company = rows.find((r) => r.id === companyCounterId(companyId)) ?? null;
    const user = rows.find((r) => r.id === userCounterId(userId)) ?? null;
    return { issued: company?.issued ?? 0, seen: user?.seen ?? 0, unseen: unseenCount(company, user) };
  }

  /** Opening the credit history resets the counter: records that the user has seen what was issued so far. */
  async markSeen(principal: Principal): Promise<void> {
    const { issued, unseen } = await this.counts(principal.companyId, principal.userId);
    if (unseen === 0) return;
    const commandId = randomUUID();
    const event: InvoicesSeen = {
      type: 'InvoicesSeen',
      schemaVersion: 1,
      data: { userId: principal.userId, companyId: principal.companyId, issuedCount: issued },
    };
    const appended = await this.store.append(
      invoiceInboxStream(principal.userId),
      stampEvents([event], { ...moneyStep(commandId, 'seen', { username: principal.username, impersonator: principal.impersonator }, principal.companyId), occurredAt: new Date().toISOString() }),
      'any',
    );
    await this.projections.waitFor('unseen-invoices', appended.position);
  }
}
