import { fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { refreshSession, secondsLeft } from '@/auth/refresh';
import { tokens } from '@/auth/tokens';

/** The spec's error body `{"errors":[{"message"}]}` as one readable message (react-admin shows `message`). */
export function errorMessage(body: unknown, fallback: string): string {
  const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length) return errors.map((e) => String(e?.message ?? '')).join(' ');
  return fallback;
}

async function send(url: string, options: fetchUtils.Options) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('X-Client-Type', 'WEB');
  headers.set('X-AUTH-TOKEN', tokens.token);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/**
 * Every console call carries the staff token; the API answers lists with a Content-Range header. A token about to
 * expire is refreshed first, and a 401 is retried once after a refresh, so a long session is not cut short.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const left = secondsLeft();
  if (left !== null && left < 30) await refreshSession();
  try {
    return await send(url, options);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && (await refreshSession())) return send(url, options);
    if (error instanceof HttpError) throw new HttpError(errorMessage(error.body, error.message), error.status, error.body);
    throw error;
  }
}

export const dataProvider = simpleRestProvider('/admin', httpClient);
