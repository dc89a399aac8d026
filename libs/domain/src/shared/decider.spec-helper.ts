import { timed, type Decider, type TimedEvent } from './decider';
import { DomainError } from './domain-error';
import type { DomainEvent } from './event';

/**
 * given events / when command / then events: the one way a domain spec states a scenario, for any decider.
 * Jest-only (it asserts with `expect`), so it is kept out of the library build (tsconfig.lib.json).
 *
 * `givenAt` is the time of the history's events, `thenAt` of the decided ones (defaults to `givenAt`), so a
 * scenario can tell "recorded" from "updated".
 */
export function deciderSpec<C, E extends DomainEvent, S, X = undefined>(
  decider: Decider<C, E, S, X>,
  options: { givenAt: string; thenAt?: string; context?: X },
) {
  const thenAt = options.thenAt ?? options.givenAt;
  const evolveAll = (state: S, events: readonly E[], at: string) =>
    events.reduce((s, e) => decider.evolve(s, timed(e, at) as TimedEvent<E>), state);

  return {
    /** The state a history leaves, without a command. */
    stateOf: (events: readonly E[]): S => evolveAll(decider.initialState(), events, options.givenAt),

    given(events: readonly E[]) {
      const state = evolveAll(decider.initialState(), events, options.givenAt);
      return {
        state,
        when(command: C, context: X | undefined = options.context) {
          let decided: E[] | undefined;
          let error: unknown;
          try {
            decided = decider.decide(command, state, context);
          } catch (err) {
            error = err;
          }
          const events = (): E[] => {
            if (error) throw error;
            return decided as E[];
          };
          const after = () => evolveAll(state, events(), thenAt);
          return {
            /** The events decided (a refusal is rethrown): to build the next scenario's history. */
            events,
            /** Each decided event contains the expected one's fields (each compared whole), as many as expected;
             * or a function that asserts on the events. Answers the state after them. */
            then(expected: readonly Partial<E>[] | ((events: E[]) => void)): S {
              if (typeof expected === 'function') expected(events());
              else expect(events()).toEqual(expected.map((x) => expect.objectContaining(x)));
              return after();
            },
            /** Each decided event matches the expected one deeply (objects compared by the fields given), as many
             * as expected. Answers the state after them. */
            thenMatches(expected: readonly { type: E['type']; data?: Record<string, unknown> }[]): S {
              const got = events();
              expect(got).toMatchObject(expected);
              expect(got).toHaveLength(expected.length);
              return after();
            },
            /** The command is refused with a DomainError of this kind (and message). */
            thenRefused(kind: DomainError['kind'], message?: string | RegExp): DomainError {
              expect(error).toBeInstanceOf(DomainError);
              expect((error as DomainError).kind).toBe(kind);
              if (message) expect((error as DomainError).message).toMatch(message);
              return error as DomainError;
            },
            /** The command fails with something other than a refusal (a programming error in the caller). */
            thenFails(message: string | RegExp): void {
              expect(error).toBeInstanceOf(Error);
              expect(error).not.toBeInstanceOf(DomainError);
              expect((error as Error).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
