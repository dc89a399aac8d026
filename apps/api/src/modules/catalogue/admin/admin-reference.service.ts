import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CatalogueAudit, type Actor } from '../audit/catalogue-audit';
import type { UpdateCountryDto, UpdateRegionDto } from '../dto/admin-institute.dto';
import { withTransaction } from '../persistence/transaction';
import { AdminReferenceReads } from './admin-reference.reads';

type Db = Pick<Pool | PoolClient, 'query'>;

/** Staff maintenance of countries and map regions: updates only (both lists are fixed by ISO and M49), audited. */
@Injectable()
export class AdminReferenceService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: CatalogueAudit,
    private readonly reads: AdminReferenceReads,
  ) {}

  async updateCountry(id: string, body: UpdateCountryDto, actor: Actor) {
    return withTransaction(this.pool, async (client) => {
      const before = await this.reads.country(id, client);
      if (body.regionId) await this.mustBeRegion(client, body.regionId);
      const next = {
        name: body.name?.trim() ?? before.name,
        vat: body.vat ?? before.vat,
        disabled: body.disabled ?? before.disabled,
        regionId: body.regionId !== undefined ? body.regionId : before.regionId,
        notices: body.notices ?? before.notices,
      };
      const changes = changed(before, next);
      if (Object.keys(changes).length) {
        await client.query(
          `UPDATE catalogue_country SET name = $2, vat = $3, disabled = $4, region_id = $5, notices = $6 WHERE id = $1`,
          [id, next.name, next.vat, next.disabled, next.regionId, JSON.stringify(next.notices)],
        );
        await this.audit.record('CountryUpdated', { id, changes }, actor);
      }
      return this.reads.country(id, client);
    });
  }

  /** Renames a region, and with countryIds makes exactly those countries its members (others leave it). */
  async updateRegion(id: string, body: UpdateRegionDto, actor: Actor) {
    return withTransaction(this.pool, async (client) => {
      const before = await this.reads.region(id, client);
      if (id === '001' && body.countryIds)
        throw new DomainError('invalid', 'Every country is in World; its members cannot be set.');
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const name = body.name?.trim();
      if (name && name !== before.name) {
        await client.query(`UPDATE catalogue_map_region SET name = $2 WHERE id = $1`, [id, name]);
        changes.name = { from: before.name, to: name };
      }
      if (body.countryIds) {
        const wanted = [...new Set(body.countryIds)].sort();
        const known = await client.query<{ id: string }>(
          `SELECT id FROM catalogue_country WHERE id = ANY($1::text[])`,
          [wanted],
        );
        const unknown = wanted.filter((c) => !known.rows.some((k) => k.id === c));
        if (unknown.length) throw new DomainError('invalid', `Unknown countries: ${unknown.join(', ')}.`);
        if (wanted.join() !== before.countryIds.join()) {
          await client.query(
            `UPDATE catalogue_country SET region_id = NULL WHERE region_id = $1 AND NOT (id = ANY($2::text[]))`,
            [id, wanted],
          );
          await client.query(`UPDATE catalogue_country SET region_id = $1 WHERE id = ANY($2::text[])`, [
            id,
            wanted,
          ]);
          changes.countryIds = { from: before.countryIds, to: wanted };
        }
      }
      if (Object.keys(changes).length) await this.audit.record('RegionUpdated', { id, changes }, actor);
      return this.reads.region(id, client);
    });
  }

  private async mustBeRegion(db: Db, id: string) {
    const r = await db.query(`SELECT 1 FROM catalogue_map_region WHERE id = $1 AND parent_id IS NOT NULL`, [
      id,
    ]);
    if (!r.rowCount) throw new DomainError('invalid', `Unknown map region '${id}'.`);
  }
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(v)) changes[k] = { from: before[k], to: v };
  }
  return changes;
}
