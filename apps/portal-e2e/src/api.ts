// Direct calls to the API for what a journey needs from outside the browser: a staff token, and the mail outbox.

export const DEMO_PASSWORD = 'Demo-pass1';
export const STAFF = 'admin@credence.test';

export interface Tokens {
  token: string;
  refreshToken: string;
}

export async function signIn(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const res = await fetch(`${baseUrl}/v1/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Client-Type': 'WEB' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  return {
    token: res.headers.get('x-auth-token') ?? '',
    refreshToken: res.headers.get('x-refresh-token') ?? '',
  };
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The e-mails sent to an address, newest first (GET /admin/mails, staff only). */
export async function mailsTo(baseUrl: string, to: string): Promise<Mail[]> {
  const { token } = await signIn(baseUrl, STAFF);
  const filter = encodeURIComponent(JSON.stringify({ to }));
  const res = await fetch(`${baseUrl}/admin/mails?filter=${filter}`, {
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' },
  });
  if (!res.ok) throw new Error(`GET /admin/mails answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Mail[];
}

/** Waits for an e-mail to the address whose text holds a portal link under `prefix`, and returns that link's path. */
export async function linkFromMail(baseUrl: string, to: string, prefix: string, after = 0): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+(${prefix.replace(/\//g, '\\/')}[^\\s"'<>]+)`);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const mail of await mailsTo(baseUrl, to)) {
      if (new Date(mail.createdAt).getTime() < after) continue;
      const match = pattern.exec(mail.text ?? '') ?? pattern.exec(mail.html ?? '');
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no e-mail to ${to} with a link to ${prefix}`);
}

/** Whether the API answers a signed-in call at all (404 means the endpoint does not exist yet). */
export async function endpointExists(baseUrl: string, token: string, path: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/v1${path}`, {
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' },
  });
  return res.status !== 404;
}

/** GET a /v1 (or other) path as a demo user, the JSON body typed by the caller; a non-2xx answer throws with its text. */
export async function apiGet<T>(baseUrl: string, username: string, path: string): Promise<T> {
  const { token } = await signIn(baseUrl, username);
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A small valid PDF for uploads: the API checks the magic bytes. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
