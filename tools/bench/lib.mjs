// Shared by the benchmarks: a database to measure on, figures as JSON lines, percentiles.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded-postgres.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
/** The compiled API (CommonJS), e.g. api('infrastructure/event-store/postgres-event-store'). */
export const api = (p) => createRequire(import.meta.url)(path.join(root, 'dist/apps/api', p));
export const pg = createRequire(path.join(root, 'package.json'))('pg');

/** DATABASE_URL's server when given (a fresh database on it), otherwise a throw-away embedded PostgreSQL. */
export async function benchDatabase(label) {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => undefined;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'credence-bench-'));
    // BENCH_DURABLE=1: fsync on, as a production database runs (commits wait for the disk); default off, as tests.
    const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false, durable: process.env.BENCH_DURABLE === '1' });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `credence_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await stopServer();
    },
  };
}

export function figure(name, params, value, unit, baseline) {
  const line = { name, params, value: round(value), unit };
  if (baseline !== undefined) Object.assign(line, { baseline: round(baseline), ratio: round(value / baseline, 3) });
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export const log = (msg) => process.stderr.write(`${msg}\n`);
const round = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const event = (type, i, extra = {}) => ({
  type,
  schemaVersion: 1,
  data: { i },
  metadata: {
    eventId: crypto.randomUUID(),
    correlationId: 'bench',
    causationId: 'bench',
    actor: 'system:bench',
    occurredAt: new Date().toISOString(),
    ...extra,
  },
});

/**
 * The compiled API on a fresh bench database, seeded with the demo data and listening on an ephemeral port of
 * 127.0.0.1, for benchmarks that measure over HTTP. stop() closes the app and drops the database.
 */
export async function startBenchApp(label, { dbPool = 30, extraModules = [] } = {}) {
  const { createApp } = api('bootstrap');
  const { loadConfig } = api('config/load-config');
  const { PG_POOL } = api('infrastructure/database/database.tokens');
  const db = await benchDatabase(label);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_POOL_SIZE: String(dbPool),
  });
  const app = await createApp(config, { serveWeb: false, extraModules });
  await app.listen(0, '127.0.0.1');
  return {
    app,
    base: `http://127.0.0.1:${app.getHttpServer().address().port}`,
    pool: app.get(PG_POOL),
    async stop() {
      await app.close();
      await db.drop();
    },
  };
}

/** A session token for the bench's caller: an Acme user paying by card, with any claims overridden. */
export function benchToken(app, claims = {}) {
  const { TokenService } = api('common/auth/token.service');
  return app.get(TokenService).sign({
    sub: 'bench@acme.test', uid: 'bench', cid: 'acme', iid: null, sid: 'bench', imp: null, paymentType: 'CARD',
    vatPayer: true, tcsVersion: 3, interuptMessageAck: '2020-01-01', refRequired: false, refLabel: null,
    appRefLabel: null, hasApplicants: false, inviteApplicants: false, hasReferrals: false, isIndividual: false,
    isApplicant: false, applicantPays: false, isAvatar: false, allowedTypes: 'null', ownerLogo: null, partnerLogo: null,
    authorities: [{ authority: 'ROLE_USER' }], hasCountryAccess: false, hasAnalyticsAccess: false,
    hasReportsAccess: false, startHome: '/home', hasDiscount: false, currency: 'GBP', sharingDisabled: false,
    accreditationEnabled: false, showDeleted: false, idCount: 0,
    ...claims,
  }).token;
}

/** CPU time (user + system, ms) of this process so far. */
export const nodeCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * CPU time (user + system, ms) of the embedded PostgreSQL below this process: every `postgres` process descending
 * from it, with the children it has reaped (exited backends). Load-independent, like /proc thread CPU. NaN with
 * DATABASE_URL (a server not ours: other work would count) or off Linux.
 */
export function postgresCpuMs() {
  if (process.env.DATABASE_URL) return NaN;
  const procs = [];
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return NaN;
  }
  for (const pid of names) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      procs.push({ pid: Number(pid), ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // exited meanwhile
    }
  }
  const below = new Set([process.pid]);
  let ticks = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        if (p.comm === 'postgres') ticks += p.ticks;
        grew = true;
      }
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The script of autocannonInChild's child: JSON options in argv[1], JSON results on stdout. */
const AUTOCANNON_CHILD = `
const autocannon = require('autocannon');
const { paths, ...opts } = JSON.parse(process.argv[1]);
let n = 0;
const latencies = [];
let errors = 0;
let lastError = null;
const cpu0 = process.cpuUsage();
const requests = paths ? [{ method: opts.method ?? 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }] : undefined;
const instance = autocannon({ ...opts, timeout: 10, ...(requests ? { requests } : {}) }, (err, r) => {
  if (err) { console.error(err); process.exit(1); }
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ latencies, errors: errors + r.errors + r.timeouts, lastError, cpuMs: (cpu.user + cpu.system) / 1000 }));
});
instance.on('response', (client, statusCode, bytes, ms) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  else { errors++; lastError = String(statusCode); }
});
`;

