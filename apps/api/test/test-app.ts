import type { INestApplication } from '@nestjs/common';
import { createApp, type CreateAppOptions } from '../src/bootstrap';
import { loadConfig } from '../src/config/load-config';
import type { AppConfig } from '../src/config/config.schema';

/** The real application on the test run's PostgreSQL, ready for supertest. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  extraModules: CreateAppOptions['extraModules'] = [],
): Promise<{ app: INestApplication; config: AppConfig }> {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', ...overrides });
  const app = await createApp(config, { serveWeb: false, extraModules });
  await app.init();
  return { app, config };
}
