import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { SavedCard } from './payment-gateway.port';
import { SANDBOX_NONCE_CARDS, VAULTED_NONCE_PREFIX } from './sandbox-nonces';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const randomId = (length: number) =>
  [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');

/**
 * The sandbox provider's vault: the cards customers saved ('Save card for later'), the one-use nonces minted to pay
 * with one, and the client token that tells the card form how many a customer has.
 */
export class SandboxVault {
  constructor(private readonly pool: Pool) {}

  async clientToken(customer: { customerId: string; email: string }): Promise<string> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM money_sandbox_vault WHERE customer_id = $1`,
      [customer.customerId],
    );
    const payload = {
      environment: 'sandbox',
      customerId: customer.customerId,
      savedCards: Number(rows[0].n),
      threeDSecure: true,
    };
    return `sandbox_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  }

  async savedCards(customerId: string): Promise<SavedCard[]> {
    const { rows } = await this.pool.query<{
      token: string;
      card_type: string;
      last4: string;
      expiration_month: string;
      expiration_year: string;
    }>(
      `SELECT token, card_type, last4, expiration_month, expiration_year FROM money_sandbox_vault WHERE customer_id = $1 ORDER BY created_at, token`,
      [customerId],
    );
    return rows.map((r) => ({
      token: r.token,
      cardType: r.card_type,
      last4: r.last4,
      expirationMonth: r.expiration_month,
      expirationYear: r.expiration_year,
    }));
  }

  async removeSavedCard(customerId: string, token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM money_sandbox_vault WHERE token = $1 AND customer_id = $2`,
      [token, customerId],
    );
    return (rowCount ?? 0) > 0;
  }

  async savedCardNonce(customerId: string, token: string): Promise<string | null> {
    const nonce = `${VAULTED_NONCE_PREFIX}${randomId(24)}`;
    const { rowCount } = await this.pool.query(
      `INSERT INTO money_sandbox_vault_nonces (nonce, token, customer_id) SELECT $1, token, customer_id FROM money_sandbox_vault WHERE token = $2 AND customer_id = $3`,
      [nonce, token, customerId],
    );
    return rowCount ? nonce : null;
  }

  /**
   * Keeps the card behind an approving test nonce in the customer's vault, as the provider's storeInVaultOnSuccess
   * does; the same card saved again is the one already there.
   */
  async save(customerId: string, nonce: string): Promise<string | null> {
    const card = SANDBOX_NONCE_CARDS[nonce];
    if (!card) return null;
    const { rows } = await this.pool.query<{ token: string }>(
      `INSERT INTO money_sandbox_vault (token, customer_id, card_type, last4, expiration_month, expiration_year) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (customer_id, card_type, last4, expiration_month, expiration_year) DO UPDATE SET customer_id = EXCLUDED.customer_id
       RETURNING token`,
      [
        `sbx_${randomId(12)}`,
        customerId,
        card.cardType,
        card.last4,
        card.expirationMonth,
        card.expirationYear,
      ],
    );
    return rows[0].token;
  }

  /** A nonce minted for a saved card: used once, by the customer it was minted for, while the card is still saved. */
  async useVaultedNonce(nonce: string, customerId: string): Promise<{ token: string | null }> {
    const { rows } = await this.pool.query<{ token: string }>(
      `UPDATE money_sandbox_vault_nonces SET consumed_at = now() WHERE nonce = $1 AND customer_id = $2 AND consumed_at IS NULL RETURNING token`,
      [nonce, customerId],
    );
    return { token: rows[0]?.token ?? null };
  }
}
