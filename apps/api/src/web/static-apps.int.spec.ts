import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { staticApps } from './static-apps';

describe('serving the built portal and console', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'credence-web-'));
  const app = express();

  beforeAll(() => {
    for (const name of ['portal', 'console']) {
      mkdirSync(path.join(root, name, 'assets'), { recursive: true });
      writeFileSync(path.join(root, name, 'index.html'), `<html>${name}</html>`);
      writeFileSync(path.join(root, name, 'assets', `${name}-abc123.js`), `console.log('${name}')`);
    }
    app.use(staticApps(root));
    app.get('/v1/info', (_req, res) => res.json({ version: 'x' }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the portal at / and its deep links, never caching index.html', async () => {
    for (const p of ['/', '/verification/history/QC123', '/login/register/abc']) {
      const res = await request(app).get(p).expect(200);
      expect(res.text).toBe('<html>portal</html>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the console under /console/ and sends /console there once', async () => {
    const redirect = await request(app).get('/console').expect(301);
    expect(redirect.headers.location).toBe('/console/');
    for (const p of ['/console/', '/console/customers/acme/show']) {
      expect((await request(app).get(p).expect(200)).text).toBe('<html>console</html>');
    }
  });

  it('serves hashed assets as immutable and leaves API paths to the API', async () => {
    const asset = await request(app).get('/assets/portal-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    await request(app).get('/console/assets/console-abc123.js').expect(200);
    expect((await request(app).get('/v1/info').expect(200)).body).toEqual({ version: 'x' });
    await request(app).get('/admin/anything').expect(404);
    await request(app).get('/health').expect(404);
  });
});
