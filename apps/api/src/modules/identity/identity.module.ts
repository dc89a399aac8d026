import { Module, OnModuleInit } from '@nestjs/common';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { AccountController } from './http/account.controller';
import { AuthController } from './http/auth.controller';
import { NoticesController } from './http/notices.controller';
import { RegisterController } from './http/register.controller';
import { AccountsRepository } from './persistence/accounts.repository';
import { ApplicantRegistrations } from './registration/applicant-registrations';
import { OwnersService } from './registration/owners.service';
import { ApplicantInvitations } from './registration/applicant-invitations';
import { RegistrationCompanies } from './registration/registration-companies';
import { RegistrationCompletion } from './registration/registration-completion';
import { RegistrationService } from './registration/registration.service';
import { RegistrationTokens } from './registration/registration-tokens';
import { seedDemoAccounts } from './seed/demo-accounts';
import { PasswordService } from './sessions/password.service';
import { RateLimiter } from './sessions/rate-limiter';
import { SessionService } from './sessions/session.service';
import { AccountService } from './team/account.service';
import { TeamService } from './team/team.service';

/** Sign-in, sessions, registration, accounts and teams (access.md 3-9). */
@Module({
  controllers: [AuthController, RegisterController, AccountController, NoticesController],
  providers: [AccountsRepository, SessionService, PasswordService, RateLimiter, RegistrationService, RegistrationCompletion, RegistrationTokens, RegistrationCompanies, ApplicantInvitations, OwnersService, TeamService, AccountService, ApplicantRegistrations],
  exports: [AccountsRepository, SessionService, TeamService, RegistrationService, RegistrationTokens, RegistrationCompanies, ApplicantInvitations, OwnersService, ApplicantRegistrations],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly seeds: SeedRegistry,
  ) {}

  onModuleInit() {
    this.seeds.register({ name: 'identity.demo-accounts', order: 20, demo: true, run: () => seedDemoAccounts(this.accounts) });
  }
}
