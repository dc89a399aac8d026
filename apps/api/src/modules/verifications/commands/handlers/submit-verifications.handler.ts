import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import type { SubmissionBodyDto } from '../../dto/submission.dto';
import { SubmissionService, type SubmissionResult } from '../submission.service';

/**
 * POST /verification: one submission or {verifications, creditPurchase}. `autosubmit=false` saves the entries as
 * drafts (AWAITING_CONSENT) instead of submitting and paying them.
 */
export class SubmitVerifications extends Command<SubmissionResult> {
  constructor(
    readonly principal: Principal,
    readonly body: SubmissionBodyDto,
    readonly autosubmit: boolean,
  ) {
    super();
  }

  /** The route's query read once: only the literal 'false' turns submitting off (the spec's default is on). */
  static fromRequest(principal: Principal, body: SubmissionBodyDto, query: Record<string, unknown>) {
    return new SubmitVerifications(principal, body, query.autosubmit !== 'false');
  }
}

@CommandHandler(SubmitVerifications)
export class SubmitVerificationsHandler implements ICommandHandler<SubmitVerifications, SubmissionResult> {
  constructor(private readonly submissions: SubmissionService) {}

  execute({ principal, body, autosubmit }: SubmitVerifications): Promise<SubmissionResult> {
    return this.submissions.create(principal, body, autosubmit);
  }
}
