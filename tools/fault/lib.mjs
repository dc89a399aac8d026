// Shared by the fault scenarios: a throw-away embedded PostgreSQL that can be stopped and started again on the same
// port, the compiled API as a child process that can be killed with SIGKILL and started again on the same database,
// demo sign-ins, the submission body, and the checks against the database.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../embedded-postgres.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const pg = createRequire(path.join(root, 'package.json'))('pg');
export const log = (msg) => process.stderr.write(`[fault] ${msg}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const DEMO_PASSWORD = 'Demo-pass1';

/** Every process below a process (children, theirs, ...), read from /proc: what a hard timeout must kill. */
export function descendantsOf(rootPid) {
  const parents = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const below = (pid) => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === rootPid) return true;
    return false;
  };
  return [...parents.keys()].filter(below);
}

export function buildApi() {
  const r = spawnSync(path.join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--projects=domain,read-models,api', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
  if (r.status !== 0) throw new Error('the API did not build');
}

/** PostgreSQL in a temp folder on a fixed port, so it can be stopped and started again under a running API. */
export async function database() {
  const dir = await mkdtemp(path.join(tmpdir(), 'credence-fault-'));
  const port = await freePort();
  let server = await startEmbeddedPostgres({ dataDir: dir, persistent: true, port });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE credence_fault');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/credence_fault';
  return {
    url: url.toString(),
    stop: async () => server.stop(),
    start: async () => {
      server = await startEmbeddedPostgres({ dataDir: dir, persistent: true, port });
    },
    destroy: async () => {
      await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const secrets = { jwt: randomBytes(48).toString('base64url'), audit: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) };

/** The compiled API on the database, seeded with the demo; resolves once /health answers. */
export async function startApi(databaseUrl, { port, env = {} } = {}) {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      JWT_SECRET: secrets.jwt,
      AUDIT_SIGNING_KEY: secrets.audit,
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'error',
      DATABASE_POOL_SIZE: '30',
      ...env,
      // FAULT_API_NODE_OPTIONS: node options for the API only (e.g. --cpu-prof --cpu-prof-dir=DIR to profile a scenario).
      ...(process.env.FAULT_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.FAULT_API_NODE_OPTIONS } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${chosen}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before it was ready`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 240_000) throw new Error('the API was not ready within 240 s');
    await sleep(200);
  }
  return {
    base,
    port: chosen,
    pid: child.pid,
    readyMs: Date.now() - started,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill9: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        process.kill(child.pid, 'SIGKILL');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(base, username) {
  const res = await fetch(`${base}/v1/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get('x-auth-token');
}

export const randomIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A card-paid degree check at University of Demo (its demo records), with its own reference. */
export const submission = (reference, { inRecords = true } = {}) => ({
  instituteId: 'uni-demo',
  type: 'UNI',
  fields: inRecords
    ? { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12', qualification: 'BSc (Hons)', course: 'Computer Science', gradYear: 2017, studentId: 'UD100001' }
    : { firstname: 'Zed', surname: 'Nobody', dob: '1990-01-01', qualification: 'MBA', course: 'Business Administration', gradYear: 2015 },
  customerReference: reference,
  documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', data: `data:application/pdf;base64,${PDF.toString('base64')}`, filename: 'consent.pdf' }],
  consent: true,
  creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' },
});

/** One submission with its key; never throws: the outcome says what the client saw. */
export async function submit(base, token, reference, key, { timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/v1/verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-AUTH-TOKEN': token, 'Idempotency-Key': key },
      body: JSON.stringify(submission(reference)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.json().catch(() => null);
    return { status: res.status, body, ms: performance.now() - started, replayed: res.headers.get('idempotent-replayed') === 'true' };
  } catch (e) {
    return { status: 0, error: String(e?.cause?.code ?? e?.name ?? e), ms: performance.now() - started };
  }
}

/** Per customer reference: how many verification streams exist, and how many payments each verification got. */
export async function ledger(databaseUrl, prefix) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const streams = await client.query(
      `SELECT data->>'customerReference' AS ref, count(DISTINCT stream_name)::int AS n, array_agg(DISTINCT stream_name) AS streams
         FROM es_events WHERE stream_name LIKE 'verification-%' AND data->>'customerReference' LIKE $1 GROUP BY 1`,
      [`${prefix}%`],
    );
    const paid = await client.query(
      `SELECT stream_name, count(*)::int AS n FROM es_events WHERE type = 'VerificationPaid' AND stream_name = ANY($1) GROUP BY 1`,
      [streams.rows.flatMap((r) => r.streams)],
    );
    return {
      byRef: new Map(streams.rows.map((r) => [r.ref, r.n])),
      paymentsByStream: new Map(paid.rows.map((r) => [r.stream_name, r.n])),
      streams: streams.rows.flatMap((r) => r.streams),
    };
  } finally {
    await client.end();
  }
}

/**
 * Keyed requests (correlation id idem-*) that committed events somewhere (the credit ledger: a hold, a card
 * charge) but no verification: what a client that was told "answer lost" has to live with.
 */
export async function keyedWithoutVerification(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT metadata->>'correlationId' AS correlation, array_agg(DISTINCT type ORDER BY type) AS types
         FROM es_events e
        WHERE metadata->>'correlationId' LIKE 'idem-%'
          AND NOT EXISTS (SELECT 1 FROM es_events v WHERE v.stream_name LIKE 'verification-%' AND v.metadata->>'correlationId' = e.metadata->>'correlationId')
        GROUP BY 1`,
    );
    return rows.map((r) => r.types.join('+'));
  } finally {
    await client.end();
  }
}

