import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionsService } from '../src/infrastructure/projections/projections.service';
import { waitFor } from './fresh-database';

/** A small valid PDF (the magic bytes are what the server checks). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const pdfDataUrl = (bytes: Buffer = PDF) => `data:application/pdf;base64,${bytes.toString('base64')}`;

/** Jane Doe is held in University of Demo's records (catalogue demo data). */
export const janeAtUniDemo = (over: Record<string, unknown> = {}) => ({
  instituteId: 'uni-demo',
  type: 'UNI',
  fields: {
    firstname: 'Jane',
    middlename: null,
    surname: 'Doe',
    dob: '1995-04-12',
    qualification: 'BSc (Hons)',
    course: 'Computer Science',
    gradYear: 2017,
    studentId: 'UD100001',
  },
  customerReference: 'CAND-001',
  documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', data: pdfDataUrl(), filename: 'consent.pdf' }],
  consent: true,
  ...over,
});

/** Someone University of Demo holds no record of. */
export const nobodyAtUniDemo = (over: Record<string, unknown> = {}) =>
  janeAtUniDemo({
    fields: { firstname: 'Zed', surname: 'Nobody', dob: '1990-01-01', qualification: 'MBA', course: 'Business Administration', gradYear: 2015 },
    customerReference: 'CAND-404',
    ...over,
  });

export function api(app: INestApplication, token: string | null) {
  const http = app.getHttpServer();
  const auth = (t: request.Test) => (token ? t.set('X-AUTH-TOKEN', token) : t);
  return {
    get: (path: string) => auth(request(http).get(path)),
    post: (path: string, body?: unknown) => auth(request(http).post(path)).send(body as object),
    put: (path: string, body?: unknown) => auth(request(http).put(path)).send(body as object),
    delete: (path: string) => auth(request(http).delete(path)),
  };
}

/** Waits for a verification to reach a result (the automatic check and mails run as jobs). */
export async function untilResult(app: INestApplication, token: string, id: string, result: string) {
  return waitFor(
    async () => {
      const res = await api(app, token).get(`/v1/verification/${id}`);
      return res.status === 200 && res.body.result === result ? res.body : undefined;
    },
    20000,
    `${id} to become ${result}`,
  );
}

/**
 * Waits until the verification read models have projected every event appended so far. A command's answer waits
 * for them itself; work that answers nobody does not (jobs such as the automatic check, the demo seed at start-up),
 * so a test that compares two read models after such work waits here, on the checkpoints, first.
 */
export async function readModelsCaughtUp(app: INestApplication) {
  const head = await app.get<EventStore>(EVENT_STORE).headPosition();
  const projections = app.get(ProjectionsService);
  await Promise.all(['verification-detail', 'verification-list', 'verification-counts'].map((name) => projections.waitFor(name, head)));
}
