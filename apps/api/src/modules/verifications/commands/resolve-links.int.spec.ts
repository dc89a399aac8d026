import { Logger } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { Pool } from 'pg';
import { freshDatabase } from '../../../../test/fresh-database';
import { migrate } from '../../../infrastructure/database/migrations';
import { ResolveLinks } from './resolve-links';

const CONFIGURED = 'a-configured-resolve-link-secret-of-40-chars';

describe('resolve link keys', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: Pool;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    db = await freshDatabase('resolve_links');
    pool = db.pool;
    // The tables come from the migrations, as at the API's start (server_secrets: 0001).
    const client = await pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
  });
  afterAll(() => db.drop());
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const storedSecrets = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM server_secrets`)).rows[0].n;

  it('derive from RESOLVE_LINK_SECRET when it is configured, storing nothing and warning of nothing', async () => {
    const links = new ResolveLinks(pool, { resolveLinkSecret: CONFIGURED });
    links.onModuleInit();
    const key = await links.keyFor('v-1', 'cmd-1');
    expect(key).toBe(createHmac('sha256', CONFIGURED).update('resolve-link/v-1/cmd-1').digest('base64url'));
    expect(await new ResolveLinks(pool, { resolveLinkSecret: CONFIGURED }).keyFor('v-1', 'cmd-1')).toBe(key);
    expect(await links.keyFor('v-1', 'cmd-2')).not.toBe(key);
    expect(await storedSecrets()).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('fall back to a secret generated once into the database, the same after a restart, with a warning at start', async () => {
    const first = new ResolveLinks(pool, {});
    first.onModuleInit();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('RESOLVE_LINK_SECRET is not set'));
    // Two processes starting at once agree on one secret.
    const [a, b] = await Promise.all([first.keyFor('v-1', 'cmd-1'), new ResolveLinks(pool, {}).keyFor('v-1', 'cmd-1')]);
    expect(a).toBe(b);
    // A restart (a new instance, nothing cached) derives the same key: links already mailed keep working.
    const afterRestart = new ResolveLinks(pool, {});
    expect(await afterRestart.keyFor('v-1', 'cmd-1')).toBe(a);
    expect(await afterRestart.hashFor('v-1', 'cmd-1')).toBe(await first.hashFor('v-1', 'cmd-1'));
    expect(await storedSecrets()).toBe(1);
    // And it is not the configured one.
    expect(a).not.toBe(await new ResolveLinks(pool, { resolveLinkSecret: CONFIGURED }).keyFor('v-1', 'cmd-1'));
  });
});