/** An order-independent checksum of every read-model table of the projection catalog. */
export async function readModelChecksums(databaseUrl) {
  const { projectionCatalog } = createRequire(import.meta.url)(path.join(root, 'dist/apps/api/projection-catalog'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out = {};
    for (const d of projectionCatalog) {
      const table = d.table.name;
      const r = await client.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS sum FROM "${table}" t`);
      out[table] = `${r.rows[0].n}:${r.rows[0].sum}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Waits until every projection's checkpoint has reached the store's head (nothing left to project). */
export async function projectionsCaughtUp(databaseUrl, timeoutMs = 120_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const deadline = Date.now() + timeoutMs;
  try {
    let last = '';
    let stable = 0;
    for (;;) {
      const sums = JSON.stringify(await readModelChecksums(databaseUrl));
      stable = sums === last ? stable + 1 : 0;
      last = sums;
      if (stable >= 3) return;
      if (Date.now() > deadline) throw new Error('read models still changing');
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
}

/** Copies every read-model table aside (fault_live_*), so rows can be compared with a rebuild afterwards. */
export async function snapshotReadModels(databaseUrl) {
  const { projectionCatalog } = createRequire(import.meta.url)(path.join(root, 'dist/apps/api/projection-catalog'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const d of projectionCatalog) {
      await client.query(`DROP TABLE IF EXISTS "fault_live_${d.table.name}"`);
      await client.query(`CREATE TABLE "fault_live_${d.table.name}" AS SELECT * FROM "${d.table.name}"`);
    }
  } finally {
    await client.end();
  }
}

/** Up to `limit` rows of each table found only in the live copy, and only in the rebuilt table. */
export async function readModelDifferences(databaseUrl, tables, limit = 3) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out = {};
    for (const t of tables) {
      const only = async (a, b) =>
        (await client.query(`SELECT to_jsonb(x) AS row FROM (SELECT * FROM "${a}" EXCEPT ALL SELECT * FROM "${b}") x LIMIT ${limit}`)).rows.map((r) => r.row);
      const count = async (a, b) => (await client.query(`SELECT count(*)::int AS n FROM (SELECT * FROM "${a}" EXCEPT ALL SELECT * FROM "${b}") x`)).rows[0].n;
      out[t] = {
        onlyLive: await count(`fault_live_${t}`, t),
        onlyRebuilt: await count(t, `fault_live_${t}`),
        liveRows: await only(`fault_live_${t}`, t),
        rebuiltRows: await only(t, `fault_live_${t}`),
      };
    }
    return out;
  } finally {
    await client.end();
  }
}

export function rebuildAll(databaseUrl) {
  const r = spawnSync(process.execPath, [path.join(root, 'tools/projections-rebuild.mjs'), '--all'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('projections:rebuild failed');
}

export const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
export const round = (v) => (v === null || v === undefined ? v : Math.round(v * 10) / 10);
