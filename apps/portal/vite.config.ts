import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// In development the portal runs on its own port and forwards the API's paths, so the browser still sees one
// origin (as in production, where the API serves the built portal) and tokens never cross origins.
const apiTarget = process.env.CREDENCE_API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/v1', '/admin', '/health', '/docs'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  root: here('.'),
  base: '/',
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
    outDir: here('../../dist/apps/portal'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks the entry loads statically (the initial download) and which load lazily;
    // tools/bench/portal-bundle.mjs measures both against the budget.
    manifest: true,
    // The framework changes far less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // MUI (not @mui/x-charts: charts load lazily with the routes that draw them), only as far as the first
            // download uses it ($initial: statically imported from the entry). A component that only lazy screens use
            // goes with them: one group of all MUI put every component of every screen in the first download (242 KB
            // gz of the 250 KB budget with two screens built). entriesAware splitting was tried and is not safe here:
            // it split emotion across chunks and the page failed to start (reading '__emotion_styles' of undefined).
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group|stylis)/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: { port: 4200, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    env: { TZ: 'UTC' },
    // Whole-screen tests type into MUI forms under jsdom: seconds each on a two-core machine.
    testTimeout: 20_000,
  },
});
