import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import type { Pool } from 'pg';
import worldCountries from 'world-countries';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService, type AuditActor } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { CreateCountryNotificationDto, UpdateCountryNotificationDto } from './country-notification.dto';
import { COUNTRY_NOTIFICATION, countryNotificationsResource } from './country-notifications.resource';

const KNOWN = new Set(worldCountries.map((c) => c.cca2));
const COLUMNS = {
  countryCode: 'country_code',
  message: 'message',
  link: 'link',
  linkName: 'link_name',
  active: 'active',
} as const;

const knownCountry = (code: string | undefined) => {
  if (code !== undefined && !KNOWN.has(code))
    throw new DomainError('invalid', 'countryCode must be an ISO 3166 alpha-2 code');
};
/** Service-wide content: recorded on the staff member's own company stream, as notices and news are. */
const actor = (staff: Principal): AuditActor => ({
  actor: staff.username,
  impersonator: staff.impersonator,
  companyId: staff.companyId,
});

/** Staff writes to the country notifications, each recorded on the audit stream. */
@Injectable()
export class AdminCountryNotificationsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  /** The new notification's id. */
  async create(body: CreateCountryNotificationDto, staff: Principal): Promise<string> {
    knownCountry(body.countryCode);
    const n = {
      countryCode: body.countryCode,
      message: body.message,
      link: body.link ?? null,
      linkName: body.linkName ?? null,
      active: body.active ?? true,
    };
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO country_notifications (country_code, message, link, link_name, active, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [n.countryCode, n.message, n.link, n.linkName, n.active, staff.username],
    );
    const id = String(rows[0].id);
    await this.audit.record('CountryNotificationCreated', { countryNotificationId: id, ...n }, actor(staff));
    return id;
  }

  /** Only what differs from the stored record changes (react-admin sends the whole record back). */
  async update(id: string, body: UpdateCountryNotificationDto, staff: Principal): Promise<void> {
    const before = await oneRow(this.pool, countryNotificationsResource, id, COUNTRY_NOTIFICATION);
    knownCountry(body.countryCode);
    const changes: Record<string, unknown> = {};
    for (const k of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
      if (body[k] !== undefined && body[k] !== before[k]) changes[k] = body[k];
    const keys = Object.keys(changes) as (keyof typeof COLUMNS)[];
    if (!keys.length) return;
    await this.pool.query(
      `UPDATE country_notifications SET ${keys.map((k, i) => `${COLUMNS[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
      [id, ...keys.map((k) => changes[k])],
    );
    await this.audit.record(
      'CountryNotificationUpdated',
      { countryNotificationId: id, changes },
      actor(staff),
    );
  }

  /** The deleted record. */
  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, countryNotificationsResource, id, COUNTRY_NOTIFICATION);
    await this.pool.query(`DELETE FROM country_notifications WHERE id::text = $1`, [id]);
    await this.audit.record(
      'CountryNotificationDeleted',
      { countryNotificationId: id, countryCode: before.countryCode },
      actor(staff),
    );
    return before;
  }
}
