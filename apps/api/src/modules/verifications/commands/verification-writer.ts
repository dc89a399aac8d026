import { verificationDecider, verificationStream, type VerificationCommand, type VerificationState } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { HandleCommandOptions, LoadedStream } from '../../../infrastructure/command-handling/handle-command';
import type { Position } from '../../../infrastructure/event-store/event-store.port';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';
import { DocumentIntake, type UnappendedBlobs } from './document-intake';
import { onVerification, VerificationReadModels, type VerificationCommandContext, type VerificationCommandResult } from './verification-stream';

type Commands = HandleCommandOptions<VerificationCommand, never, VerificationState>['command'];

export interface AppendOptions {
  /** The revision the caller decided (and perhaps paid) on: a concurrent change answers 409. */
  expectedRevision?: LoadedStream<VerificationState>['revision'];
  now?: Date;
  /** The request's stored blobs: this verification's are referenced once its events are appended. */
  unappended?: UnappendedBlobs;
  /** The state before, when the commands may remove documents (their blobs are then deleted). */
  before?: VerificationState;
}

/** Who acts, for the events' metadata: a new command id per request. */
export const commandContext = (principal: Principal): VerificationCommandContext => ({
  commandId: randomUUID(),
  actor: principal.username,
  impersonator: principal.impersonator,
});

/**
 * The verification handlers' way onto the command-handling loop: load a stream, append a decision, and what follows
 * an append in the same request (blobs no longer referenced are deleted), and waiting for the read models the
 * answer is read from. Side effects (checks, mails, applications taking stock) are not run from here: the
 * reactor enqueues them from the committed events.
 */
@Injectable()
export class VerificationWriter {
  constructor(
    private readonly commands: CommandHandling,
    private readonly intake: DocumentIntake,
    private readonly reactions: VerificationJobsReactor,
    private readonly readModels: VerificationReadModels,
  ) {}

  load(id: string): Promise<LoadedStream<VerificationState>> {
    return this.commands.load(verificationStream(id), verificationDecider);
  }

  async append(id: string, command: Commands, context: VerificationCommandContext, options: AppendOptions = {}): Promise<VerificationCommandResult> {
    const { expectedRevision, now } = options;
    let before = options.before;
    // Built from the state: the documents it removes are the ones of the state it was decided on.
    const appended = await this.commands.handleCommand(
      onVerification(
        id,
        typeof command === 'function'
          ? (state) => {
              if (!options.before) before = state;
              return command(state);
            }
          : command,
        context,
        { ...(expectedRevision !== undefined ? { expectedRevision } : {}), ...(now ? { now: () => now } : {}) },
      ),
    );
    options.unappended?.delete(id);
    if (before) await this.intake.discardRemoved(before, appended.events);
    // Outside the demo seed a no-op: jobs follow from the events, by VerificationJobsReactor.
    await this.reactions.heldForSeeding(appended);
    return appended;
  }

  /** Appends and answers once the read models show it (the route then answers with its row). */
  async run(id: string, command: Commands, context: VerificationCommandContext, options: AppendOptions = {}): Promise<VerificationCommandResult> {
    const appended = await this.append(id, command, context, options);
    await this.settle(appended.position);
    return appended;
  }

  settle(position: Position | null): Promise<void> {
    return this.readModels.settle(position);
  }
}
