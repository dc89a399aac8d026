import { searchText, type VerificationListRow } from '@credence/read-models';
import type { Pool } from 'pg';
import { freshDatabase } from '../../../../test/fresh-database';
import { createTableSql, writeRows } from '../../../infrastructure/projections/projection-sql';
import { verificationCountsDefinition, verificationListDefinition } from '../projections/verification-tables';
import { VerificationListQuery } from './verification-list.query';

/**
 * The verification lists against a real PostgreSQL, without HTTP: the rows are written as the projection writes
 * them, then read back through the query the handlers use.
 */
describe('VerificationListQuery (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: Pool;
  let lists: VerificationListQuery;

  const row = (n: number, extra: Partial<VerificationListRow> = {}): VerificationListRow => {
    const id = `QC${String(n).padStart(6, '0')}`;
    const recorded = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
    const r: VerificationListRow = {
      id,
      companyId: n % 2 ? 'acme' : 'widgets',
      companyName: n % 2 ? 'Acme' : 'Widgets',
      requestedBy: 'alice@acme.test',
      requestedByName: 'Alice',
      individual: false,
      type: 'ACADEMIC',
      instituteId: 'UNI',
      instituteName: 'University of Demo',
      instituteNames: ['University of Demo'],
      instituteCountry: 'GB',
      instituteParentId: null,
      firstname: `First${n}`,
      middlename: null,
      surname: n === 7 ? 'Quinn' : `Surname${n}`,
      dob: '1990-01-01',
      employerName: null,
      credential: null,
      customerReference: null,
      applicationId: null,
      result: n % 5 === 0 ? 'VERIFIED' : 'PENDING',
      stage: 'MANUAL_CHECK',
      awaitingResolver: n % 5 !== 0,
      retriesLeft: 3,
      thirdPartyActionUrl: null,
      accreditationStatus: null,
      resolvedResult: null,
      resolvedAt: null,
      resolverCompanyId: null,
      recorded,
      updated: recorded,
      search: '',
      ...extra,
    };
    return { ...r, search: searchText(r) };
  };

  beforeAll(async () => {
    db = await freshDatabase('verification_list_query');
    pool = db.pool;
    for (const def of [verificationListDefinition, verificationCountsDefinition]) {
      for (const sql of createTableSql(def.table)) await pool.query(sql);
    }
    const client = await pool.connect();
    try {
      const rows = new Map(Array.from({ length: 60 }, (_, i) => row(i + 1)).map((r) => [r.id, r]));
      await writeRows(client, verificationListDefinition.table, verificationListDefinition.table.name, rows);
    } finally {
      client.release();
    }
    lists = new VerificationListQuery(pool);
  });
  afterAll(() => db.drop());

  it("the staff list takes getMany's ids before paging, and counts only them", async () => {
    // The oldest rows: far beyond the first page of the default sort (recorded, newest first).
    const ids = ['QC000001', 'QC000002', 'QC000003'];
    const { rows, total } = await lists.adminList({ scope: { kind: 'all' }, includeDeleted: true, ids }, { field: 'recorded', order: 'DESC' }, 0, 3);
    expect(rows.map((r) => r.id)).toEqual(['QC000003', 'QC000002', 'QC000001']);
    expect(total).toBe(3);
  });

  it('the staff list sorts by id both ways and pages by offset', async () => {
    const asc = await lists.adminList({ scope: { kind: 'all' }, includeDeleted: true }, { field: 'id', order: 'ASC' }, 10, 5);
    expect(asc.rows.map((r) => r.id)).toEqual(['QC000011', 'QC000012', 'QC000013', 'QC000014', 'QC000015']);
    expect(asc.total).toBe(60);
    const desc = await lists.adminList({ scope: { kind: 'all' }, includeDeleted: true }, { field: 'id', order: 'DESC' }, 0, 2);
    expect(desc.rows.map((r) => r.id)).toEqual(['QC000060', 'QC000059']);
  });

  it("a company's history pages by page number and by the keyset cursor to the same rows", async () => {
    const scope = { kind: 'company' as const, companyId: 'acme' };
    const first = await lists.list({ scope, query: undefined }, { page: 0, size: 10 });
    const second = await lists.list({ scope }, { page: 1, size: 10 });
    const byCursor = await lists.list({ scope }, { page: 0, size: 10, after: first.nextCursor! });
    expect(first.rows.every((r) => r.companyId === 'acme')).toBe(true);
    expect(byCursor.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(first.rows.map((r) => r.id)).not.toEqual(second.rows.map((r) => r.id));
  });

  it("the resolvers' pending list holds only what waits for them, and the quick search finds a name", async () => {
    const pending = await lists.list({ scope: { kind: 'resolver', instituteIds: ['UNI'], list: 'pending' } }, { page: 0, size: 100 });
    expect(pending.totalSize).toBe(48);
    expect(pending.rows.every((r) => r.awaitingResolver)).toBe(true);
    const other = await lists.list({ scope: { kind: 'resolver', instituteIds: ['ELSEWHERE'], list: 'pending' } }, { page: 0, size: 100 });
    expect(other.totalSize).toBe(0);
    const found = await lists.list({ scope: { kind: 'all' }, query: 'quinn' }, { page: 0, size: 10 });
    expect(found.rows.map((r) => r.id)).toEqual(['QC000007']);
  });
});
