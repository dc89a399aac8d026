import { uuidV5, type CommandContext } from '../../../infrastructure/command-handling/event-stamping';

/** Who acts on the money ledgers: a customer (maybe impersonated by staff), staff, or a system process. */
export interface MoneyActor {
  username: string;
  impersonator?: string | null;
}

/** Namespace of the money area's derived ids (commands, movements). Fixed forever: changing it changes every id. */
const MONEY_NAMESPACE = '5d2f8a61-3c1e-4b7a-9f0e-6b1c2d3e4f50';

/** A deterministic id from a name: the same request (same idempotency key) gets the same ids on every attempt. */
export const moneyId = (name: string) => uuidV5(name, MONEY_NAMESPACE);

/**
 * The context of one step of a money command (`<command>/<step>`): its events' ids derive from the step, so a
 * retry of the request (same idempotency key) appends nothing new, and all steps share the command as causation,
 * so a retry finds what the command already did.
 */
export const moneyStep = (commandId: string, step: string, actor: MoneyActor, tenantId: string): CommandContext => ({
  commandId: `${commandId}/${step}`,
  causationId: commandId,
  actor: actor.username,
  impersonator: actor.impersonator,
  tenantId,
});
