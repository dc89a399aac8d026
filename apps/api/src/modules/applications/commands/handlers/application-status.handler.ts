import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import { applicationActorOf } from '../../core/application-actor';
import { ApplicationMembers } from '../../core/application-members';
import { ApplicationWriter } from '../application-writer';

/** PUT /application/{id} with {status: 'PENDING'}: the applicant submits what the application holds. */
export class SubmitApplication extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
  ) {
    super();
  }
}

@CommandHandler(SubmitApplication)
export class SubmitApplicationHandler implements ICommandHandler<SubmitApplication, void> {
  constructor(
    private readonly writer: ApplicationWriter,
    private readonly members: ApplicationMembers,
  ) {}

  async execute({ principal, applicationId }: SubmitApplication): Promise<void> {
    const actor = applicationActorOf(principal);
    const state = await this.writer.visible(applicationId, actor);
    // Its verifications as their streams have them now (a read model could lag behind a result just recorded).
    const members = await this.members.of(state.verificationIds);
    await this.writer.run(principal, applicationId, [{ type: 'SubmitApplication', actor, add: [], members }]);
  }
}

/** PUT /application/{id} with {status: 'ARCHIVED'} (the organisation), or the console's staff archive. */
export class ArchiveApplication extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
  ) {
    super();
  }
}

@CommandHandler(ArchiveApplication)
export class ArchiveApplicationHandler implements ICommandHandler<ArchiveApplication, void> {
  constructor(private readonly writer: ApplicationWriter) {}

  async execute({ principal, applicationId }: ArchiveApplication): Promise<void> {
    await this.writer.run(principal, applicationId, [{ type: 'ArchiveApplication', actor: applicationActorOf(principal) }]);
  }
}