/**
 * autocannon in a child process, so the load generator's CPU is not the bench's own and costs the server little
 * (0.1-0.5 ms of CPU per request, against 0.8-2 ms for fetch() in worker threads). `opts` are autocannon's (url,
 * method, headers, body, connections, duration), plus `paths`: each request takes the next of these paths in turn.
 * Answers { latencies (ms, 2xx only), errors (non-2xx, errors and timeouts), lastError, cpuMs (the child's) }.
 */
export function autocannonInChild(opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', AUTOCANNON_CHILD, JSON.stringify(opts)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

/**
 * Puts a projection's checkpoint at `head` (its checkpoint row made if new), so a runner started now has only what
 * is appended after it to do.
 */
export async function checkpointAt(pool, projection, head) {
  const { ensureCheckpoint } = api('infrastructure/projections/projection-checkpoints');
  await ensureCheckpoint(pool, projection.name, projection.version);
  await pool.query('UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3 WHERE name = $1', [
    projection.name,
    head.commit.toString(),
    head.prepare.toString(),
  ]);
}

/**
 * The lag from append to a projection runner's read model: call `appended(position, started, appendedAt)` as each
 * append answers; each latency (from `started`) and time after the append's answer (from `appendedAt`) is recorded
 * when the runner reports it live at or past that position (an append already projected counts at once).
 */
export function trackProjectionLag(runner) {
  const { comparePositions } = api('infrastructure/event-store/event-store.port');
  const pending = []; // { position, started, appended }, sorted by position
  const latencies = [];
  const afterAppend = [];
  runner.progress.on('live', (position) => {
    const now = performance.now();
    while (pending.length && comparePositions(pending[0].position, position) <= 0) {
      const p = pending.shift();
      latencies.push(now - p.started);
      afterAppend.push(now - p.appended);
    }
  });
  const appended = (position, started, appendedAt = performance.now()) => {
    if (runner.position && comparePositions(runner.position, position) >= 0) {
      latencies.push(appendedAt - started);
      afterAppend.push(0);
      return;
    }
    // Positions become visible in commit order; keep pending sorted by position.
    let k = pending.length;
    while (k > 0 && comparePositions(pending[k - 1].position, position) > 0) k--;
    pending.splice(k, 0, { position, started, appended: appendedAt });
  };
  return { latencies, afterAppend, appended };
}

/**
 * Appends `rate` events/s for `seconds` seconds, one event per append with expected revision 'any', paced on a 5 ms
 * tick. `next(i)` gives the i-th append's `[stream, event]`; with `inStreamOrder`, an append waits for the one before
 * it on the same stream. onAppended(position, started, appended) after each. Answers the count, the elapsed seconds,
 * the most appends in flight at once, every append's latency (ms) and the furthest position appended.
 */
export async function appendSteadily(store, { rate, seconds, next, inStreamOrder = false, onAppended = () => undefined }) {
  const { comparePositions } = api('infrastructure/event-store/event-store.port');
  const total = Math.round(rate * seconds);
  const tails = new Map(); // stream -> the append before (inStreamOrder)
  const begin = performance.now();
  let sent = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let last = null;
  const done = [];
  const appendLatencies = [];
  const send = (stream, ev) => {
    const started = performance.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return store.append(stream, [ev], 'any').then((r) => {
      inFlight--;
      const appended = performance.now();
      appendLatencies.push(appended - started);
      if (!last || comparePositions(r.position, last) > 0) last = r.position;
      onAppended(r.position, started, appended);
    });
  };
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * rate));
      while (sent < due) {
        const [stream, ev] = next(sent++);
        const p = inStreamOrder ? (tails.get(stream) ?? Promise.resolve()).then(() => send(stream, ev)) : send(stream, ev);
        if (inStreamOrder) tails.set(stream, p);
        done.push(p);
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(done);
  return { total, elapsed: (performance.now() - begin) / 1000, maxInFlight, appendLatencies, last };
}
