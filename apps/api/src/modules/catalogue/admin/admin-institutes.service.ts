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
import { insertRefData, saveInstitute } from '../persistence/institute-writer';
import { withTransaction } from '../persistence/transaction';
import { likePattern } from '../queries/institute-search.query';

/** The product relies on these by code (verifications.md 2.2, 2.4): they can be edited but not deleted. */
const PRODUCT_INSTITUTES = new Set([QC_EMP_VER, QC_ID_VER_TRUST_ID, QC_ARF_VER, QC_EL_VER]);

export const INSTITUTE_FILTERS = {
  q: 'text',
  countryId: 'ids',
  parentId: 'text',
  type: 'ids',
  readOnly: 'boolean',
  searchable: 'boolean',
} as const;
export const INSTITUTE_SORTS = [
  'id',
  'name',
  'countryId',
  'type',
  'price',
  'surcharge',
  'minYear',
  'updatedAt',
] as const;
const SORT_COLUMNS: Record<(typeof INSTITUTE_SORTS)[number], string> = {
  id: 'i.id',
  name: 'i.name',
  countryId: 'i.country_id',
  type: 'i.type',
  price: 'i.price',
  surcharge: 'i.surcharge',
  minYear: 'i.min_year',
  updatedAt: 'i.updated_at',
};

export interface InstituteListQuery {
  filter: {
    q?: string;
    countryId?: string[];
    parentId?: string;
    type?: string[];
    readOnly?: boolean;
    searchable?: boolean;
    id?: string[];
  };
  sort: { field: (typeof INSTITUTE_SORTS)[number]; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/** The admin record: the stored institute, flat, as react-admin edits it. */
export type AdminInstitute = InstituteDefinition & {
  children: number;
  records: number;
  createdAt: string;
  updatedAt: string;
};

/** Staff maintenance of institutes: list, read, create, update, delete; every change audited. */
@Injectable()
export class AdminInstitutesService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: CatalogueAudit,
  ) {}

  async list(q: InstituteListQuery): Promise<{ rows: AdminInstitute[]; total: number }> {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const f = q.filter;
    if (f.q) {
      const p = param(likePattern(f.q.trim()));
      where.push(
        `(i.id ILIKE ${p} OR EXISTS (SELECT 1 FROM catalogue_institute_name n WHERE n.institute_id = i.id AND n.name ILIKE ${p}))`,
      );
    }
    if (f.id) where.push(`i.id = ANY(${param(f.id)}::text[])`);
    if (f.countryId) where.push(`i.country_id = ANY(${param(f.countryId)}::text[])`);
    if (f.parentId) where.push(`i.parent_id = ${param(f.parentId)}`);
    if (f.type) where.push(`i.type = ANY(${param(f.type)}::text[])`);
    if (f.readOnly !== undefined) where.push(`i.read_only = ${param(f.readOnly)}`);
    if (f.searchable !== undefined) where.push(`i.searchable = ${param(f.searchable)}`);
    const { rows } = await this.pool.query<
      InstituteRow & { children: number; records: number; total: number }
    >(
      `SELECT ${INSTITUTE_SELECT}, ${COUNTS}, count(*) OVER ()::int AS total
       FROM catalogue_institute i
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${SORT_COLUMNS[q.sort.field]} ${q.sort.order} NULLS LAST, i.id
       LIMIT ${param(q.limit)} OFFSET ${param(q.offset)}`,
      values,
    );
    return {
      rows: rows.map(toAdmin),
      total: rows[0]?.total ?? (q.offset > 0 ? await this.count(where, values) : 0),
    };
  }

  async get(id: string, db: Pick<Pool | PoolClient, 'query'> = this.pool): Promise<AdminInstitute> {
    const { rows } = await db.query<InstituteRow & { children: number; records: number }>(
      `SELECT ${INSTITUTE_SELECT}, ${COUNTS} FROM catalogue_institute i WHERE i.id = $1`,
      [id],
    );
    if (!rows[0]) throw new DomainError('not-found', 'Institute not found.');
    return toAdmin(rows[0]);
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

  private async count(where: string[], values: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalogue_institute i ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      values.slice(0, -2),
    );
    return rows[0].n;
  }
}

const COUNTS = `(SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children,
  (SELECT count(*) FROM catalogue_institute_record r WHERE r.institute_id = i.id)::int AS records`;

const toAdmin = (r: InstituteRow & { children: number; records: number }): AdminInstitute => ({
  ...fromRow(r),
  children: r.children,
  records: r.records,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const normaliseFields = (fields: NonNullable<CreateInstituteDto['fields']>): InstituteDefinition['fields'] =>
  fields.map((f) => ({
    key: f.key,
    name: f.name,
    description: f.description ?? null,
    required: f.required,
    type: f.type,
    refData: f.refData ?? null,
    values: f.values ?? null,
    value: f.value ?? null,
    mask: f.mask ?? null,
  }));

const normaliseDocuments = (
  docs: NonNullable<CreateInstituteDto['documentRequirements']>,
): InstituteDefinition['documentRequirements'] =>
  docs.map((d) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    required: d.required,
    description: d.description ?? null,
    templateDescription: d.templateDescription ?? null,
    template: d.template ?? null,
  }));

/** The fields that changed, with their old and new values, for the audit event. */
function diff(
  before: InstituteDefinition,
  after: InstituteDefinition,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof InstituteDefinition)[]) {
    if (canonical(before[key]) !== canonical(after[key]))
      changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/** JSON with object keys sorted: jsonb hands objects back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
