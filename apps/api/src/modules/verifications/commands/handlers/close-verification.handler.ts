import type { Actor } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import type { CancelDto } from '../../dto/submission.dto';
import { Actors } from '../actors';
import { commandContext, VerificationWriter } from '../verification-writer';

/** POST /verification/{id}/cancel: the customer (or staff) stops a verification, with an optional reason. */
export class CancelVerification extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly reason: string | null,
  ) {
    super();
  }

  static fromRequest(principal: Principal, verificationId: string, body: CancelDto) {
    return new CancelVerification(principal, verificationId, body.reason ?? null);
  }
}

@CommandHandler(CancelVerification)
export class CancelVerificationHandler implements ICommandHandler<CancelVerification, void> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
  ) {}

  async execute({ principal, verificationId, reason }: CancelVerification): Promise<void> {
    const actor: Actor = principal.qcAdmin ? { kind: 'staff', username: principal.username } : await this.actors.customerOf(principal);
    await this.writer.run(verificationId, { type: 'CancelVerification', actor, reason }, commandContext(principal));
  }
}

/** DELETE /verification/{id}: the customer deletes a verification that has not started. */
export class DeleteVerification extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteVerification)
export class DeleteVerificationHandler implements ICommandHandler<DeleteVerification, void> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
  ) {}

  async execute({ principal, verificationId }: DeleteVerification): Promise<void> {
    const actor = await this.actors.customerOf(principal);
    await this.writer.run(verificationId, { type: 'DeleteVerification', actor }, commandContext(principal));
  }
}
