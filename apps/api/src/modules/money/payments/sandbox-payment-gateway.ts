import { DomainError, fromMinor } from '@credence/domain';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { ChargeOutcome, ChargeRequest, PaymentGateway } from './payment-gateway.port';
import { sandboxBehaviour } from './sandbox-nonces';

interface TransactionRow {
  id: string;
  amount_minor: string;
  status: ChargeOutcome['status'];
  code: string | null;
  message: string | null;
  receipt_id: string | null;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (length: number) => [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');

/**
 * The embedded default card provider, behaving like the provider's test mode: the documented test nonces succeed,
 * decline or fail 3-D Secure (see sandbox-nonces.ts), and no money moves. It keeps its own record of charges, as a
 * provider does, which makes a retried charge (same idempotency key) answer the first outcome.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(private readonly pool: Pool) {}

  async clientToken(customer: { customerId: string; email: string }): Promise<string> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM money_sandbox_transactions WHERE customer_id = $1 AND save_card AND status = 'succeeded'`,
      [customer.customerId],
    );
    const payload = { environment: 'sandbox', customerId: customer.customerId, savedCards: Number(rows[0].n), threeDSecure: true };
    return `sandbox_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) throw new Error('charge needs a positive amount');
    const earlier = await this.find(request.idempotencyKey);
    if (earlier) return this.replay(earlier, request);
    const behaviour = sandboxBehaviour(request.nonce, request.amountMinor);
    const succeeded = behaviour.status === 'succeeded';
    const id = randomId(8);
    await this.pool.query(
      `INSERT INTO money_sandbox_transactions
         (id, idempotency_key, customer_id, email, amount_minor, currency, nonce, status, code, message, receipt_id, save_card)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        id,
        request.idempotencyKey,
        request.customerId,
        request.email,
        request.amountMinor,
        request.currency,
        request.nonce,
        behaviour.status,
        succeeded ? null : behaviour.code,
        succeeded ? null : behaviour.message,
        succeeded ? randomId(6).toUpperCase() : null,
        succeeded && request.saveCard,
      ],
    );
    // Whoever inserted first decided the outcome; a concurrent copy of the request answers the same.
    return this.replay((await this.find(request.idempotencyKey))!, request);
  }

  async voidCharge(transactionId: string): Promise<void> {
    await this.pool.query(`UPDATE money_sandbox_transactions SET voided_at = now() WHERE id = $1 AND voided_at IS NULL`, [
      transactionId,
    ]);
  }

  private async find(key: string) {
    const { rows } = await this.pool.query<TransactionRow>(
      `SELECT id, amount_minor, status, code, message, receipt_id FROM money_sandbox_transactions WHERE idempotency_key = $1`,
      [key],
    );
    return rows[0];
  }

  private replay(row: TransactionRow, request: ChargeRequest): ChargeOutcome {
    if (Number(row.amount_minor) !== request.amountMinor) {
      throw new DomainError(
        'conflict',
        `This payment was already attempted for ${fromMinor(Number(row.amount_minor)).toFixed(2)}; a retry must ask for the same amount.`,
        'QC-IDEMPOTENCY-MISMATCH',
      );
    }
    switch (row.status) {
      case 'succeeded':
        return { status: 'succeeded', transactionId: row.id, receiptId: row.receipt_id ?? row.id, amountMinor: Number(row.amount_minor) };
      case 'declined':
      case 'three-d-secure-failed':
      case 'rejected':
        return { status: row.status, code: row.code ?? '', message: row.message ?? '', transactionId: row.status === 'rejected' ? null : row.id };
      default: {
        const never: never = row.status;
        throw new Error(`unknown sandbox status ${String(never)}`);
      }
    }
  }
}
