// The identity module's public face: what other modules may import (CONVENTIONS.md, apps/api). Its Nest module class
// is wired from identity.module.ts: other modules' *.module.ts import that file, so that a service here reaching
// through another module's index never loads that module's whole graph (the modules import each other in cycles).
export { AccountsRepository, type CompanyRow, type UserRow } from './persistence/accounts.repository';
export { demoPrincipal } from './seed/demo-principal';
export { ApplicantRegistrations, type ApplicantRegistered } from './registration/applicant-registrations';
export { OwnersService, type ApplicationOwner, type OwnerTemplate } from './registration/owners.service';
export { RegistrationService } from './registration/registration.service';
export { TeamService } from './team/team.service';
