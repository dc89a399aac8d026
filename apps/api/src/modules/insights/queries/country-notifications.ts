import { Inject, Injectable } from '@nestjs/common';
import type { CountryNotificationView } from '@credence/api-contract';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** The active notifications staff wrote about a country (money 2.18), newest first. */
@Injectable()
export class CountryNotifications {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async activeFor(code: string): Promise<CountryNotificationView[]> {
    const { rows } = await this.pool.query<CountryNotificationView>(
      `SELECT id::int AS id, message, link, link_name AS "linkName" FROM country_notifications WHERE country_code = $1 AND active ORDER BY created_at DESC, id DESC`,
      [code],
    );
    return rows;
  }
}
