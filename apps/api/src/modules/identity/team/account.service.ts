import { Injectable } from '@nestjs/common';
import { coupleAccessFlags, DomainError, type AccessFlag, type AccessFlags } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { AccountsRepository, type CompanyRow } from '../persistence/accounts.repository';

export interface AccountUpdate {
  firstname?: string;
  lastname?: string;
  phone?: string | null;
  marketing?: boolean;
  notifications?: boolean;
  title?: string | null;
  tcsVersion?: number;
  interuptMessageAck?: number | string | null;
}

export interface CompanyUpdate {
  name?: string;
  addressStreet1?: string | null;
  addressStreet2?: string | null;
  addressStreet3?: string | null;
  addressCity?: string | null;
  addressPostCode?: string | null;
  addressCountry?: { id?: string } | null;
  industry?: { id?: number | string } | null;
  vatId?: string | null;
  restrictedUserView?: boolean;
}

/** The signed-in user's own account (3.4) and their organisation (3.6). */
@Injectable()
export class AccountService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(principal: Principal) {
    const user = await this.accounts.userById(principal.userId);
    const company = user && (await this.accounts.company(user.companyId));
    if (!user || !company) throw new DomainError('not-found', 'Account not found.');
    const institute = company.instituteId
      ? ((await this.accounts.pool.query<{ id: string; name: string }>(`SELECT id, name FROM catalogue_institute WHERE id = $1`, [company.instituteId])).rows[0] ?? { id: company.instituteId, name: null })
      : null;
    return {
      firstname: user.firstname,
      lastname: user.lastname,
      username: user.username,
      phone: user.phone,
      marketing: user.marketing,
      notifications: user.notifications,
      title: user.title,
      tcsVersion: user.tcsVersion,
      interuptMessageAck: user.interuptMessageAck,
      institute,
      company: company.individual ? null : await this.companyView(company),
      customRolesLabel: company.customRolesLabel,
      assignableCustomRoles: company.assignableCustomRoles,
      admin: user.admin,
    };
  }

  async companyView(company: CompanyRow) {
    const q = async <T>(sql: string, id: unknown) => ((await this.accounts.pool.query(sql, [id])).rows[0] as T | undefined) ?? null;
    const country = company.countryId ? await q<{ id: string; name: string; vat: boolean }>(`SELECT id, name, vat FROM catalogue_country WHERE id = $1`, company.countryId) : null;
    const industry = company.industryId !== null ? await q<{ id: number; name: string }>(`SELECT id, name FROM catalogue_industry WHERE id = $1`, company.industryId) : null;
    return {
      id: company.id,
      name: company.name,
      addressStreet1: company.addressStreet1,
      addressStreet2: company.addressStreet2,
      addressStreet3: company.addressStreet3,
      addressCity: company.addressCity,
      addressPostCode: company.addressPostCode,
      addressCountry: country ?? (company.countryId ? { id: company.countryId, name: company.countryId, vat: false } : null),
      industry: industry ?? (company.industryId !== null ? { id: company.industryId, name: null } : null),
      vatId: company.vatId,
      restrictedUserView: company.restrictedUserView,
      callbackEmail: company.callbackEmail,
    };
  }

  async update(principal: Principal, input: AccountUpdate) {
    const user = await this.accounts.userById(principal.userId);
    const company = user && (await this.accounts.company(user.companyId));
    if (!user || !company) throw new DomainError('not-found', 'Account not found.');
    const changes: Parameters<AccountsRepository['updateUser']>[1] = {};
    if (input.firstname !== undefined) changes.firstname = required(input.firstname, 'First name is required.');
    if (input.lastname !== undefined) changes.lastname = required(input.lastname, 'Last name is required.');
    if (input.phone !== undefined) {
      // Phone is required unless the account is individual (5.5).
      changes.phone = company.individual ? (input.phone?.trim() || null) : required(input.phone ?? '', 'Phone is required.');
    }
    if (input.marketing !== undefined) changes.marketing = input.marketing;
    if (input.notifications !== undefined) changes.notifications = input.notifications;
    if (input.title !== undefined) changes.title = input.title;
    if (input.tcsVersion !== undefined) changes.tcsVersion = input.tcsVersion;
    // The welcome modal acknowledges with interuptMessageAck=1 (4.5): record today.
    if (input.interuptMessageAck !== undefined && input.interuptMessageAck !== null) changes.interuptMessageAck = new Date().toISOString().slice(0, 10);
    await this.accounts.updateUser(user.id, changes);
  }

  async updateCompany(principal: Principal, input: CompanyUpdate) {
    const company = await this.accounts.company(principal.companyId);
    if (!company || company.individual) throw new DomainError('not-found', 'Organisation not found.');
    const changes: Partial<CompanyRow> = {};
    if (input.name !== undefined) changes.name = required(input.name, 'Organisation name is required.');
    for (const k of ['addressStreet1', 'addressStreet2', 'addressStreet3', 'addressCity', 'addressPostCode'] as const) {
      if (input[k] !== undefined) changes[k] = input[k]?.trim() || null;
    }
    if (input.addressCountry !== undefined) {
      const id = input.addressCountry?.id?.toUpperCase();
      if (!id) throw new DomainError('invalid', 'Country is required.');
      const exists = await this.accounts.pool.query(`SELECT 1 FROM catalogue_country WHERE id = $1`, [id]);
      if (!exists.rowCount) throw new DomainError('invalid', 'Please choose a country from the list.');
      changes.countryId = id;
    }
    if (input.industry !== undefined) {
      const id = Number(input.industry?.id);
      if (!Number.isInteger(id) || id < 0) throw new DomainError('invalid', 'Industry is required.');
      changes.industryId = id;
    }
    if (input.vatId !== undefined) changes.vatId = input.vatId?.trim() || null;
    if (input.restrictedUserView !== undefined) changes.restrictedUserView = input.restrictedUserView;
    await this.accounts.updateCompany(company.id, changes);
    await this.audit.record('CompanyUpdated', { companyId: company.id, fields: Object.keys(changes) }, { actor: principal.username, impersonator: principal.impersonator, companyId: company.id });
    return this.companyView((await this.accounts.company(company.id))!);
  }

  /**
   * The impersonation toggles (2.3, 4.7): staff flip a customer's access flags; Reports on forces Analytics on, and
   * Analytics off takes Reports off (coupleAccessFlags).
   */
  async toggleAccess(principal: Principal, input: { hasCountryAccess?: boolean; hasAnalyticsAccess?: boolean; hasReportsAccess?: boolean }) {
    if (!principal.impersonator) throw new DomainError('forbidden', 'Only staff impersonating a customer can change access.');
    const wanted: Partial<AccessFlags> = {};
    for (const flag of ['hasCountryAccess', 'hasAnalyticsAccess', 'hasReportsAccess'] as const) if (input[flag] !== undefined) wanted[flag] = input[flag];
    const before = (await this.accounts.company(principal.companyId))!;
    const current: AccessFlags = { hasCountryAccess: before.hasCountryAccess, hasAnalyticsAccess: before.hasAnalyticsAccess, hasReportsAccess: before.hasReportsAccess };
    const next = coupleAccessFlags(current, wanted);
    const changes: Partial<CompanyRow> = {};
    for (const flag of Object.keys(next) as AccessFlag[]) if (next[flag] !== current[flag] || wanted[flag] !== undefined) changes[flag] = next[flag];
    await this.accounts.updateCompany(principal.companyId, changes);
    await this.audit.record('AccessChanged', changes, { actor: principal.username, impersonator: principal.impersonator, companyId: principal.companyId });
    const c = (await this.accounts.company(principal.companyId))!;
    return { hasCountryAccess: c.hasCountryAccess, hasAnalyticsAccess: c.hasAnalyticsAccess, hasReportsAccess: c.hasReportsAccess };
  }
}

function required(value: string, message: string): string {
  const v = value?.trim();
  if (!v) throw new DomainError('invalid', message);
  return v;
}
