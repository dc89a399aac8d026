import { z } from 'zod';
import type { PaymentSettings } from './payment-settings';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const url = (protocols: string[]) =>
  z
    .string()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`);

/**
 * Every setting the API reads, with its default. The README's configuration table mirrors this list.
 * DATABASE_URL is required here: `npm start` and `npm test` start an embedded PostgreSQL and pass its URL
 * when none is given.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  EVENTSTORE_URL: url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrent']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http', 'https']).optional(),
  OTEL_SERVICE_NAME: z.string().default('credence-api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RESOLVE_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUDIT_SIGNING_KEY: z.string().min(1).optional(),
  AUDIT_CHECKPOINT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  PUBLIC_URL: url(['http', 'https']).optional(),
  STAFF_DOMAIN: z.string().default('credence.test'),
  SEED_DEMO: bool(true),
  TRUST_PROXY: z.string().default('loopback'),
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(0),
  WEB_ROOT: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  STUCK_WORK_SWEEP_MS: z.coerce.number().int().min(0).default(60000),
  STUCK_WORK_AGE_MS: z.coerce.number().int().min(1000).default(120000),
  BRAINTREE_MERCHANT_ID: z.string().optional(),
  BRAINTREE_PUBLIC_KEY: z.string().optional(),
  BRAINTREE_PRIVATE_KEY: z.string().optional(),
  BRAINTREE_ENVIRONMENT: z.string().optional(),
  BRAINTREE_MERCHANT_ACCOUNT_IDS: z.string().optional(),
  ACCOUNT_MANAGER_EMAIL: z.string().email('must be an e-mail address').optional(),
  BLOB_DIR: z.string().default('.data/blobs'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SEARCH_ENGINE: z.enum(['in-process', 'meilisearch']).default('in-process'),
  MEILISEARCH_URL: url(['http', 'https']).optional(),
  MEILISEARCH_KEY: z.string().min(1).optional(),
  MEILISEARCH_INDEX: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, 'must be letters, digits, - and _ (a Meilisearch index name)').default('institutes'),
  CHROMIUM_PATH: z.string().min(1).optional(),
  PUPPETEER_EXECUTABLE_PATH: z.string().min(1).optional(),
  PDF_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(2),
  PDF_BROWSER_MAX_RENDERS: z.coerce.number().int().min(1).default(500),
  PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: RawConfig['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  database: { url: string; poolSize: number };
  eventStore: { kind: 'postgres' } | { kind: 'eventstoredb'; url: string };
  queue: { kind: 'postgres' } | { kind: 'bullmq'; redisUrl: string };
  mail: { kind: 'outbox' } | { kind: 'smtp'; url: string };
  tracing: { serviceName: string; otlpEndpoint?: string };
  logLevel: RawConfig['LOG_LEVEL'];
  /** HS256 key of session tokens. Required in production; elsewhere a random one per process when unset. */
  jwtSecret: string;
  jwtSecretGenerated: boolean;
  /**
   * HMAC key of institutes' resolve links. Required in production; elsewhere, when unset, a secret generated once
   * into the database (server_secrets) so links keep working across restarts.
   */
  resolveLinkSecret?: string;
  accessTokenTtlSeconds: number;
  /**
   * Audit checkpoints: the Ed25519 private key (PKCS#8 PEM) that signs them, required in production; elsewhere a key
   * per process when unset (`npm start` generates one into .data/). Interval 0: no periodic checkpoints.
   */
  audit: { signingKeyPem?: string; checkpointIntervalSeconds: number };
  staffDomain: string;
  seedDemo: boolean;
  trustProxy: string;
  /** Strict-Transport-Security max-age in seconds; 0 (the default) sends none: set it only where TLS ends in front of the app. */
  hstsMaxAge: number;
  webRoot?: string;
  shutdownTimeoutMs: number;
  /**
   * The stuck-work sweep (StuckChecksSweeper): how often it looks (0: never) for automatic and identity checks begun
   * longer than ageMs ago, whose jobs a queue that lost its data (Redis without persistence) may have lost.
   */
  stuckWork: { sweepEveryMs: number; ageMs: number };
  /** Card payments: Braintree when its three credentials are set, otherwise the sandbox provider. */
  payments: PaymentSettings;
  /** Where Order Credits requests go. */
  accountManagerEmail: string;
  /** Where uploaded documents' bytes live: a folder by default, an S3-compatible bucket when S3_BUCKET is set. */
  blobs:
    | { kind: 'local'; root: string }
    | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** PDF rendering: one headless Chromium with a pool of pages, started at the first render. */
  pdf: PdfSettings;
  /**
   * The typo-tolerant institute search: an index in each API process by default, or a Meilisearch server
   * (SEARCH_ENGINE=meilisearch, MEILISEARCH_URL, MEILISEARCH_KEY) shared by every replica.
   */
  search: { kind: 'in-process' } | { kind: 'meilisearch'; url: string; apiKey?: string; indexUid: string };
}

export interface PdfSettings {
  /** CHROMIUM_PATH, else PUPPETEER_EXECUTABLE_PATH; unset: the system chromium is looked for. */
  executablePath?: string;
  /** Which setting named the executable, for the error when it is missing. */
  executablePathSetting?: 'CHROMIUM_PATH' | 'PUPPETEER_EXECUTABLE_PATH';
  poolSize: number;
  /** The browser is replaced after this many renders (Chromium's memory grows slowly with use). */
  maxRendersPerBrowser: number;
  renderTimeoutMs: number;
}
