// `npm run bench -- portal-bundle [--no-build] [--no-baseline]`: builds the portal and prints, as JSON lines on stdout,
// every emitted JavaScript chunk {chunk, bytes, gzipBytes, initial}, the same build without code splitting as the
// baseline, and a summary against the budget of issue 13: the initial JavaScript (what /login and /home load before
// any lazy chunk: the entry and its static imports, i.e. index.html's script and modulepreload tags) at most
// 250 KB gzipped, and no lazy chunk over 200 KB gzipped. Exits 1 when over budget. Progress goes to stderr.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { log, root } from './lib.mjs';

const BUDGET = 250 * 1024;
const LAZY_BUDGET = 200 * 1024;
const args = new Set(process.argv.slice(2));
const config = path.join(root, 'apps/portal/vite.config.ts');
const outDir = path.join(root, 'dist/apps/portal');
// Route screens whose first load is worth a line of its own: the two pages the budget names.
const ROUTES = { '/login': 'src/features/auth/components/LoginScreen.tsx', '/home': null };

const { build } = await import(path.join(root, 'node_modules/vite/dist/node/index.js'));

async function viteBuild(overrides) {
  const started = performance.now();
  await build({ configFile: config, logLevel: 'silent', ...overrides });
  return Math.round(performance.now() - started);
}

const gzipSize = (buf) => gzipSync(buf).length;

async function sizeOf(dir, file) {
  const buf = await readFile(path.join(dir, file));
  return { bytes: buf.length, gzipBytes: gzipSize(buf) };
}

/** The entry chunk and every chunk it imports statically, following the manifest's `imports`. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

if (!args.has('--no-build')) {
  log('building the portal (vite build)...');
  log(`  built in ${await viteBuild({})} ms`);
}
const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const initialKeys = staticClosure(manifest, entries);
const initialFiles = new Set([...initialKeys].map((k) => manifest[k].file));

// index.html must ask for exactly these (its script and modulepreload tags): otherwise the figure is not what a browser loads.
const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
const requested = new Set(
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  ),
);
const mismatch = [...initialFiles]
  .filter((f) => !requested.has(f))
  .concat([...requested].filter((f) => !initialFiles.has(f)));
if (mismatch.length)
  log(`warning: index.html and the manifest disagree on the initial chunks: ${mismatch.join(', ')}`);

const files = (await readdir(path.join(outDir, 'assets')))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const sizes = new Map();
for (const file of files.sort()) {
  const size = await sizeOf(outDir, file);
  sizes.set(file, size);
  process.stdout.write(`${JSON.stringify({ chunk: file, ...size, initial: initialFiles.has(file) })}\n`);
}

const sum = (list, key) => list.reduce((a, f) => a + (sizes.get(f)?.[key] ?? 0), 0);
const initial = [...initialFiles];
const lazy = files.filter((f) => !initialFiles.has(f));
const largestLazy = lazy.reduce(
  (best, f) => (sizes.get(f).gzipBytes > (best ? sizes.get(best).gzipBytes : -1) ? f : best),
  null,
);

// A route's first load: the initial chunks plus its screen's chunk and whatever that imports that is not loaded yet.
for (const [route, src] of Object.entries(ROUTES)) {
  const extra = src
    ? [...staticClosure(manifest, [src])].map((k) => manifest[k].file).filter((f) => !initialFiles.has(f))
    : [];
  const all = [...initial, ...extra];
  process.stdout.write(
    `${JSON.stringify({ route, chunks: all.length, bytes: sum(all, 'bytes'), gzipBytes: sum(all, 'gzipBytes') })}\n`,
  );
}

let baseline;
if (!args.has('--no-baseline')) {
  // The same build with code splitting off (every dynamic import inlined): what the portal would send without it.
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-nosplit-'));
  try {
    log('building the baseline without code splitting...');
    await viteBuild({
      build: {
        outDir: dir,
        emptyOutDir: true,
        manifest: false,
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    const js = (await readdir(path.join(dir, 'assets'))).filter((f) => f.endsWith('.js'));
    let bytes = 0;
    let gzipBytes = 0;
    for (const f of js) {
      const s = await sizeOf(dir, `assets/${f}`);
      bytes += s.bytes;
      gzipBytes += s.gzipBytes;
    }
    baseline = { chunks: js.length, bytes, gzipBytes };
    process.stdout.write(`${JSON.stringify({ baseline: 'no code splitting', ...baseline })}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const initialGzipBytes = sum(initial, 'gzipBytes');
const largestLazyGzipBytes = largestLazy ? sizes.get(largestLazy).gzipBytes : 0;
const ok = initialGzipBytes <= BUDGET && largestLazyGzipBytes <= LAZY_BUDGET;
const summary = {
  initialChunks: initial.length,
  initialBytes: sum(initial, 'bytes'),
  initialGzipBytes,
  budget: BUDGET,
  lazyChunks: lazy.length,
  largestLazyChunk: largestLazy,
  largestLazyGzipBytes,
  lazyBudget: LAZY_BUDGET,
  ...(baseline
    ? {
        baselineGzipBytes: baseline.gzipBytes,
        initialRatio: Math.round((initialGzipBytes / baseline.gzipBytes) * 1000) / 1000,
      }
    : {}),
  ok,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(ok ? 0 : 1);
