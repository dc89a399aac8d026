import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import moduleBoundaries from './tools/lint/module-boundaries.rule.mjs';

const frameworks = ['@nestjs/*', 'typeorm', 'pg', 'pg-boss', 'bullmq', 'ioredis', 'express', 'react', 'react-*', '@mui/*', 'react-admin', 'ra-*', '@eventstore/*', 'puppeteer*'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'tmp/**', '.nx/**', '.tools/**', '**/*.timestamp-*'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // The layering of CONVENTIONS.md, enforced: the domain depends on nothing but itself and no framework,
      // read models only on the domain, apps on libraries but never on each other.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: [...frameworks, 'node:*', 'fs', 'http', 'crypto'],
            },
            {
              sourceTag: 'type:read-model',
              onlyDependOnLibsWithTags: ['type:domain', 'type:read-model'],
              bannedExternalImports: frameworks,
            },
            {
              // Response types only: what the API answers, shared by its presenters, the portal and the console.
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: ['type:domain', 'type:read-model', 'type:contract'],
              bannedExternalImports: frameworks,
            },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:read-model', 'type:contract'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules from CONVENTIONS.md: promises are awaited or voided, switches over unions are exhaustive.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Only the config module reads the environment.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/**', '**/*.spec.ts', '**/*.contract.ts', '**/pg-test-database.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through AppConfig (apps/api/src/config).' }],
    },
  },
  {
    // Boundaries inside the API (CONVENTIONS.md, apps/api): another module only through its index.ts (or its Nest
    // *.module.ts, for module wiring); no controller imports the event store. Proved by
    // tools/lint/module-boundaries.int.spec.ts.
    files: ['apps/api/src/modules/*/**/*.ts'],
    plugins: { credence: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'credence/module-boundaries': 'error' },
  },
  prettier,
];
