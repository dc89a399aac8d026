import type { AppConfig } from '../../../config/config.schema';
import { createTestDatabase } from '../../../infrastructure/event-store/pg-test-database';
import { CommandLocks } from './command-locks';

describe('CommandLocks', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let locks: CommandLocks;

  beforeAll(async () => {
    db = await createTestDatabase();
    locks = new CommandLocks({ database: { url: db.url, poolSize: 2 } } as AppConfig);
  });
  afterAll(async () => {
    await locks.onModuleDestroy();
    await db.drop();
  });

  it('runs one holder of a key at a time', async () => {
    const order: string[] = [];
    const holder = (name: string) =>
      locks.withLock('k', async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push(`${name} out`);
      });
    await Promise.all([holder('a'), holder('b')]);
    expect(order).toEqual(expect.arrayContaining(['a in', 'b in']));
    expect(order[1]).toBe(`${order[0].split(' ')[0]} out`);
  });

  it('decideThenWait releases the lock before waiting for the read models, and answers after the wait', async () => {
    let release!: () => void;
    const shownWait = new Promise<void>((resolve) => (release = resolve));
    let shown = false;
    const first = locks.decideThenWait('order', async () => ({
      answer: 'first',
      shown: async () => {
        await shownWait;
        shown = true;
      },
    }));
    // While the first command waits for its read models, a retry of the same key gets the lock and decides.
    await expect(locks.withLock('order', async () => 'second')).resolves.toBe('second');
    expect(shown).toBe(false);
    release();
    await expect(first).resolves.toBe('first');
    expect(shown).toBe(true);
  });
});
