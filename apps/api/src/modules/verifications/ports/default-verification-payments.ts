import {
  DomainError,
  fromMinor,
  planMoneyOrder,
  planTokenOrder,
  toMinor,
  usesTokens,
  type OrderLineInput,
  type Payment,
  type Price,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { AccountsRepository } from '../../identity/persistence/accounts.repository';
import type { CreditPurchase, PaymentItem, PaymentOutcome, VerificationPayments } from './verification-payments.port';

/** The card payment provider's sandbox nonces: these are declined, every other nonce is approved. */
const DECLINED_NONCE = /^fake-processor-declined/;

const lineOf = (i: PaymentItem): OrderLineInput => ({
  verificationId: i.verificationId,
  candidateName: i.candidateName,
  instituteId: i.instituteId,
  instituteName: i.instituteName,
  priceMinor: toMinor(i.price),
  surchargeMinor: toMinor(i.surcharge),
  accreditationMinor: i.accreditationPrice === null ? null : toMinor(i.accreditationPrice),
});

type Plan =
  | { kind: 'owner' }
  | { kind: 'credits'; perItem: Record<string, number>; total: number }
  | { kind: 'money'; currency: string; perItem: Record<string, { net: number; gross: number }>; net: number; vat: number; gross: number; charge: number; extra: number };

/**
 * Payment of verification orders with the money area's pricing rules (libs/domain planMoneyOrder/planTokenOrder),
 * kept on this area's own tables until the money area's OrderService serves VERIFICATION_PAYMENTS:
 *  - an applicant whose application owner pays is not charged;
 *  - INVOICE accounts are billed later: the order goes on an invoice and the requests proceed;
 *  - token accounts (TOKEN*, INSTITUTE*) spend one credit per check (and per accreditation); too few is refused;
 *  - CARD accounts pay with a card token (the provider's sandbox: 'fake-processor-declined*' nonces are declined);
 *    without one the requests stay UNPAID until paid from the verification view.
 */
@Injectable()
export class DefaultVerificationPayments implements VerificationPayments {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly accounts: AccountsRepository,
  ) {}

  async quote(principal: Principal, items: readonly PaymentItem[]): Promise<Record<string, Price>> {
    const plan = await this.plan(principal, items, 0);
    const out: Record<string, Price> = {};
    for (const item of items) {
      switch (plan.kind) {
        case 'owner':
          out[item.verificationId] = { currency: 'GBP', net: 0, vat: 0, total: 0, credits: 0 };
          break;
        case 'credits':
          out[item.verificationId] = { currency: 'CREDITS', net: 0, vat: 0, total: 0, credits: plan.perItem[item.verificationId] };
          break;
        case 'money': {
          const p = plan.perItem[item.verificationId];
          out[item.verificationId] = { currency: plan.currency, net: fromMinor(p.net), vat: fromMinor(p.gross - p.net), total: fromMinor(p.gross), credits: 0 };
          break;
        }
        default: {
          const never: never = plan;
          throw new Error(`unknown plan ${JSON.stringify(never)}`);
        }
      }
    }
    return out;
  }

  async pay(request: { principal: Principal; items: readonly PaymentItem[]; creditPurchase: CreditPurchase | null; idempotencyKey: string }): Promise<PaymentOutcome> {
    const { principal, items, creditPurchase, idempotencyKey } = request;
    const done = await this.pool.query<{ invoice_id: string | null; payments: Record<string, Payment> }>(
      `SELECT invoice_id, payments FROM verification_charges WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    if (done.rows[0]) return { status: 'PAID', invoiceId: done.rows[0].invoice_id, payments: done.rows[0].payments };

    const extra = creditPurchase && creditPurchase.amount > 0 ? toMinor(creditPurchase.amount) : 0;
    const plan = await this.plan(principal, items, extra);
    const base = { company_id: principal.companyId, username: principal.username, key: idempotencyKey };
    switch (plan.kind) {
      case 'owner': {
        const payments = Object.fromEntries(items.map((i) => [i.verificationId, { method: 'APPLICATION_OWNER', invoiceId: null, amount: 0, currency: 'GBP', credits: 0 } satisfies Payment]));
        await this.record(this.pool, { ...base, method: 'APPLICATION_OWNER', invoiceId: null, currency: 'GBP', net: 0, vat: 0, charged: 0, credits: 0, payments });
        return { status: 'PAID', invoiceId: null, payments };
      }
      case 'credits':
        return this.spendCredits(principal, plan, base);
      case 'money': {
        const method = principal.paymentType === 'INVOICE' ? 'INVOICE' : 'CARD';
        if (method === 'CARD' && plan.charge > 0) {
          const nonce = creditPurchase?.btNonce?.trim();
          if (!nonce) return { status: 'UNPAID', reason: 'CARD_TOKEN_REQUIRED' };
          if (DECLINED_NONCE.test(nonce)) throw new DomainError('unprocessable', 'Your card was declined. Please try another card.', 'QC-CARD-DECLINED');
        }
        const { rows } = await this.pool.query<{ n: string }>(`SELECT nextval('verification_invoice_seq')::text AS n`);
        const invoiceId = `INV-${rows[0].n}`;
        const payments = Object.fromEntries(
          items.map((i) => [i.verificationId, { method: plan.gross === 0 ? 'FREE' : method, invoiceId, amount: fromMinor(plan.perItem[i.verificationId].gross), currency: plan.currency, credits: 0 } satisfies Payment]),
        );
        await this.record(this.pool, { ...base, method, invoiceId, currency: plan.currency, net: plan.net, vat: plan.vat, charged: plan.charge, credits: 0, payments });
        return { status: 'PAID', invoiceId, payments };
      }
      default: {
        const never: never = plan;
        throw new Error(`unknown plan ${JSON.stringify(never)}`);
      }
    }
  }

  async creditBalance(companyId: string): Promise<number | null> {
    const company = await this.accounts.company(companyId);
    if (!company || !usesTokens(company.paymentType)) return null;
    const { rows } = await this.pool.query<{ balance: number }>(
      `SELECT COALESCE(sum(delta), 0)::int AS balance FROM verification_credit_ledger WHERE company_id = $1`,
      [companyId],
    );
    return rows[0].balance;
  }

  /** Adds credits to a token payer (the demo seed; the money area's credit orders later). Idempotent by key. */
  async grantCredits(companyId: string, credits: number, key: string, reason = 'grant') {
    await this.pool.query(
      `INSERT INTO verification_credit_ledger (key, company_id, delta, reason) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING`,
      [key, companyId, credits, reason],
    );
  }

  private async spendCredits(principal: Principal, plan: Extract<Plan, { kind: 'credits' }>, base: { company_id: string; username: string; key: string }): Promise<PaymentOutcome> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One spender per company at a time, so two orders cannot both pass the balance check.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('verification-credits:' || $1))`, [principal.companyId]);
      const { rows } = await client.query<{ balance: number }>(
        `SELECT COALESCE(sum(delta), 0)::int AS balance FROM verification_credit_ledger WHERE company_id = $1`,
        [principal.companyId],
      );
      const balance = rows[0].balance;
      if (balance < plan.total) {
        throw new DomainError(
          'unprocessable',
          `Your balance of ${balance} credit(s) is too low for this order of ${plan.total} credit(s). Please order more credits.`,
          'QC-INSUFFICIENT-CREDIT',
        );
      }
      await client.query(
        `INSERT INTO verification_credit_ledger (key, company_id, delta, reason) VALUES ($1, $2, $3, 'verifications')`,
        [`spend:${base.key}`, principal.companyId, -plan.total],
      );
      const payments = Object.fromEntries(
        Object.entries(plan.perItem).map(([id, credits]) => [id, { method: 'CREDITS', invoiceId: null, amount: 0, currency: 'CREDITS', credits } satisfies Payment]),
      );
      await this.record(client, { ...base, method: 'CREDITS', invoiceId: null, currency: 'CREDITS', net: 0, vat: 0, charged: 0, credits: plan.total, payments });
      await client.query('COMMIT');
      return { status: 'PAID', invoiceId: null, payments };
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  private async record(
    db: Pool | PoolClient,
    c: { key: string; company_id: string; username: string; method: string; invoiceId: string | null; currency: string; net: number; vat: number; charged: number; credits: number; payments: Record<string, Payment> },
  ) {
    await db.query(
      `INSERT INTO verification_charges (idempotency_key, company_id, username, method, invoice_id, currency, net_minor, vat_minor, charged_minor, credits, payments)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (idempotency_key) DO NOTHING`,
      [c.key, c.company_id, c.username, c.method, c.invoiceId, c.currency, c.net, c.vat, c.charged, c.credits, JSON.stringify(c.payments)],
    );
  }

  private async plan(principal: Principal, items: readonly PaymentItem[], extraCreditMinor: number): Promise<Plan> {
    if (principal.isApplicant && !principal.applicantPays) return { kind: 'owner' };
    const company = await this.accounts.company(principal.companyId);
    if (!company) throw new DomainError('not-found', 'Company not found.');
    const lines = items.map(lineOf);
    if (usesTokens(company.paymentType)) {
      const plan = planTokenOrder({ lines, paymentType: company.paymentType });
      return {
        kind: 'credits',
        total: plan.totalCredits,
        perItem: Object.fromEntries(plan.lines.map((l) => [l.verificationId, l.checkCredits + l.accreditationCredits])),
      };
    }
    const plan = planMoneyOrder({
      lines,
      vatPayer: company.vatPayer,
      hasDiscount: company.hasDiscount,
      paymentType: company.paymentType,
      // The customer's money balance belongs to the money area; until it serves this port none is used.
      creditAvailableMinor: 0,
      extraCreditMinor,
    });
    return {
      kind: 'money',
      currency: company.currency,
      net: plan.subtotalMinor,
      vat: plan.vatMinor,
      gross: plan.grossMinor,
      charge: plan.chargeMinor,
      extra: plan.extraCreditMinor,
      perItem: Object.fromEntries(plan.lines.map((l) => [l.verificationId, { net: l.totalMinor, gross: l.checkChargeMinor + l.accreditationChargeMinor }])),
    };
  }
}
