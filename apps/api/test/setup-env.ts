// Tests run in UTC with quiet logs; DATABASE_URL comes from the global setup (tools/test/global-setup.mjs).
process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV = 'test';
