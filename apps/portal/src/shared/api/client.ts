import { REQUEST_TIMEOUT_MS } from '@/shared/config';
import { notifyGlobal } from '@/shared/notifications/notifier';
import { ensureFreshSession, refreshSession } from '@/shared/session/refresh';
import { sessionStore } from '@/shared/session/sessionStore';

/** Spec 8: shown when the server does not answer at all (the figure in it is the spec's, not the timeout's). */
export const NO_RESPONSE_MESSAGE =
  'Server communication failure, request timed out after 60 seconds. Please try again or report this error.';

/** A failed call. `status` is 0 when no response came back. `messages` are the server's own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** The errors[].code values the server sent, e.g. QC-CANTREFRESH. */
    readonly codes: string[] = [],
    /** The call failed because the session is over; the user is being sent to the login page already. */
    readonly sessionEnded = false,
  ) {
    super(messages.join('\n'));
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Opts out of the error toast (spec 7.1): the caller shows its own message, or the spec says 'logged only'. */
  silent?: boolean;
  /** Sends the token as it is: for the calls that create or refresh it. */
  skipRefresh?: boolean;
}

export type CallOptions = Pick<RequestOptions, 'signal' | 'silent' | 'headers'>;

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

const BASE = '/v1';

/**
 * Calls the API under /v1 with the headers every call carries (spec 7.1) and turns failures into ApiError.
 * Resolves with headers too, because login returns its tokens in them.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  try {
    return await withSession<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && !options.silent && !error.sessionEnded) {
      notifyGlobal({ severity: 'error', title: 'Error', message: error.message });
    }
    throw error;
  }
}

/**
 * Spec 4.1: a signed-in call first refreshes an expired token; a call the API refuses with 401 refreshes once and
 * is sent again, so a token revoked or expired early on the server does not strand the user.
 */
async function withSession<T>(path: string, options: RequestOptions): Promise<ApiResponse<T>> {
  const signedIn = !options.skipRefresh && !!sessionStore.getState().token;
  if (signedIn && !(await ensureFreshSession())) {
    throw new ApiError(401, ['Session expired.'], ['QC-CANTREFRESH'], true);
  }
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!signedIn || !(error instanceof ApiError) || error.status !== 401 || !sessionStore.getState().token) {
      throw error;
    }
    if (!(await refreshSession())) throw new ApiError(401, error.messages, error.codes, true);
    return send<T>(path, options);
  }
}

/**
 * One Idempotency-Key per user action (issue 19): a write sent again with the same method, address and body while
 * its first attempt got no definite answer (no response, a timeout, a 5xx, a 401 retried after a refresh) reuses
 * the key, so the API replays or finishes the first attempt instead of ordering or paying twice. A definite answer
 * (2xx or another 4xx) ends the action: the same form sent again afterwards is a new action with a new key.
 */
const pendingActions = new Map<string, string>();

function actionOf(method: string, url: string, body: string | undefined): string {
  // FNV-1a over the request, as a compact map key (bodies can carry PDFs as base64).
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${method} ${url} ${body ?? ''}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${text.length}:${(h1 >>> 0).toString(36)}:${(h2 >>> 0).toString(36)}`;
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The key for a write, and what to do with it once the answer is in. */
export function idempotencyFor(method: string, url: string, body: string | undefined): { key: string; settle: (status: number) => void } | null {
  if (method !== 'POST' && method !== 'PUT') return null;
  const action = actionOf(method, url, body);
  const key = pendingActions.get(action) ?? newKey();
  pendingActions.set(action, key);
  return {
    key,
    settle: (status) => {
      const definite = status >= 200 && status < 500 && status !== 401 && status !== 408 && status !== 409 && status !== 429;
      if (definite) pendingActions.delete(action);
    },
  };
}

async function send<T>(path: string, options: RequestOptions): Promise<ApiResponse<T>> {
  const { method = 'GET', query, body, headers, signal } = options;
  const url = buildUrl(path, query);
  const json = body === undefined ? undefined : JSON.stringify(body);
  const keyed = headers?.['Idempotency-Key'] ? null : idempotencyFor(method, url, json);
  // One controller for both the caller's cancellation and the timeout, so either aborts the call.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  const { token, applicationInProgress } = sessionStore.getState();
  const init: RequestInit = {
    method,
    headers: {
      Accept: 'application/json',
      'X-Client-Type': 'WEB',
      'X-AUTH-TOKEN': token,
      // Spec 7.1: while an application is filled in, every call says which one.
      ...(applicationInProgress ? { 'X-QC-APPL-ID': applicationInProgress } : {}),
      // Spec 6.6 and 7.1's admin header, from 'a staff admin cookie', is not sent, on purpose: an impersonation
      // session's token already names its staff administrator (the imp claim, signed by the API, for 15 minutes),
      // which the API audits each act by. A cookie copied into a header would say the same with no signature, and
      // would go with every call of every tab of whoever signed in to the console on this browser.
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(keyed ? { 'Idempotency-Key': keyed.key } : {}),
      ...headers,
    },
    body: json,
    signal: controller.signal,
  };

  try {
    let response: Response;
    let data: unknown;
    try {
      response = await fetch(url, init);
      keyed?.settle(response.status);
      data = await readBody(response);
    } catch (error) {
      // A caller's own cancellation is not a failure to report.
      if (signal?.aborted) throw error;
      throw new ApiError(0, [NO_RESPONSE_MESSAGE]);
    }
    if (!response.ok) throw new ApiError(response.status, errorMessages(data, response), errorCodes(data));
    return { status: response.status, headers: response.headers, data: data as T };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

export const api = {
  get: <T>(path: string, query?: Query, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, query }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, query?: Query, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body, query }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, query?: Query, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body, query }).then((r) => r.data),
  delete: <T>(path: string, query?: Query, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', query }).then((r) => r.data),
};

function buildUrl(path: string, query?: Query): string {
  const url = `${BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Spec 7.1: each errors[].message is shown; otherwise the response's own message. */
function errorMessages(data: unknown, response: Response): string[] {
  if (isRecord(data)) {
    if (Array.isArray(data.errors)) {
      const messages = data.errors
        .map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : null))
        .filter((m): m is string => !!m);
      if (messages.length > 0) return messages;
    }
    if (typeof data.message === 'string' && data.message) return [data.message];
  }
  return [response.statusText || `Request failed with status ${response.status}`];
}

function errorCodes(data: unknown): string[] {
  if (!isRecord(data) || !Array.isArray(data.errors)) return [];
  return data.errors
    .map((e) => (isRecord(e) && typeof e.code === 'string' ? e.code : null))
    .filter((c): c is string => !!c);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
