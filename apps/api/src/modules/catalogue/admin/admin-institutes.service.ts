import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CatalogueAudit, type Actor } from '../audit/catalogue-audit';
import type { InstituteDefinition, RefDataOption } from '../catalogue.model';
import { QC_ARF_VER, QC_EL_VER, QC_EMP_VER, QC_ID_VER_TRUST_ID } from '../data/fixed-institutes';
import type { CreateInstituteDto, UpdateInstituteDto } from '../dto/admin-institute.dto';
import { fromRow, INSTITUTE_SELECT, type InstituteRow } from '../persistence/institute-rows';
import { AdminInstitutesQuery, type AdminInstitute } from './admin-institutes.query';
import { diff, normaliseDocuments, normaliseFields } from './institute-changes';
import { insertRefData, saveInstitute } from '../persistence/institute-writer';
import { withTransaction } from '../persistence/transaction';

/** The product relies on these by code (verifications.md 2.2, 2.4): they can be edited but not deleted. */
const PRODUCT_INSTITUTES = new Set([QC_EMP_VER, QC_ID_VER_TRUST_ID, QC_ARF_VER, QC_EL_VER]);

/** Staff maintenance of institutes: create, update, delete, reference data; every change audited (reads: AdminInstitutesQuery). */
@Injectable()
export class AdminInstitutesService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: CatalogueAudit,
    private readonly reads: AdminInstitutesQuery,
  ) {}

  private get(id: string, db: Pick<Pool | PoolClient, 'query'> = this.pool): Promise<AdminInstitute> {
    return this.reads.get(id, db);
  }

  async create(body: CreateInstituteDto, actor: Actor): Promise<AdminInstitute> {
    const id = body.id ?? `${body.countryId ?? 'XX'}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const institute: InstituteDefinition = {
      id,
      name: body.name.trim(),
      otherNames: body.otherNames ?? [],
      countryId: body.countryId ?? null,
      parentId: body.parentId ?? null,
      type: body.type ?? 'UNI',
      minYear: body.minYear ?? null,
      price: body.price,
      surcharge: body.surcharge ?? 0,
      accreditationPrice: body.accreditationPrice ?? null,
      allowsPending: body.allowsPending ?? true,
      readOnly: body.readOnly ?? false,
      allowsCurrentStudent: body.allowsCurrentStudent ?? false,
      maxAdditionalDocs: body.maxAdditionalDocs ?? 5,
      searchable: body.searchable ?? true,
      fields: normaliseFields(body.fields ?? []),
      documentRequirements: normaliseDocuments(body.documentRequirements ?? []),
      notices: body.notices ?? [],
    };
    return withTransaction(this.pool, async (client) => {
      const exists = await client.query(`SELECT 1 FROM catalogue_institute WHERE id = $1`, [id]);
      if (exists.rowCount) throw new DomainError('conflict', `An institute with id '${id}' already exists.`);
      await this.checkReferences(client, institute);
      await saveInstitute(client, institute);
      await this.audit.record('InstituteCreated', { institute }, actor);
      return this.get(id, client);
    });
  }

  async update(id: string, body: UpdateInstituteDto, actor: Actor): Promise<AdminInstitute> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<InstituteRow>(
        `SELECT ${INSTITUTE_SELECT} FROM catalogue_institute i WHERE i.id = $1 FOR UPDATE`,
        [id],
      );
      if (!rows[0]) throw new DomainError('not-found', 'Institute not found.');
      const before = fromRow(rows[0]);
      const after: InstituteDefinition = { ...before };
      const given = <K extends keyof UpdateInstituteDto>(k: K) => body[k] !== undefined;
      if (given('name') && body.name) after.name = body.name.trim();
      if (given('otherNames')) after.otherNames = body.otherNames ?? [];
      if (given('countryId')) after.countryId = body.countryId ?? null;
      if (given('parentId')) after.parentId = body.parentId ?? null;
      if (given('type') && body.type) after.type = body.type;
      if (given('minYear')) after.minYear = body.minYear ?? null;
      if (given('price') && body.price !== undefined) after.price = body.price;
      if (given('surcharge')) after.surcharge = body.surcharge ?? 0;
      if (given('accreditationPrice')) after.accreditationPrice = body.accreditationPrice ?? null;
      if (given('allowsPending')) after.allowsPending = !!body.allowsPending;
      if (given('readOnly')) after.readOnly = !!body.readOnly;
      if (given('allowsCurrentStudent')) after.allowsCurrentStudent = !!body.allowsCurrentStudent;
      if (given('maxAdditionalDocs')) after.maxAdditionalDocs = body.maxAdditionalDocs ?? 5;
      if (given('searchable')) after.searchable = !!body.searchable;
      if (given('fields')) after.fields = normaliseFields(body.fields ?? []);
      if (given('documentRequirements'))
        after.documentRequirements = normaliseDocuments(body.documentRequirements ?? []);
      if (given('notices')) after.notices = body.notices ?? [];
      if (after.parentId === id) throw new DomainError('invalid', 'An institute cannot be its own parent.');
      await this.checkReferences(client, after);
      const changes = diff(before, after);
      if (Object.keys(changes).length) {
        await saveInstitute(client, after);
        await this.audit.record('InstituteUpdated', { id, changes }, actor);
      }
      return this.get(id, client);
    });
  }

  async remove(id: string, actor: Actor): Promise<AdminInstitute> {
    if (PRODUCT_INSTITUTES.has(id)) {
      throw new DomainError(
        'conflict',
        'This institute is part of the product and cannot be deleted; set it read-only instead.',
      );
    }
    return withTransaction(this.pool, async (client) => {
      const found = await this.get(id, client);
      if (found.children > 0) {
        throw new DomainError(
          'conflict',
          `This institute has ${found.children} institutes under it; delete or move them first.`,
        );
      }
      await client.query(`DELETE FROM catalogue_institute WHERE id = $1`, [id]);
      const { children: _c, records, createdAt: _cr, updatedAt: _u, ...institute } = found;
      await this.audit.record('InstituteDeleted', { id, institute, recordsRemoved: records }, actor);
      return found;
    });
  }

  /** Replaces the options of one reference-data field (GET /institute/{id}/refdata serves them). */
  async replaceRefData(id: string, key: string, options: { id: string; name: string }[], actor: Actor) {
    const institute = await this.get(id);
    if (!institute.fields.some((f) => f.key === key))
      throw new DomainError('invalid', `The institute has no field '${key}'.`);
    const ids = new Set<string>();
    for (const o of options) {
      if (ids.has(o.id)) throw new DomainError('invalid', `The option id '${o.id}' is given twice.`);
      ids.add(o.id);
    }
    return withTransaction(this.pool, async (client) => {
      await client.query(`DELETE FROM catalogue_refdata WHERE institute_id = $1 AND field_key = $2`, [
        id,
        key,
      ]);
      const rows: RefDataOption[] = options.map((o) => ({
        instituteId: id,
        fieldKey: key,
        id: o.id,
        name: o.name,
      }));
      await insertRefData(client, rows);
      await this.audit.record('InstituteRefDataReplaced', { id, key, options }, actor);
      return { id, key, options };
    });
  }

  private async checkReferences(client: PoolClient, i: InstituteDefinition) {
    if (i.countryId) {
      const c = await client.query(`SELECT 1 FROM catalogue_country WHERE id = $1`, [i.countryId]);
      if (!c.rowCount) throw new DomainError('invalid', `Unknown country '${i.countryId}'.`);
    }
    if (i.parentId) {
      const p = await client.query(`SELECT 1 FROM catalogue_institute WHERE id = $1`, [i.parentId]);
      if (!p.rowCount) throw new DomainError('invalid', `Unknown parent institute '${i.parentId}'.`);
    }
    const keys = new Set<string>();
    for (const f of i.fields) {
      if (keys.has(f.key)) throw new DomainError('invalid', `The field key '${f.key}' is given twice.`);
      keys.add(f.key);
    }
  }
}
