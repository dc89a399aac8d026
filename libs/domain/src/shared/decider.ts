import type { DomainEvent, EventMetadata } from './event';

/**
 * An event as an aggregate folds it: the domain event with the time it happened. Recorded events carry it in
 * their metadata (`occurredAt`, stamped once by the command-handling loop), so the store's events fold as they are
 * read and evolve never needs the clock or a third argument.
 */
export type TimedEvent<E extends DomainEvent = DomainEvent> = E & { metadata: Pick<EventMetadata, 'occurredAt'> };

/**
 * The one shape of an aggregate (emmett's Decider): `decide` answers a command with the events it causes, or
 * refuses with a DomainError; `evolve` folds one event into the state; `initialState` is the state of an empty
 * stream. Every aggregate exports one, and the API's one command-handling loop runs any of them.
 */
export interface Decider<Command, Event extends DomainEvent, State, Context = undefined> {
  decide(command: Command, state: State, context?: Context): Event[];
  evolve(state: State, event: TimedEvent<Event>): State;
  initialState(): State;
}

/** The event stamped with the time it happened, ready to fold. */
export const timed = <E extends DomainEvent>(event: E, occurredAt: string): TimedEvent<E> => ({ ...event, metadata: { occurredAt } });

/** The state a history of events leaves. */
export function fold<E extends DomainEvent, S>(decider: Decider<unknown, E, S, unknown>, events: readonly TimedEvent<E>[], from = decider.initialState()): S {
  return events.reduce((s, e) => decider.evolve(s, e), from);
}

/**
 * Several commands in a row against one stream (submit, pay, route): each is decided on the state the previous
 * one left, its events happening at `occurredAt`. All the events or, on a refusal, none: for one append.
 */
export function decideAll<C, E extends DomainEvent, S, X>(
  decider: Decider<C, E, S, X>,
  commands: readonly C[],
  state: S,
  occurredAt: string,
  context?: X,
): { events: E[]; state: S } {
  const events: E[] = [];
  let current = state;
  for (const command of commands) {
    for (const event of decider.decide(command, current, context)) {
      events.push(event);
      current = decider.evolve(current, timed(event, occurredAt));
    }
  }
  return { events, state: current };
}
