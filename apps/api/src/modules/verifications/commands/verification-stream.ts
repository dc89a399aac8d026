import {
  verificationDecider,
  verificationStream,
  type VerificationCommand,
  type VerificationEvent,
  type VerificationState,
} from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../infrastructure/command-handling/event-stamping';
import type { CommandResult, HandleCommandOptions } from '../../../infrastructure/command-handling/handle-command';
import type { Position } from '../../../infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { inSeedingContext } from '../../../infrastructure/seeding/seeding-context';

/**
 * Who acts on a verification, for its events' metadata (the tenant is the verification's company). No causationId:
 * a verification event's causationId is its command's id, which the resolve link's key is derived from.
 */
export type VerificationCommandContext = Omit<CommandContext, 'tenantId' | 'causationId'>;

export type VerificationCommandResult = CommandResult<VerificationEvent, VerificationState>;

/**
 * A command on the verification stream `verification-<id>` for the command-handling loop: the stream, the
 * verification decider, and the events' tenant (the verification's company after them).
 */
export function onVerification(
  id: string,
  command: HandleCommandOptions<VerificationCommand, VerificationEvent, VerificationState>['command'],
  context: VerificationCommandContext,
  options: Pick<HandleCommandOptions<VerificationCommand, VerificationEvent, VerificationState>, 'retries' | 'expectedRevision' | 'now'> = {},
): HandleCommandOptions<VerificationCommand, VerificationEvent, VerificationState> {
  return { stream: verificationStream(id), decider: verificationDecider, command, context: { ...context, tenantId: (s) => s.companyId }, ...options };
}

/** The read models a command's answer (and the caller's next read) must reflect. */
const SETTLED_READ_MODELS = ['verification-detail', 'verification-list', 'verification-counts'] as const;

@Injectable()
export class VerificationReadModels {
  constructor(private readonly projections: ProjectionsService) {}

  /**
   * Answer with the read models as they are after an append (the POST answers with its list row). The counts are
   * among them: a list's total and the menu counters come from verification-counts, and a client that lists right
   * after a command must not see a total that disagrees with the rows.
   */
  async settle(position: Position | null) {
    if (!position || inSeedingContext()) return;
    await Promise.all(SETTLED_READ_MODELS.map((name) => this.projections.waitFor(name, position)));
  }
}
