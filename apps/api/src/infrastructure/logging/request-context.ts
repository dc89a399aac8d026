import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

/** Carries the request id through every await of a request, so each log line can name it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
