// Shared jest settings: swc with decorator metadata (NestJS DI needs it), the @credence/* libraries from source,
// and the ESM-only packages (pg-boss, node-pg-migrate, meilisearch and friends) transformed so CommonJS tests can load them.
const path = require('node:path');
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(pg-boss|serialize-error|non-error|cron-parser|luxon|puppeteer|puppeteer-core|@puppeteer|chromium-bidi|node-pg-migrate|meilisearch)/)'],
  moduleNameMapper: {
    '^@credence/domain$': path.join(__dirname, 'libs/domain/src/index.ts'),
    '^@credence/read-models$': path.join(__dirname, 'libs/read-models/src/index.ts'),
    '^@credence/api-contract$': path.join(__dirname, 'libs/api-contract/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
