import type { INestApplication } from '@nestjs/common';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/load-config';
import { freshDatabase } from './fresh-database';

/**
 * Issue 19, browser hardening: every page (portal, console, the public resolve and share pages with their key in
 * the URL) and every API answer carries the CSP, frame-ancestors 'none', Referrer-Policy no-referrer and nosniff;
 * HSTS only when configured. The browser journeys check the same on the built app, and that it runs under the CSP.
 */
describe('security headers', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'credence-headers-'));
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: INestApplication[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const config = loadConfig({ ...process.env, DATABASE_URL: db.url, SEED_DEMO: 'false', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', WEB_ROOT: root, ...env });
    const app = await createApp(config, { serveWeb: true });
    await app.init();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    for (const name of ['portal', 'console']) {
      mkdirSync(path.join(root, name), { recursive: true });
      writeFileSync(path.join(root, name, 'index.html'), `<html><body><div id="root"></div><script type="module" src="/assets/${name}.js"></script></body></html>`);
    }
    db = await freshDatabase('headers');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

  it('sends the CSP, frame-ancestors none, no-referrer and nosniff on the portal, console, /verify/{key}, /view/{key} and the API', async () => {
    const app = await start();
    const paths = ['/', '/login', '/console/', '/verify/Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw', '/view/Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw', '/v1/info', '/health', '/v1/verification'];
    for (const p of paths) {
      const res = await request(app.getHttpServer()).get(p);
      expect([200, 401, 503]).toContain(res.status);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')).toContain('https://js.braintreegateway.com');
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS only when HSTS_MAX_AGE is configured (behind TLS)', async () => {
    const app = await start({ HSTS_MAX_AGE: '31536000' });
    const res = await request(app.getHttpServer()).get('/v1/info').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true);
  });

  it('the built portal and console (when built) have no inline script for the CSP to refuse', () => {
    const built = ['portal', 'console'].map((n) => path.join(__dirname, '..', '..', '..', 'dist', 'apps', n, 'index.html')).filter((f) => existsSync(f));
    const sources = [path.join(__dirname, '..', '..', 'portal', 'index.html'), path.join(__dirname, '..', '..', 'console', 'index.html'), ...built];
    for (const file of sources) {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc=/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+="/i);
    }
  });
});
