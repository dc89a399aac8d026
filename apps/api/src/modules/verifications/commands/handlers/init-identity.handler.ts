import { DomainError, IDENTITY_MAINTENANCE, identityUnderMaintenance } from '@credence/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../../ports/identity-provider.port';

type Applicant = Awaited<ReturnType<IdentityProvider['createApplicant']>>;

/** POST /id/init: an applicant at the identity provider for the capture widget (no stream changes). */
export class InitIdentityCapture extends Command<Applicant> {
  constructor(readonly person: { firstname: string; lastname: string; dob: string }) {
    super();
  }
}

@CommandHandler(InitIdentityCapture)
export class InitIdentityCaptureHandler implements ICommandHandler<InitIdentityCapture, Applicant> {
  constructor(@Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider) {}

  execute({ person }: InitIdentityCapture): Promise<Applicant> {
    if (identityUnderMaintenance(new Date().toISOString())) throw new DomainError('unprocessable', IDENTITY_MAINTENANCE.message, 'QC-IDENTITY-MAINTENANCE');
    return this.identity.createApplicant(person);
  }
}
