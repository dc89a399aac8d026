import { verificationStream } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { claimsOf, signIn } from '../../../../../test/demo-sessions';
import { freshDatabase } from '../../../../../test/fresh-database';
import { startTestApp } from '../../../../../test/test-app';
import type { Principal } from '../../../../common/auth/principal';
import { JwtStrategy } from '../../../../common/auth/jwt.strategy';
import type { SessionClaims } from '../../../../common/auth/principal';
import { EVENT_STORE, type EventStore } from '../../../../infrastructure/event-store/event-store.port';
import { AddVerificationComment, CancelVerification, MarkVerificationUnable } from '.';

/**
 * Command handlers against a real PostgreSQL without HTTP: the command bus of the application, the event store
 * underneath. Each handler appends its decision to the verification's stream with the caller as actor, and a
 * refused command appends nothing.
 */
describe('verification command handlers (PostgreSQL, no HTTP)', () => {
  jest.setTimeout(180_000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let bus: CommandBus;
  let store: EventStore;
  let staff: Principal;
  let alice: Principal;

  const principalOf = async (username: string) => app.get(JwtStrategy).validate(claimsOf((await signIn(app, username)).token) as unknown as SessionClaims);
  const pendingId = async () =>
    (await db.pool.query<{ id: string }>(`SELECT id FROM rm_verification_list WHERE "companyId" = 'acme' AND "awaitingResolver" AND result = 'PENDING' ORDER BY id LIMIT 1`)).rows[0].id;
  const eventsOf = async (id: string) => (await store.readStream(verificationStream(id))).map((e) => ({ type: e.type, actor: e.metadata.actor }));

  beforeAll(async () => {
    db = await freshDatabase('verification_handlers');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    bus = app.get(CommandBus);
    store = app.get<EventStore>(EVENT_STORE);
    staff = await principalOf('admin@credence.test');
    alice = await principalOf('alice@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('AddVerificationComment and MarkVerificationUnable append one event each, staff as actor', async () => {
    const id = await pendingId();
    const before = (await eventsOf(id)).length;
    await bus.execute(new AddVerificationComment(staff, id, 'Called the registry.'));
    await bus.execute(new MarkVerificationUnable(staff, id, 'Registry closed this week.'));
    const after = await eventsOf(id);
    expect(after).toHaveLength(before + 2);
    expect(after.slice(-2).map((e) => e.actor)).toEqual(['admin@credence.test', 'admin@credence.test']);
  });

  it('a command on a verification that does not exist is not found and creates no stream', async () => {
    await expect(bus.execute(new AddVerificationComment(staff, 'QC999999999', 'Nobody here.'))).rejects.toMatchObject({ kind: 'not-found' });
    expect(await eventsOf('QC999999999')).toEqual([]);
  });

  it('CancelVerification by its customer appends the cancellation, and a second cancel is refused', async () => {
    const id = await pendingId();
    await bus.execute(CancelVerification.fromRequest(alice, id, { reason: 'No longer needed' }));
    const last = (await eventsOf(id)).at(-1);
    expect(last?.actor).toBe('alice@acme.test');
    const count = (await eventsOf(id)).length;
    await expect(bus.execute(CancelVerification.fromRequest(alice, id, { reason: 'Again' }))).rejects.toBeDefined();
    expect(await eventsOf(id)).toHaveLength(count);
  });
});
