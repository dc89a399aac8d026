import type { Accreditation, Actor, VerificationCommand } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import { commandContext, VerificationWriter } from '../verification-writer';

/** The console's actions on one verification (staff only; the routes are guarded, the decider checks the actor). */
export class MarkVerificationUnable extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly note: string | null,
  ) {
    super();
  }
}

export class RecordVerificationAccreditation extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly accreditation: Accreditation,
  ) {
    super();
  }
}

export class AddVerificationComment extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly comment: string,
  ) {
    super();
  }
}

type StaffCommand = MarkVerificationUnable | RecordVerificationAccreditation | AddVerificationComment;

function toDomain(c: StaffCommand): VerificationCommand {
  const actor: Actor = { kind: 'staff', username: c.principal.username };
  if (c instanceof MarkVerificationUnable) return { type: 'MarkUnable', actor, note: c.note };
  if (c instanceof RecordVerificationAccreditation) return { type: 'RecordAccreditation', actor, accreditation: c.accreditation };
  return { type: 'AddAdminComment', actor, comment: c.comment };
}

// One class per command (@CommandHandler binds one), each with its own constructor: DI reads the parameter types
// of the class itself, never of a base class.
@CommandHandler(MarkVerificationUnable)
export class MarkVerificationUnableHandler implements ICommandHandler<MarkVerificationUnable, void> {
  constructor(private readonly writer: VerificationWriter) {}

  async execute(command: MarkVerificationUnable): Promise<void> {
    await this.writer.run(command.verificationId, toDomain(command), commandContext(command.principal));
  }
}

@CommandHandler(RecordVerificationAccreditation)
export class RecordVerificationAccreditationHandler implements ICommandHandler<RecordVerificationAccreditation, void> {
  constructor(private readonly writer: VerificationWriter) {}

  async execute(command: RecordVerificationAccreditation): Promise<void> {
    await this.writer.run(command.verificationId, toDomain(command), commandContext(command.principal));
  }
}

@CommandHandler(AddVerificationComment)
export class AddVerificationCommentHandler implements ICommandHandler<AddVerificationComment, void> {
  constructor(private readonly writer: VerificationWriter) {}

  async execute(command: AddVerificationComment): Promise<void> {
    await this.writer.run(command.verificationId, toDomain(command), commandContext(command.principal));
  }
}
