import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** Invoice ids: numbers from 100001, one per command key, so a retried command issues the same invoice. */
@Injectable()
export class InvoiceNumbers {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async allocate(commandKey: string): Promise<string> {
    const found = await this.find(commandKey);
    if (found) return found;
    await this.pool.query(
      `INSERT INTO money_invoice_numbers (command_key, invoice_id) VALUES ($1, nextval('money_invoice_number_seq')::text)
       ON CONFLICT (command_key) DO NOTHING`,
      [commandKey],
    );
    return (await this.find(commandKey))!;
  }

  async find(commandKey: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ invoice_id: string }>(
      `SELECT invoice_id FROM money_invoice_numbers WHERE command_key = $1`,
      [commandKey],
    );
    return rows[0]?.invoice_id ?? null;
  }
}
