import { DomainError, fromMinor } from '@credence/domain';
import type { Pool } from 'pg';
import type {
  ChargeOutcome,
  ChargeRequest,
  PaymentGateway,
  RefundOutcome,
  RefundRequest,
  SavedCard,
} from './payment-gateway.port';
import { sandboxBehaviour, VAULTED_NONCE_PREFIX } from './sandbox-nonces';
import { SandboxRefunds } from './sandbox-refunds';
import { randomId, SandboxVault } from './sandbox-vault';

interface TransactionRow {
  id: string;
  amount_minor: string;
  status: ChargeOutcome['status'];
  code: string | null;
  message: string | null;
  receipt_id: string | null;
}

/**
 * The embedded default card provider, behaving like the provider's test mode: the documented test nonces succeed,
 * decline or fail 3-D Secure (see sandbox-nonces.ts), and no money moves. It keeps its own record of charges, as a
 * provider does, which makes a retried charge (same idempotency key) answer the first outcome. Saved cards are
 * SandboxVault's, refunds are SandboxRefunds'.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  private readonly vault: SandboxVault;
  private readonly refunds: SandboxRefunds;

  constructor(private readonly pool: Pool) {
    this.vault = new SandboxVault(pool);
    this.refunds = new SandboxRefunds(pool);
  }

  clientToken(customer: { customerId: string; email: string }): Promise<string> {
    return this.vault.clientToken(customer);
  }

  savedCards(customerId: string): Promise<SavedCard[]> {
    return this.vault.savedCards(customerId);
  }

  removeSavedCard(customerId: string, token: string): Promise<boolean> {
    return this.vault.removeSavedCard(customerId, token);
  }

  savedCardNonce(customerId: string, token: string): Promise<string | null> {
    return this.vault.savedCardNonce(customerId, token);
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
      throw new Error('charge needs a positive amount');
    const earlier = await this.find(request.idempotencyKey);
    if (earlier) return this.replay(earlier, request);
    const vaulted = request.nonce.startsWith(VAULTED_NONCE_PREFIX)
      ? await this.vault.useVaultedNonce(request.nonce, request.customerId)
      : null;
    // A saved card pays like the approving test card it was saved from; a used or foreign nonce is refused.
    const behaviour = !vaulted
      ? sandboxBehaviour(request.nonce, request.amountMinor)
      : vaulted.token
        ? sandboxBehaviour('fake-valid-nonce', request.amountMinor)
        : sandboxBehaviour('fake-consumed-nonce', request.amountMinor);
    const succeeded = behaviour.status === 'succeeded';
    const id = randomId(8);
    const paymentMethodToken = succeeded
      ? (vaulted?.token ??
        (request.saveCard ? await this.vault.save(request.customerId, request.nonce) : null))
      : null;
    await this.pool.query(
      `INSERT INTO money_sandbox_transactions
         (id, idempotency_key, customer_id, email, amount_minor, currency, nonce, status, code, message, receipt_id, save_card, payment_method_token)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
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
        paymentMethodToken,
      ],
    );
    // Whoever inserted first decided the outcome; a concurrent copy of the request answers the same.
    return this.replay((await this.find(request.idempotencyKey))!, request);
  }

  async voidCharge(transactionId: string): Promise<void> {
    await this.pool.query(
      `UPDATE money_sandbox_transactions SET voided_at = now() WHERE id = $1 AND voided_at IS NULL`,
      [transactionId],
    );
  }

  refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refunds.refund(request);
  }

  async findCharge(idempotencyKey: string): Promise<{ transactionId: string; succeeded: boolean } | null> {
    const { rows } = await this.pool.query<{ id: string; status: string; voided_at: Date | null }>(
      `SELECT id, status, voided_at FROM money_sandbox_transactions WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0]
      ? { transactionId: rows[0].id, succeeded: rows[0].status === 'succeeded' && !rows[0].voided_at }
      : null;
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
        return {
          status: 'succeeded',
          transactionId: row.id,
          receiptId: row.receipt_id ?? row.id,
          amountMinor: Number(row.amount_minor),
        };
      case 'declined':
      case 'three-d-secure-failed':
      case 'rejected':
        return {
          status: row.status,
          code: row.code ?? '',
          message: row.message ?? '',
          transactionId: row.status === 'rejected' ? null : row.id,
        };
      default: {
        const never: never = row.status;
        throw new Error(`unknown sandbox status ${String(never)}`);
      }
    }
  }
}
