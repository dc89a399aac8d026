import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The console's own data provider (ra-data-simple-rest) against a listening test app's /admin, signed in with
 * `token` (none: a stranger): what the console sends, so the API is tested as the console calls it.
 */
export function adminDataProvider(base: string, token: string | null): DataProvider {
  return simpleRestProvider(`${base}/admin`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token) headers.set('X-AUTH-TOKEN', token);
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
}
