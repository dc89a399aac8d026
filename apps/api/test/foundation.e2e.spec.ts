import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import request from 'supertest';
import { readApiVersion } from '../src/modules/info/api-version';
import { startTestApp } from './test-app';

describe('the API on the embedded default', () => {
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startTestApp());
  });
  afterAll(() => app.close());

  it('answers its version at /v1/info/ without a session', async () => {
    const res = await request(app.getHttpServer()).get('/v1/info/').expect(200);
    expect(res.body).toEqual({ version: readApiVersion() });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports database, event store and queue readiness at /health', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks.database).toEqual({ status: 'up', kind: 'postgres' });
    expect(res.body.checks.eventStore).toEqual({ status: 'up', kind: 'postgres' });
    expect(res.body.checks.queue).toMatchObject({ status: 'up', kind: 'pg-boss' });
  });

  it('tags every response with a request id, and keeps a well-formed incoming one', async () => {
    const fresh = await request(app.getHttpServer()).get('/v1/info/');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app.getHttpServer()).get('/v1/info/').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown API paths with the spec error body', async () => {
    const res = await request(app.getHttpServer()).get('/v1/no-such-thing').expect(404);
    expect(res.body).toEqual({ errors: [{ message: expect.any(String) }] });
  });

  it("answers a request Node's parser refuses in the spec error body: 431 for headers over 16 KB, 400 for garbage", async () => {
    const tooLong = await request(app.getHttpServer()).get(`/v1/info/?status=${'x'.repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
    expect(tooLong.body).toEqual({ errors: [{ message: 'The request line and headers are too large.' }] });

    const server = app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: [{ message: 'The request could not be read.' }],
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(app.getHttpServer()).get('/docs/openapi.json').expect(200);
    expect(res.body.info.title).toBe('Credence API');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/info', '/health']));
  });
});
