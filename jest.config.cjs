// One jest run for the Node projects (api and libs). Integration tests get a real PostgreSQL from the global setup:
// the one in DATABASE_URL when given, otherwise an embedded one started for the run.
const preset = require('./jest.preset.cjs');
module.exports = {
  globalSetup: '<rootDir>/tools/test/global-setup.mjs',
  globalTeardown: '<rootDir>/tools/test/global-teardown.mjs',
  testTimeout: 60000,
  projects: [
    { ...preset, displayName: 'domain', rootDir: '<rootDir>/libs/domain', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...preset, displayName: 'read-models', rootDir: '<rootDir>/libs/read-models', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...preset, displayName: 'tools', rootDir: '<rootDir>/tools', testMatch: ['<rootDir>/**/*.spec.ts'] },
    {
      ...preset,
      displayName: 'api',
      rootDir: '<rootDir>/apps/api',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      setupFiles: ['<rootDir>/test/setup-env.ts'],
    },
  ],
};
