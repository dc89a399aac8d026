import { createPrivateKey, randomBytes } from 'node:crypto';
import path from 'node:path';
import { paymentSettingsFromEnv, type PaymentSettings } from './payment-settings';
import { configSchema, type AppConfig } from './config.schema';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The one place that reads the environment. Everything else receives an AppConfig. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const message = issue.code === 'invalid_type' && env[name] === undefined ? 'is required' : issue.message;
        return `${name} ${message}`;
      }),
    );
  }
  const c = parsed.data;
  let payments: PaymentSettings;
  try {
    payments = paymentSettingsFromEnv(c as unknown as Record<string, string | undefined>);
  } catch (e) {
    throw new ConfigError([(e as Error).message]);
  }
  if (c.NODE_ENV === 'production') {
    const missing = (['JWT_SECRET', 'RESOLVE_LINK_SECRET', 'AUDIT_SIGNING_KEY'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(missing.map((k) => `${k} is required in production`));
  }
  if (c.AUDIT_SIGNING_KEY) {
    try {
      const key = createPrivateKey(c.AUDIT_SIGNING_KEY.replace(/\\n/g, '\n'));
      if (key.asymmetricKeyType !== 'ed25519') throw new Error(`is a ${key.asymmetricKeyType} key`);
    } catch (e) {
      throw new ConfigError([`AUDIT_SIGNING_KEY must be an Ed25519 private key in PKCS#8 PEM (${(e as Error).message})`]);
    }
  }
  if (c.S3_BUCKET) {
    const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(missing.map((k) => `${k} is required when S3_BUCKET is set`));
  }
  if (c.SEARCH_ENGINE === 'meilisearch' && !c.MEILISEARCH_URL) {
    throw new ConfigError(['MEILISEARCH_URL is required when SEARCH_ENGINE is meilisearch']);
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    database: { url: c.DATABASE_URL, poolSize: c.DATABASE_POOL_SIZE },
    eventStore: c.EVENTSTORE_URL ? { kind: 'eventstoredb', url: c.EVENTSTORE_URL } : { kind: 'postgres' },
    queue: c.REDIS_URL ? { kind: 'bullmq', redisUrl: c.REDIS_URL } : { kind: 'postgres' },
    mail: c.SMTP_URL ? { kind: 'smtp', url: c.SMTP_URL } : { kind: 'outbox' },
    tracing: { serviceName: c.OTEL_SERVICE_NAME, otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT },
    logLevel: c.LOG_LEVEL,
    jwtSecret: c.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretGenerated: !c.JWT_SECRET,
    resolveLinkSecret: c.RESOLVE_LINK_SECRET,
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    audit: {
      signingKeyPem: c.AUDIT_SIGNING_KEY?.replace(/\\n/g, '\n'),
      checkpointIntervalSeconds: c.AUDIT_CHECKPOINT_INTERVAL_SECONDS,
    },
    staffDomain: c.STAFF_DOMAIN,
    seedDemo: c.SEED_DEMO,
    trustProxy: c.TRUST_PROXY,
    hstsMaxAge: c.HSTS_MAX_AGE,
    webRoot: c.WEB_ROOT,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    stuckWork: { sweepEveryMs: c.STUCK_WORK_SWEEP_MS, ageMs: c.STUCK_WORK_AGE_MS },
    payments,
    accountManagerEmail: c.ACCOUNT_MANAGER_EMAIL ?? `accounts@${c.STAFF_DOMAIN}`,
    blobs: c.S3_BUCKET
      ? { kind: 's3', endpoint: c.S3_ENDPOINT!, bucket: c.S3_BUCKET, region: c.S3_REGION, accessKeyId: c.S3_ACCESS_KEY_ID!, secretAccessKey: c.S3_SECRET_ACCESS_KEY! }
      : { kind: 'local', root: path.resolve(c.BLOB_DIR) },
    pdf: {
      executablePath: c.CHROMIUM_PATH ?? c.PUPPETEER_EXECUTABLE_PATH,
      executablePathSetting: c.CHROMIUM_PATH ? 'CHROMIUM_PATH' : c.PUPPETEER_EXECUTABLE_PATH ? 'PUPPETEER_EXECUTABLE_PATH' : undefined,
      poolSize: c.PDF_POOL_SIZE,
      maxRendersPerBrowser: c.PDF_BROWSER_MAX_RENDERS,
      renderTimeoutMs: c.PDF_RENDER_TIMEOUT_MS,
    },
    search:
      c.SEARCH_ENGINE === 'meilisearch' && c.MEILISEARCH_URL
        ? { kind: 'meilisearch', url: c.MEILISEARCH_URL, apiKey: c.MEILISEARCH_KEY, indexUid: c.MEILISEARCH_INDEX }
        : { kind: 'in-process' },
  };
}
