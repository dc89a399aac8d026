import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

export const DEMO_PASSWORD = 'Demo-pass1';

/** Signs a demo account in through the real POST /v1/auth. */
export async function signIn(app: INestApplication, username: string, extra: Record<string, string> = {}) {
  const res = await request(app.getHttpServer()).post('/v1/auth').send({ username, password: DEMO_PASSWORD, ...extra });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.headers['x-auth-token'] as string, refresh: res.headers['x-refresh-token'] as string };
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The mails sent to an address, newest first, read through the staff API like the console does. */
export async function mailsTo(app: INestApplication, to: string, staffToken: string) {
  const res = await request(app.getHttpServer())
    .get('/admin/mails')
    .query({ filter: JSON.stringify({ to }), sort: JSON.stringify(['createdAt', 'DESC']) })
    .set('X-AUTH-TOKEN', staffToken)
    .expect(200);
  return res.body as { subject: string; text: string; html: string; to: string }[];
}

export const linkIn = (text: string, path: string) => {
  const m = text.match(new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[1];
};
