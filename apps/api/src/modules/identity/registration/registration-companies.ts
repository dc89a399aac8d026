import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { AccountsRepository, type CompanyRow } from '../persistence/accounts.repository';
import { OwnersService } from './owners.service';
import type { CompleteRegistration } from './registration.service';
import type { TokenRow } from './registration-tokens';

/**
 * The account a completed registration creates (access.md 4.2, 5.2): an individual's own account, or the
 * organisation from the form, with its currency and VAT decided by its country.
 */
@Injectable()
export class RegistrationCompanies {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly owners: OwnersService,
  ) {}

  async companyFor(row: TokenRow, input: CompleteRegistration, client: PoolClient): Promise<Pick<CompanyRow, 'id'>> {
    const c = input.company ?? {};
    const countryId = c.addressCountry?.id?.toString().toUpperCase();
    if (!countryId) throw new DomainError('invalid', 'Country is required.');
    const country = await this.country(countryId, client);
    if (!country) throw new DomainError('invalid', 'Please choose a country from the list.');
    const vatId = c.vatId?.trim() || null;
    // VAT: GB always pays it; other VAT countries pay it unless a VAT number is given (the form's note, 5.2).
    const vatPayer = country.vat && (country.id === 'GB' || !vatId);
    const currency = country.id === 'US' ? 'USD' : country.id === 'AU' ? 'AUD' : country.vat && country.id !== 'GB' ? 'EUR' : 'GBP';
    const owner = row.application_owner_id ? await this.owners.applicationOwner(row.application_owner_id).catch(() => null) : null;
    const id = randomUUID();
    if (row.individual) {
      await this.accounts.insertCompany({
        id,
        name: `${row.firstname} ${row.lastname}`,
        individual: true,
        paymentType: 'CARD',
        currency,
        vatPayer,
        countryId: country.id,
        industryId: -1,
        applicantPays: owner ? owner.applicantPays : false,
        ownerLogo: owner?.logo ?? null,
        partnerLogo: owner?.partnerLogo ?? null,
      }, client);
      return { id };
    }
    const name = (c.name ?? row.company_name ?? '').trim();
    if (!name) throw new DomainError('invalid', 'Organisation name is required.');
    const industryId = Number(c.industry?.id);
    if (!Number.isInteger(industryId) || industryId < 0) throw new DomainError('invalid', 'Industry is required.');
    const volumeChecks = input.volumeChecks ?? row.volume_checks;
    if (volumeChecks !== '0-199' && volumeChecks !== '200+') throw new DomainError('invalid', 'Annual estimated volume is required.');
    await this.accounts.insertCompany({
      id,
      name,
      individual: false,
      paymentType: 'CARD',
      currency,
      vatPayer,
      addressStreet1: c.addressStreet1 ?? null,
      addressStreet2: c.addressStreet2 ?? null,
      addressStreet3: c.addressStreet3 ?? null,
      addressCity: c.addressCity ?? null,
      addressPostCode: c.addressPostCode ?? null,
      countryId: country.id,
      industryId,
      vatId,
      volumeChecks,
    }, client);
    if (row.referral_owner_id) await client.query(`UPDATE companies SET referred_by = $2 WHERE id = $1`, [id, row.referral_owner_id]);
    return { id };
  }

  private async country(id: string, client: PoolClient): Promise<{ id: string; vat: boolean } | null> {
    const { rows } = await client.query<{ id: string; vat: boolean }>(`SELECT id, vat FROM catalogue_country WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }
}
