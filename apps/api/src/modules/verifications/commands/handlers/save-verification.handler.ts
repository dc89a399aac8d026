import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import type { SubmissionBodyDto } from '../../dto/submission.dto';
import { flag } from '../../http/list-params';
import { SubmissionService, type SubmissionResult } from '../submission.service';

/**
 * PUT /verification/{id}: without flags the draft is saved for later; with `resub` or `push` (either name, as
 * clients send one or the other) it is submitted, paid when unpaid, or re-submitted after NOT_FOUND or REJECTED.
 */
export class SaveVerification extends Command<SubmissionResult> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly body: SubmissionBodyDto,
    readonly submit: boolean,
  ) {
    super();
  }

  static fromRequest(principal: Principal, verificationId: string, body: SubmissionBodyDto, query: Record<string, unknown>) {
    return new SaveVerification(principal, verificationId, body, flag(query, 'resub') || flag(query, 'push'));
  }
}

@CommandHandler(SaveVerification)
export class SaveVerificationHandler implements ICommandHandler<SaveVerification, SubmissionResult> {
  constructor(private readonly submissions: SubmissionService) {}

  execute({ principal, verificationId, body, submit }: SaveVerification): Promise<SubmissionResult> {
    return this.submissions.update(principal, verificationId, body, { submit });
  }
}
