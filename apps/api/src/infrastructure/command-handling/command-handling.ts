import type { Decider, DomainEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { handleCommand, loadStream, type CommandResult, type HandleCommandOptions, type LoadedStream } from './handle-command';

/** The command-handling loop on the app's event store: what command handlers and jobs inject (EventStoreModule
 * provides it app-wide, beside the store it writes to). */
@Injectable()
export class CommandHandling {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  handleCommand<C, E extends DomainEvent, S, X = undefined>(options: HandleCommandOptions<C, E, S, X>): Promise<CommandResult<E, S>> {
    return handleCommand(this.store, options);
  }

  /** A stream's state and revision, for a caller that must look before it acts (and then pins the revision). */
  load<C, E extends DomainEvent, S, X>(stream: string, decider: Decider<C, E, S, X>): Promise<LoadedStream<S>> {
    return loadStream(this.store, stream, decider);
  }
}
