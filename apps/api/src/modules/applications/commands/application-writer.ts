import { APPLICATION_ERRORS, applicationDecider, applicationStream, applicationVisibleTo, type ApplicationActor, type ApplicationState } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { ApplicationReadModels, onApplication, type ApplicationCommandResult } from '../core/application-stream';

type Commands = Parameters<typeof onApplication>[1];

/**
 * The application handlers' way onto the command-handling loop: load a stream the caller may see, append a
 * decision, answer once the read models show it. Mails and stock-taking follow from the events
 * (ApplicationJobsReactor), not from here.
 */
@Injectable()
export class ApplicationWriter {
  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: ApplicationReadModels,
  ) {}

  /** The application as its stream has it, or 404 for a caller who may not see it. */
  async visible(id: string, actor: ApplicationActor): Promise<ApplicationState> {
    const { state } = await this.commands.load(applicationStream(id), applicationDecider);
    if (!state.exists || !applicationVisibleTo(state, actor)) throw APPLICATION_ERRORS.notFound();
    return state;
  }

  async run(principal: Principal, id: string, command: Commands): Promise<ApplicationCommandResult> {
    const appended = await this.commands.handleCommand(onApplication(id, command, { commandId: randomUUID(), actor: principal.username, impersonator: principal.impersonator }));
    await this.readModels.settle(appended.position);
    return appended;
  }
}
