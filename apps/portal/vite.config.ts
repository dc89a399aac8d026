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
            // @mui/x-charts is not part of it: the charts load lazily with the routes that draw them. entriesAware
            // splits the group by which entries (the app and each lazy screen) use a module: one MUI chunk would put
            // every component any screen uses into the first download (242 KB gz of the 250 KB budget with only the
            // account and registration screens built); this way a component comes with the screens that use it,
            // still apart from the app's own code. Subgroups under 24 KB join their nearest neighbour.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group|stylis)/,
              entriesAware: true,
              entriesAwareMergeThreshold: 24 * 1024,
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
