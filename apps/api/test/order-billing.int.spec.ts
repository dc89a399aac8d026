import type { INestApplication } from '@nestjs/common';
import { toMinor } from '@credence/domain';
import { CommandBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import request from 'supertest';
import { JwtStrategy } from '../src/common/auth/jwt.strategy';
import type { Principal, SessionClaims } from '../src/common/auth/principal';
import { EVENT_STORE, type EventStore } from '../src/infrastructure/event-store/event-store.port';
import { PlaceOrder } from '../src/modules/money/commands/place-order.handler';
import type { PlaceOrderResult } from '../src/modules/money/orders/order-results';
import { claimsOf, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

/**
 * An order answers only once its invoice is readable, also when the invoice's append commits while another
 * transaction of the cluster (any database: another suite's, a projection's batch) that took its xid earlier is
 * still open. Readers then cannot see the invoice yet (readAll stops below the snapshot's xmin), and neither does
 * the store's headPosition: waiting for the read models to reach that head answered before the invoice was there
 * (a GET of it 404 on a loaded machine). The wait is for the invoice streams' own positions.
 */
describe('an order answers once its invoice is readable', () => {
  jest.setTimeout(60000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let carol: { token: string; principal: Principal };
  /** While set, each invoice append commits while an older transaction (it took its xid first) stays open this long. */
  let holdMs = 0;
  const holding: Promise<void>[] = [];

  beforeAll(async () => {
    db = await freshDatabase('order_billing');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    const token = (await signIn(app, 'carol@globex.test')).token;
    carol = { token, principal: app.get(JwtStrategy).validate(claimsOf(token) as unknown as SessionClaims) };
    const store = app.get<EventStore>(EVENT_STORE);
    const append = store.append.bind(store);
    store.append = async (...args: Parameters<EventStore['append']>) => {
      if (!holdMs || !args[0].startsWith('invoice-')) return append(...args);
      const older = new Client({ connectionString: db.url });
      await older.connect();
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const ms = holdMs;
      holding.push(
        new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
          await older.query('COMMIT');
          await older.end();
        }),
      );
      return append(...args);
    };
  });
  afterAll(async () => {
    holdMs = 0;
    await Promise.all(holding);
    await app.close();
    await db.drop();
  });

  it('an invoice payer GETs the invoice of the order it just placed', async () => {
    holdMs = 1500;
    const result: PlaceOrderResult = await app.get(CommandBus).execute(
      new PlaceOrder(carol.principal, {
        idempotencyKey: 'order-billing-int-1',
        items: [{ verificationId: 'QC-OB1', candidateName: 'Candidate', instituteId: 'uni-demo', instituteName: 'University of Demo', priceMinor: toMinor(30) }],
      }),
    );
    holdMs = 0;
    expect(result).toMatchObject({ status: 'PAID', billing: 'invoice' });
    const invoice = await request(app.getHttpServer()).get(`/v1/credit/history/${result.invoiceId}`).set('X-AUTH-TOKEN', carol.token);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ status: 'ISSUED', billing: 'invoice', total: 30 });
    expect(holding.length).toBeGreaterThan(0);
  });
});
