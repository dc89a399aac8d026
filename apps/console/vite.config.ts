import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The API serves the built console under /console/; in development Vite does, forwarding the API's paths so the
// browser still sees one origin.
const apiTarget = process.env.CREDENCE_API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/v1', '/admin', '/health', '/docs'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  root: here('.'),
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: here('./src/') },
      { find: '@credence/domain', replacement: here('../../libs/domain/src/index.ts') },
      { find: '@credence/read-models', replacement: here('../../libs/read-models/src/index.ts') },
      { find: '@credence/api-contract', replacement: here('../../libs/api-contract/src/index.ts') },
    ],
  },
  build: {
    outDir: here('../../dist/apps/console'),
    emptyOutDir: true,
    // react-admin is large and changes rarely: its own chunks stay cached across console releases.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)/ },
            {
              name: 'react-admin',
              test: /node_modules[\\/](react-admin|ra-[a-z-]+|@tanstack|react-hook-form|lodash)/,
            },
          ],
        },
      },
    },
  },
  server: { port: 4300, strictPort: true, proxy },
  preview: { port: 4301, proxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    env: { TZ: 'UTC' },
    // Whole-console renders with react-admin take a few seconds each on two cores.
    testTimeout: 30_000,
  },
});
