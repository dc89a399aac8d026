import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

export interface CompanyRow {
  id: string;
  name: string;
  individual: boolean;
  paymentType: string;
  currency: string;
  vatPayer: boolean;
  addressStreet1: string | null;
  addressStreet2: string | null;
  addressStreet3: string | null;
  addressCity: string | null;
  addressPostCode: string | null;
  countryId: string | null;
  industryId: number | null;
  vatId: string | null;
  restrictedUserView: boolean;
  callbackEmail: string | null;
  hasCountryAccess: boolean;
  hasAnalyticsAccess: boolean;
  hasReportsAccess: boolean;
  hasApplicants: boolean;
  inviteApplicants: boolean;
  hasReferrals: boolean;
  sharingDisabled: boolean;
  accreditationEnabled: boolean;
  showDeleted: boolean;
  hasDiscount: boolean;
  refRequired: boolean;
  refLabel: string | null;
  appRefLabel: string | null;
  allowedTypes: string[] | null;
  instituteId: string | null;
  applicantPays: boolean;
  customRolesLabel: string;
  assignableCustomRoles: string[];
  partnerLogo: string | null;
  ownerLogo: string | null;
  volumeChecks: string | null;
  createdAt: Date;
}

export interface UserRow {
  id: string;
  username: string;
  companyId: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  title: string | null;
  jobTitle: string | null;
  passwordHash: string | null;
  admin: boolean;
  pending: boolean;
  disabled: boolean;
  applicant: boolean;
  customRoles: string[];
  marketing: boolean;
  notifications: boolean;
  tcsVersion: number;
  interuptMessageAck: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Staff accounts only: 'auditor' (read-only), else (null or 'administrator') a staff administrator. */
  staffRole: 'administrator' | 'auditor' | null;
  /** Set for applicants: the application owner they registered for, and their reference (written, not read back). */
  applicationOwnerId?: string | null;
  applicationRef?: string | null;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COMPANY_COLUMNS: (keyof CompanyRow)[] = [
  'id', 'name', 'individual', 'paymentType', 'currency', 'vatPayer', 'addressStreet1', 'addressStreet2', 'addressStreet3',
  'addressCity', 'addressPostCode', 'countryId', 'industryId', 'vatId', 'restrictedUserView', 'callbackEmail',
  'hasCountryAccess', 'hasAnalyticsAccess', 'hasReportsAccess', 'hasApplicants', 'inviteApplicants', 'hasReferrals',
  'sharingDisabled', 'accreditationEnabled', 'showDeleted', 'hasDiscount', 'refRequired', 'refLabel', 'appRefLabel',
  'allowedTypes', 'instituteId', 'applicantPays', 'customRolesLabel', 'assignableCustomRoles', 'partnerLogo',
  'ownerLogo', 'volumeChecks', 'createdAt',
];
const USER_COLUMNS: (keyof UserRow)[] = [
  'id', 'username', 'companyId', 'firstname', 'lastname', 'phone', 'title', 'jobTitle', 'passwordHash', 'admin',
  'pending', 'disabled', 'applicant', 'customRoles', 'marketing', 'notifications', 'tcsVersion', 'interuptMessageAck',
  'createdAt', 'lastLoginAt', 'staffRole',
];
const select = (cols: string[], alias = '') => cols.map((c) => `${alias}${snake(c)} AS "${c}"`).join(', ');
const JSON_COLUMNS = new Set(['allowedTypes', 'assignableCustomRoles', 'customRoles']);

type Db = Pool | PoolClient;

/** Plain SQL over the account tables; the one place that knows their column names. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(PG_POOL) readonly pool: Pool) {}

  async userByUsername(username: string, db: Db = this.pool): Promise<UserRow | null> {
    const { rows } = await db.query<UserRow>(
      `SELECT ${select(USER_COLUMNS)}, to_char(interupt_message_ack, 'YYYY-MM-DD') AS "interuptMessageAck" FROM users WHERE username = $1`,
      [username.trim().toLowerCase()],
    );
    return rows[0] ?? null;
  }

  async userById(id: string, db: Db = this.pool): Promise<UserRow | null> {
    const { rows } = await db.query<UserRow>(
      `SELECT ${select(USER_COLUMNS)}, to_char(interupt_message_ack, 'YYYY-MM-DD') AS "interuptMessageAck" FROM users WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async company(id: string, db: Db = this.pool): Promise<CompanyRow | null> {
    const { rows } = await db.query<CompanyRow>(`SELECT ${select(COMPANY_COLUMNS)} FROM companies WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async usersOfCompany(companyId: string, options: { includePending: boolean; query?: string; orderBy?: string }): Promise<UserRow[]> {
    const order = { firstname: 'firstname', lastname: 'lastname', username: 'username' }[options.orderBy ?? 'firstname'] ?? 'firstname';
    const values: unknown[] = [companyId];
    let where = 'company_id = $1 AND disabled = false';
    if (!options.includePending) where += ' AND pending = false';
    if (options.query) {
      values.push(`%${options.query}%`);
      where += ` AND (firstname ILIKE $2 OR lastname ILIKE $2 OR username ILIKE $2)`;
    }
    const { rows } = await this.pool.query<UserRow>(
      `SELECT ${select(USER_COLUMNS)}, to_char(interupt_message_ack, 'YYYY-MM-DD') AS "interuptMessageAck" FROM users WHERE ${where} ORDER BY ${order}, username`,
      values,
    );
    return rows;
  }

  async insertCompany(company: Partial<CompanyRow> & Pick<CompanyRow, 'id' | 'name'>, db: Db = this.pool) {
    const cols = Object.keys(company).filter((k) => k !== 'createdAt') as (keyof CompanyRow)[];
    await db.query(
      `INSERT INTO companies (${cols.map(snake).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(company[c]) : company[c])),
    );
  }

  async updateCompany(id: string, changes: Partial<CompanyRow>, db: Db = this.pool) {
    const cols = Object.keys(changes).filter((k) => k !== 'id' && k !== 'createdAt') as (keyof CompanyRow)[];
    if (!cols.length) return;
    await db.query(
      `UPDATE companies SET ${cols.map((c, i) => `${snake(c)} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(changes[c]) : changes[c]))],
    );
  }

  async insertUser(user: Partial<UserRow> & Pick<UserRow, 'id' | 'username' | 'companyId' | 'firstname' | 'lastname'>, db: Db = this.pool) {
    const cols = Object.keys(user).filter((k) => k !== 'createdAt') as (keyof UserRow)[];
    await db.query(
      `INSERT INTO users (${cols.map(snake).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(user[c]) : user[c])),
    );
  }

  async updateUser(id: string, changes: Partial<UserRow>, db: Db = this.pool) {
    const cols = Object.keys(changes).filter((k) => k !== 'id' && k !== 'createdAt') as (keyof UserRow)[];
    if (!cols.length) return;
    await db.query(
      `UPDATE users SET ${cols.map((c, i) => `${snake(c)} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...cols.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(changes[c]) : changes[c]))],
    );
  }

  async deleteUser(id: string, db: Db = this.pool) {
    await db.query(`DELETE FROM users WHERE id = $1`, [id]);
  }

  /** Runs fn in one transaction. */
  async transaction<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
