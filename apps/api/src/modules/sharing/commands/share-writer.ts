import { DomainError, shareDecider, shareStream, type ShareCommand, type ShareEvent, type ShareState } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { CommandResult } from '../../../infrastructure/command-handling/handle-command';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { inSeedingContext } from '../../../infrastructure/seeding/seeding-context';

/**
 * The share handlers' way onto the command-handling loop: the stream `share-<id>`, the share decider, the events'
 * tenant (the owner's company), and an answer once the share read model shows the change.
 */
@Injectable()
export class ShareWriter {
  constructor(
    private readonly commands: CommandHandling,
    private readonly projections: ProjectionsService,
  ) {}

  async load(id: string): Promise<ShareState> {
    return (await this.commands.load(shareStream(id), shareDecider)).state;
  }

  async run(id: string, command: ShareCommand, actor: { username: string; impersonator?: string | null }, settle = true): Promise<CommandResult<ShareEvent, ShareState>> {
    const result = await this.commands.handleCommand({
      stream: shareStream(id),
      decider: shareDecider,
      command,
      context: { commandId: randomUUID(), actor: actor.username, impersonator: actor.impersonator ?? undefined, tenantId: (s) => s.owner.companyId },
    });
    if (settle && result.position && !inSeedingContext()) await this.projections.waitFor('share', result.position);
    return result;
  }

  /** The command, or null when the share refused it as not there (unknown, revoked, expired, not for this viewer). */
  async runOrGone(id: string, command: ShareCommand, actor: { username: string }): Promise<CommandResult<ShareEvent, ShareState> | null> {
    try {
      return await this.run(id, command, actor, false);
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'not-found') return null;
      throw e;
    }
  }
}
