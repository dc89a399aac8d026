import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /**
   * The correlation id of the events this request appends, when it must be the same on every attempt: a request
   * with an Idempotency-Key (infrastructure/idempotency) sets it, so a retry can tell whether an attempt that died
   * unanswered had already committed. Otherwise the request id.
   */
  correlationId?: string;
}

/** Carries the request id through every await of a request, so each log line can name it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
