import type { Pool } from 'pg';
import type { RefundOutcome, RefundRequest } from './payment-gateway.port';
import { randomId } from './sandbox-vault';

/** The sandbox provider's refunds of its charges, kept in its own ledger (money_sandbox_refunds), once per key. */
export class SandboxRefunds {
  constructor(private readonly pool: Pool) {}

  /**
   * Like the provider's test mode: a refund of a charge that succeeded, not voided, for at most what it has left
   * (code 91521 'Refund amount is too large.'); a voided or failed charge cannot be refunded (91506). Answered once
   * per key: a retry gets the first outcome.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
      throw new Error('refund needs a positive amount');
    const earlier = await this.findRefund(request.idempotencyKey);
    if (earlier) return earlier;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ amount_minor: string; status: string; voided_at: Date | null }>(
        `SELECT amount_minor, status, voided_at FROM money_sandbox_transactions WHERE id = $1 FOR UPDATE`,
        [request.transactionId],
      );
      const charge = rows[0];
      const { rows: done } = await client.query<{ n: string }>(
        `SELECT coalesce(sum(amount_minor), 0) AS n FROM money_sandbox_refunds WHERE transaction_id = $1 AND status = 'refunded'`,
        [request.transactionId],
      );
      let refusal: { code: string; message: string } | null = null;
      if (!charge) refusal = { code: '91510', message: 'Transaction not found.' };
      else if (charge.status !== 'succeeded' || charge.voided_at)
        refusal = { code: '91506', message: 'Cannot refund a transaction unless it is settled.' };
      else if (Number(done[0].n) + request.amountMinor > Number(charge.amount_minor))
        refusal = { code: '91521', message: 'Refund amount is too large.' };
      await client.query(
        `INSERT INTO money_sandbox_refunds (id, idempotency_key, transaction_id, amount_minor, status, code, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          randomId(8),
          request.idempotencyKey,
          request.transactionId,
          request.amountMinor,
          refusal ? 'refused' : 'refunded',
          refusal?.code ?? null,
          refusal?.message ?? null,
        ],
      );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    return (await this.findRefund(request.idempotencyKey))!;
  }

  private async findRefund(key: string): Promise<RefundOutcome | null> {
    const { rows } = await this.pool.query<{
      id: string;
      status: string;
      code: string | null;
      message: string | null;
    }>(`SELECT id, status, code, message FROM money_sandbox_refunds WHERE idempotency_key = $1`, [key]);
    const row = rows[0];
    if (!row) return null;
    return row.status === 'refunded'
      ? { status: 'refunded', refundTransactionId: row.id }
      : { status: 'refused', code: row.code ?? '', message: row.message ?? '' };
  }
}
