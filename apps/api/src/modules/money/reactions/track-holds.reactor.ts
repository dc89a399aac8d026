import type { CreditReservationReleased } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { HOLD_EXPIRED_CODE } from '../orders/hold-sweeper';

export const HOLDS_REACTOR = 'reactor:money-open-holds';

/**
 * Keeps money_open_holds: a row per credit hold taken (CreditReserved) until its order settles or its payment is
 * refused. A hold the sweeper expired stays listed until the sweeper has also given back any charge the crashed
 * order made (then the sweeper deletes it), so a crash of the sweeper itself loses nothing.
 */
@Injectable()
export class OpenHoldsReactor {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  definition(): ReactorDefinition {
    return {
      name: HOLDS_REACTOR,
      firstStart: 'start',
      handles: (event) =>
        event.streamName.startsWith('credit-') &&
        (event.type === 'CreditReserved' || event.type === 'CreditReservationSettled' || event.type === 'CreditReservationReleased'),
      react: async (event) => {
        const { reservationId } = event.data as { reservationId: string };
        if (event.type === 'CreditReserved') {
          await this.pool.query(
            `INSERT INTO money_open_holds (reservation_id, company_id, actor, held_at) VALUES ($1, $2, $3, $4) ON CONFLICT (reservation_id) DO NOTHING`,
            [reservationId, event.streamName.slice('credit-'.length), event.metadata.actor, event.metadata.occurredAt],
          );
        } else if (event.type === 'CreditReservationSettled' || (event.data as CreditReservationReleased['data']).code !== HOLD_EXPIRED_CODE) {
          await this.pool.query(`DELETE FROM money_open_holds WHERE reservation_id = $1`, [reservationId]);
        }
      },
    };
  }
}
