import { Inject, Injectable } from '@nestjs/common';
import type { CreditUnit } from '@credence/domain';
import type { CreditMovementRow, InvoiceRow } from '@credence/read-models';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';

/** The movement types a customer's credit history lists (2.13): purchases, spends (PSV, AC) and refunds. */
export const HISTORY_TYPES = ['PURCHASE', 'PSV', 'AC', 'REFUND'];

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Reads of the money read models; never the event store. */
@Injectable()
export class MoneyReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async query<T>(text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query({ text, values, types: rowTypes })).rows as T[];
  }

  /** The account's balance of a unit: the balance after its latest movement (0 without any). */
  async balance(companyId: string, unit: CreditUnit): Promise<number> {
    const [row] = await this.query<{ balanceAfter: number }>(
      `SELECT "balanceAfter" FROM rm_credit_movements WHERE "companyId" = $1 AND unit = $2 ORDER BY seq DESC LIMIT 1`,
      [companyId, unit],
    );
    return row?.balanceAfter ?? 0;
  }

  /** A page of the company's history, newest first (ledger order); only the user's own rows when `username` is given. */
  async history(companyId: string, options: { offset: number; limit: number; username?: string }): Promise<Page<CreditMovementRow>> {
    const values: unknown[] = [companyId, HISTORY_TYPES];
    let where = `"companyId" = $1 AND type = ANY($2)`;
    if (options.username) {
      // Their own rows, and the refunds of what they paid for: a refund is made by staff or by the service itself
      // (system:verification-refunds), never by the team member whose verification it gave back.
      const me = `$${values.push(options.username)}`;
      where += ` AND (username = ${me} OR (type = 'REFUND' AND "verificationId" IN (
        SELECT "verificationId" FROM rm_credit_movements WHERE "companyId" = $1 AND type IN ('PSV', 'AC') AND username = ${me})))`;
    }
    const [{ count }] = await this.query<{ count: number }>(`SELECT count(*)::int AS count FROM rm_credit_movements WHERE ${where}`, values);
    const rows = await this.query<CreditMovementRow>(
      `SELECT * FROM rm_credit_movements WHERE ${where} ORDER BY seq DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, options.limit, options.offset],
    );
    return { rows, total: count };
  }

  async invoice(id: string): Promise<InvoiceRow | null> {
    const [row] = await this.query<InvoiceRow>(`SELECT * FROM rm_invoices WHERE id = $1`, [id]);
    return row ?? null;
  }

  async movement(id: string): Promise<CreditMovementRow | null> {
    const [row] = await this.query<CreditMovementRow>(`SELECT * FROM rm_credit_movements WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** A staff list: `where` is built by the caller from allowlisted filters; `order` from allowlisted columns. */
  async list<T>(table: 'rm_invoices' | 'rm_credit_movements', where: string[], values: unknown[], order: string, offset: number, limit: number): Promise<Page<T>> {
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ count }] = await this.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} ${clause}`, values);
    const rows = await this.query<T>(
      `SELECT * FROM ${table} ${clause} ORDER BY ${order}, id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, limit, offset],
    );
    return { rows, total: count };
  }
}
