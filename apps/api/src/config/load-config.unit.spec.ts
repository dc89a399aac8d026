import { generateKeyPairSync } from 'node:crypto';
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
    expect(c.stuckWork).toEqual({ sweepEveryMs: 60000, ageMs: 120000 });
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

  it('keeps documents in a folder by default and in an S3-compatible bucket when one is named', () => {
    expect(loadConfig(base).blobs).toEqual({ kind: 'local', root: expect.stringMatching(/[/\\]\.data[/\\]blobs$/) });
    expect(loadConfig({ ...base, BLOB_DIR: '/var/credence/blobs' }).blobs).toEqual({ kind: 'local', root: '/var/credence/blobs' });
    const s3 = loadConfig({ ...base, S3_BUCKET: 'docs', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(s3.blobs).toEqual({ kind: 's3', bucket: 'docs', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'docs' })).toThrow(/S3_ENDPOINT is required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY is required/);
  });

  it('searches institutes in process by default and in Meilisearch when chosen, which then needs its URL', () => {
    expect(loadConfig(base).search).toEqual({ kind: 'in-process' });
    expect(loadConfig({ ...base, SEARCH_ENGINE: 'meilisearch', MEILISEARCH_URL: 'http://meilisearch:7700', MEILISEARCH_KEY: 'k' }).search).toEqual({
      kind: 'meilisearch',
      url: 'http://meilisearch:7700',
      apiKey: 'k',
      indexUid: 'institutes',
    });
    expect(() => loadConfig({ ...base, SEARCH_ENGINE: 'meilisearch' })).toThrow(/MEILISEARCH_URL is required when SEARCH_ENGINE is meilisearch/);
    expect(() => loadConfig({ ...base, SEARCH_ENGINE: 'opensearch' })).toThrow(/SEARCH_ENGINE/);
    expect(() => loadConfig({ ...base, MEILISEARCH_INDEX: 'a b"' })).toThrow(/MEILISEARCH_INDEX must be letters, digits/);
  });

  it('takes the resolve-link secret from RESOLVE_LINK_SECRET, required in production like JWT_SECRET', () => {
    const secret = 'r'.repeat(32);
    expect(loadConfig(base).resolveLinkSecret).toBeUndefined();
    expect(loadConfig({ ...base, RESOLVE_LINK_SECRET: secret }).resolveLinkSecret).toBe(secret);
    expect(() => loadConfig({ ...base, RESOLVE_LINK_SECRET: 'short' })).toThrow(/RESOLVE_LINK_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32) })).toThrow(
      /RESOLVE_LINK_SECRET is required in production/,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), RESOLVE_LINK_SECRET: secret, AUDIT_SIGNING_KEY: auditKey() }).resolveLinkSecret,
    ).toBe(secret);
  });

  it('takes the audit signing key from AUDIT_SIGNING_KEY (Ed25519 PEM, escaped newlines too), required in production', () => {
    const pem = auditKey();
    expect(loadConfig({ ...base, AUDIT_SIGNING_KEY: pem }).audit).toEqual({ signingKeyPem: pem, checkpointIntervalSeconds: 60 });
    expect(loadConfig({ ...base, AUDIT_SIGNING_KEY: pem.replace(/\n/g, '\\n') }).audit.signingKeyPem).toBe(pem);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ ...base, AUDIT_SIGNING_KEY: rsa })).toThrow(/AUDIT_SIGNING_KEY must be an Ed25519 private key/);
    expect(() => loadConfig({ ...base, AUDIT_SIGNING_KEY: 'not a key' })).toThrow(/AUDIT_SIGNING_KEY must be an Ed25519 private key/);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), RESOLVE_LINK_SECRET: 'r'.repeat(32) }),
    ).toThrow(/AUDIT_SIGNING_KEY is required in production/);
    expect(loadConfig({ ...base, AUDIT_CHECKPOINT_INTERVAL_SECONDS: '5' }).audit.checkpointIntervalSeconds).toBe(5);
  });
});

const auditKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
