import { canRequestInstitute, DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CatalogueAudit } from '../audit/catalogue-audit';
import { withTransaction } from '../persistence/transaction';
import { InstituteRequested } from './institute-requested.event';

export interface InstituteRequestInput {
  name: string;
  country: string;
  comment: string | null;
}

/** Requests for new institutes: stored, audited, then announced for the mail to staff. */
@Injectable()
export class InstituteRequestsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: CatalogueAudit,
    private readonly events: EventBus,
  ) {}

  async request(input: InstituteRequestInput, by: Principal) {
    if (!canRequestInstitute(by))
      throw new DomainError('forbidden', 'Only non-individuals can request a new institute.');
    const id = randomUUID();
    const created = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ created_at: Date }>(
        `INSERT INTO catalogue_institute_request (id, name, country, comment, requested_by, company_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
        [id, input.name, input.country, input.comment, by.username, by.companyId],
      );
      await this.audit.record(
        'InstituteRequested',
        { requestId: id, ...input },
        {
          username: by.username,
          impersonator: by.impersonator,
          companyId: by.companyId,
        },
      );
      return rows[0].created_at.toISOString();
    });
    this.events.publish(
      new InstituteRequested(
        id,
        input.name,
        input.country,
        input.comment,
        by.username,
        by.companyId,
        created,
      ),
    );
    return { id, name: input.name, region: { name: input.country }, comment: input.comment, created };
  }
}
