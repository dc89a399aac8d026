import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { AccountsRepository } from '../../identity';
import { staffActor } from '../shared/staff-actor';
import { customerChanges } from './customer-changes';
import type { CustomerUpdateDto } from './customer-update.dto';

/** A staff change to a customer, acting at once (the console's toggles send one PUT per switch), on its audit stream. */
@Injectable()
export class AdminCustomersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly audit: AuditService,
  ) {}

  async update(staff: Principal, id: string, body: CustomerUpdateDto): Promise<void> {
    const current = await this.accounts.company(id);
    if (!current) throw new DomainError('not-found', 'Customer not found.');
    const { changes, diff } = customerChanges(current, body);
    if (!Object.keys(changes).length) return;
    await this.accounts.updateCompany(id, changes);
    await this.audit.record(
      'CustomerUpdatedByStaff',
      { customerId: id, changes: diff },
      staffActor(staff, id),
    );
  }
}
