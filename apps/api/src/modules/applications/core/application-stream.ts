import {
  applicationDecider,
  applicationStream,
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
} from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../infrastructure/command-handling/event-stamping';
import type { CommandResult, HandleCommandOptions } from '../../../infrastructure/command-handling/handle-command';
import type { Position } from '../../../infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { inSeedingContext } from '../../../infrastructure/seeding/seeding-context';

/** Who acts on an application, for its events' metadata (the tenant is the applicant's company). */
export type ApplicationCommandContext = Omit<CommandContext, 'tenantId'>;

export type ApplicationCommandResult = CommandResult<ApplicationEvent, ApplicationState>;

type Options = HandleCommandOptions<ApplicationCommand, ApplicationEvent, ApplicationState>;

/**
 * A command on the application stream `application-<id>` for the command-handling loop: the stream, the
 * application decider, and the events' tenant (the applicant's company; the owner reads through the read model).
 */
export function onApplication(id: string, command: Options['command'], context: ApplicationCommandContext, options: Pick<Options, 'retries'> = {}): Options {
  return { stream: applicationStream(id), decider: applicationDecider, command, context: { ...context, tenantId: (s) => s.applicant.companyId }, ...options };
}

@Injectable()
export class ApplicationReadModels {
  constructor(private readonly projections: ProjectionsService) {}

  /** Answer with the read models as they are after an append. */
  async settle(position: Position | null) {
    if (!position || inSeedingContext()) return;
    await Promise.all([this.projections.waitFor('application', position), this.projections.waitFor('application-member', position)]);
  }
}
