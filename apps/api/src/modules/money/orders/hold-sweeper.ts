import { creditDecider, creditStream } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { Sweeper } from '../../../common/scheduling/sweeper';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { moneyStep } from '../ledger/money-ids';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway.port';

export const HOLD_EXPIRED_CODE = 'QC-HOLD-EXPIRED';
export const HOLD_EXPIRED_MESSAGE = 'The payment was not completed in time; the held credit was released.';
/** An order holds its credit for the seconds its card takes; one still held after this was left by a crash. */
export const HOLD_TIMEOUT_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 60_000;

export interface SweepResult {
  released: string[];
  voided: string[];
}

/**
 * Releases credit holds a crash left between the hold and the capture (the process died while the card was
 * charged, or before it settled the order), once they are older than HOLD_TIMEOUT_MS. The release is a ledger
 * command: the decider releases a hold once (a hold already settled or released decides nothing), so two sweepers,
 * or a sweeper racing the order finishing late, never release twice or release a settled order. After its release
 * it gives back a card charge the crashed order may have made (the charge's key is the order's), so the customer
 * pays nothing for an order that was not recorded; an order finishing after the release is refused and voids its
 * own charge (PlaceOrder).
 */
@Injectable()
export class HoldSweeper extends Sweeper {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commands: CommandHandling,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {
    super(new Logger(HoldSweeper.name), 'hold sweep', SWEEP_EVERY_MS);
  }

  protected tick() {
    return this.sweep();
  }

  /** Sweeps the holds older than the timeout at `now`. */
  async sweep(now = new Date(), timeoutMs = HOLD_TIMEOUT_MS): Promise<SweepResult> {
    const { rows } = await this.pool.query<{ reservation_id: string; company_id: string }>(
      `SELECT reservation_id, company_id FROM money_open_holds WHERE held_at < $1 ORDER BY held_at LIMIT 100`,
      [new Date(now.getTime() - timeoutMs)],
    );
    const result: SweepResult = { released: [], voided: [] };
    for (const row of rows) await this.sweepOne(row.company_id, row.reservation_id, result);
    return result;
  }

  private async sweepOne(companyId: string, reservationId: string, result: SweepResult) {
    const done = await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: {
        type: 'ReleaseReservation',
        reservationId,
        code: HOLD_EXPIRED_CODE,
        message: HOLD_EXPIRED_MESSAGE,
      },
      context: moneyStep(reservationId, 'expire', { username: 'system:hold-sweeper' }, companyId),
    });
    if (done.events.length && !done.replayed) result.released.push(reservationId);
    const closed = done.state.closed[reservationId];
    if (closed?.outcome === 'released' && closed.code === HOLD_EXPIRED_CODE) {
      // The order's card charge is keyed by its command id, which is also its reservation id.
      const charge = await this.gateway.findCharge(reservationId);
      if (charge?.succeeded) {
        await this.gateway.voidCharge(charge.transactionId);
        result.voided.push(charge.transactionId);
      }
    }
    if (closed || !done.state.holds[reservationId])
      await this.pool.query(`DELETE FROM money_open_holds WHERE reservation_id = $1`, [reservationId]);
  }
}
