/**
 * The staff session in localStorage, under the console's own prefix: the portal shares the origin, and each app's
 * logout clears only its own keys.
 */
export const STORAGE_PREFIX = 'credence.console.';
const TOKEN = `${STORAGE_PREFIX}token`;
const REFRESH_TOKEN = `${STORAGE_PREFIX}refreshToken`;

export const tokens = {
  get token(): string {
    return localStorage.getItem(TOKEN) ?? '';
  },
  get refreshToken(): string {
    return localStorage.getItem(REFRESH_TOKEN) ?? '';
  },
  store(token: string, refreshToken: string) {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(REFRESH_TOKEN, refreshToken);
  },
  clear() {
    Object.keys(localStorage)
      .filter((key) => key.startsWith(STORAGE_PREFIX))
      .forEach((key) => localStorage.removeItem(key));
  },
};
