import { ConfigError, loadConfig } from './load-config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

describe('loadConfig', () => {
  it('fills defaults for the embedded topology', () => {
    const c = loadConfig(base);
    expect(c.port).toBe(3000);
    expect(c.eventStore).toEqual({ kind: 'postgres' });
    expect(c.queue).toEqual({ kind: 'postgres' });
    expect(c.mail).toEqual({ kind: 'outbox' });
    expect(c.seedDemo).toBe(true);
  });

  it('chooses the full-topology adapters from their URLs', () => {
    const c = loadConfig({
      ...base,
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://mailpit:1025',
    });
    expect(c.eventStore).toEqual({ kind: 'eventstoredb', url: 'esdb://eventstore:2113?tls=false' });
    expect(c.queue).toEqual({ kind: 'bullmq', redisUrl: 'redis://redis:6379' });
    expect(c.mail).toEqual({ kind: 'smtp', url: 'smtp://mailpit:1025' });
  });

  it('names every bad variable in one error', () => {
    expect.assertions(3);
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://nope', SEED_DEMO: 'maybe' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toContain('DATABASE_URL is required');
      expect(msg).toMatch(/PORT[\s\S]*REDIS_URL must be a URL starting with redis:\/\/[\s\S]*SEED_DEMO must be true or false/);
    }
  });
});
