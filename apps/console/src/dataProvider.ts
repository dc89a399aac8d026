import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { tokens } from '@/auth/tokens';

/** Every console call carries the staff token; the API answers lists with a Content-Range header. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set('X-Client-Type', 'WEB');
  headers.set('X-AUTH-TOKEN', tokens.token);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

export const dataProvider = simpleRestProvider('/admin', httpClient);
