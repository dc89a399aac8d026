import type { DomainEvent } from '@credence/domain';
import { stampEvents, uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import type { EventToAppend } from '../../../infrastructure/event-store/event-store.port';

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
 * Events of one step of a command, with deterministic ids (`<command>/<step>`, index) so a retry of the step
 * appends nothing new. All steps of a command share its id as causation: a retry finds what it already did.
 */
export function withMetadata(
  events: DomainEvent[],
  step: { commandId: string; step: string; actor: MoneyActor; tenantId: string },
): EventToAppend[] {
  return stampEvents(events, {
    commandId: `${step.commandId}/${step.step}`,
    causationId: step.commandId,
    actor: step.actor.username,
    impersonator: step.actor.impersonator,
    tenantId: step.tenantId,
    occurredAt: new Date().toISOString(),
  });
}
