import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import worldCountries from 'world-countries';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { contains, filterAs, listRows, oneRow, type SqlResource } from '../../../common/http/simple-rest';
import { AuditService, type AuditActor } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CreateCountryNotificationDto, UpdateCountryNotificationDto } from './country-notification.dto';

const KNOWN = new Set(worldCountries.map((c) => c.cca2));
const WHAT = 'Country notification';

export const countryNotificationsResource: SqlResource<'createdAt' | 'countryCode' | 'active'> = {
  resource: 'country-notifications',
  from: 'country_notifications n',
  id: 'n.id',
  select: `n.id::int AS id, n.country_code AS "countryCode", n.message, n.link, n.active, n.created_at AS "createdAt",
    n.created_by AS "createdBy"`,
  sortable: { createdAt: 'n.created_at', countryCode: 'n.country_code', active: 'n.active' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => `n.message ILIKE ${bind(contains(filterAs.text('q', v)))}`,
    countryCode: (v, bind) => `n.country_code = ANY(${bind(filterAs.list(v).map((c) => c.toUpperCase()))})`,
    active: (v, bind) => `n.active = ${bind(filterAs.boolean('active', v))}`,
  },
};

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

/**
 * Country notifications (money 2.18), managed by staff in the console like notices and news: simple-rest, staff only
 * (auditors are refused, as on the other content resources), every write on the audit stream.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/country-notifications')
export class AdminCountryNotificationsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, countryNotificationsResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, countryNotificationsResource, id, WHAT);
  }

  @Post()
  async create(@Body() body: CreateCountryNotificationDto, @CurrentPrincipal() staff: Principal) {
    knownCountry(body.countryCode);
    const n = {
      countryCode: body.countryCode,
      message: body.message,
      link: body.link ?? null,
      active: body.active ?? true,
    };
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO country_notifications (country_code, message, link, active, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [n.countryCode, n.message, n.link, n.active, staff.username],
    );
    const id = String(rows[0].id);
    await this.audit.record('CountryNotificationCreated', { countryNotificationId: id, ...n }, actor(staff));
    return oneRow(this.pool, countryNotificationsResource, id, WHAT);
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body() body: UpdateCountryNotificationDto,
    @CurrentPrincipal() staff: Principal,
  ) {
    const before = await oneRow(this.pool, countryNotificationsResource, id, WHAT);
    knownCountry(body.countryCode);
    const columns = {
      countryCode: 'country_code',
      message: 'message',
      link: 'link',
      active: 'active',
    } as const;
    const changes: Record<string, unknown> = {};
    for (const k of Object.keys(columns) as (keyof typeof columns)[])
      if (body[k] !== undefined && body[k] !== before[k]) changes[k] = body[k];
    const keys = Object.keys(changes) as (keyof typeof columns)[];
    if (keys.length) {
      await this.pool.query(
        `UPDATE country_notifications SET ${keys.map((k, i) => `${columns[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
        [id, ...keys.map((k) => changes[k])],
      );
      await this.audit.record(
        'CountryNotificationUpdated',
        { countryNotificationId: id, changes },
        actor(staff),
      );
    }
    return oneRow(this.pool, countryNotificationsResource, id, WHAT);
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, countryNotificationsResource, id, WHAT);
    await this.pool.query(`DELETE FROM country_notifications WHERE id::text = $1`, [id]);
    await this.audit.record(
      'CountryNotificationDeleted',
      { countryNotificationId: id, countryCode: before.countryCode },
      actor(staff),
    );
    return before;
  }
}
