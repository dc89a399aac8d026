// The API's per-request CPU floor (issues 18 and 23): what the HTTP stack (Express, Nest's guards, pipes and
// interceptors, passport-jwt, helmet, request ids, logging, tracing) costs per request, measured as CPU time of this
// process's main thread while autocannon, in its own process, drives one route over loopback. In the same run, on the
// same machine state, the baseline: a bare node:http server in this process answering the same JSON. Second, the
// same routes dispatched in process (a request object handed to the server, no socket, no HTTP parsing: the app's
// own pipeline), as the median of 5 slices of 2,000 requests: much less sensitive to the machine's other load than
// the socket figure, which on a busy 2-core machine can be 3x higher for the same code. Also the app's idle CPU
// (projection runners, queue polling), which the socket figures include spread over the requests.
//   npm run bench -- http-floor
//   BENCH_SECONDS (default 8), BENCH_CONNECTIONS (100), BENCH_LOG_LEVEL (info: one line per request, as in
//   production, written to /dev/null; 'silent' as the other benches), BENCH_PROFILE=<dir> (a .cpuprofile of each
//   app route's load window, and its top frames on stderr), BENCH_ROUTES (comma list of: bare,public,floor,summary)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import http, { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { api, benchDatabase, benchToken, figure, log, root } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const profileDir = process.env.BENCH_PROFILE;
const routes = (process.env.BENCH_ROUTES ?? 'bare,public,floor,summary').split(',');

const requireFromRoot = createRequire(path.join(root, 'package.json'));
const { Controller, Get, Module } = requireFromRoot('@nestjs/common');
const pino = requireFromRoot('pino');
const { Public } = api('common/auth/public.decorator');

/** What every route of this bench answers: a small JSON object, the same bytes from the app and the bare server. */
const BODY = { content: [{ id: 'uni-demo', name: 'University of Demo', country: 'United Kingdom' }], totalSize: 1 };

/** GET /v1/bench/floor (signed in) and /v1/bench/public (@Public()): the app's stack around a handler that does nothing. */
class FloorController {
  floor() {
    return BODY;
  }
  open() {
    return BODY;
  }
}
for (const [method, route] of [['floor', 'floor'], ['open', 'public']]) {
  const d = Object.getOwnPropertyDescriptor(FloorController.prototype, method);
  if (method === 'open') Public()(FloorController.prototype, method, d);
  Get(route)(FloorController.prototype, method, d);
}
Controller('bench')(FloorController);
class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

/** This process's main thread (the app's event loop): user and system CPU in ms, from /proc (10 ms ticks). */
function mainThreadCpu() {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}
const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** autocannon in a child process (its CPU is not ours): its summary as JSON. */
function autocannon(url, headers, duration) {
  const script = `
    const autocannon = require('autocannon');
    autocannon(${JSON.stringify({ url, headers, connections, duration, timeout: 10 })}, (err, r) => {
      if (err) { console.error(err); process.exit(1); }
      process.stdout.write(JSON.stringify({ total: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
        non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }));
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

/** The hottest frames of a profile: self time by function, and inclusive time by package (node_modules/<pkg> or our dist). */
function summarise(profile, label) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...dt.values()].reduce((a, b) => a + b, 0);
  const where = (cf) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(cf.url);
    if (m) return m[1];
    if (cf.url.includes('/dist/apps/api/')) return 'api:' + cf.url.split('/dist/apps/api/')[1];
    return cf.url ? path.basename(cf.url) : '(native)';
  };
  const self = new Map();
  for (const [id, t] of dt) {
    const cf = byId.get(id).callFrame;
    const k = `${cf.functionName || '(anonymous)'} ${where(cf)}:${cf.lineNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + t);
  }
  // Inclusive by package: a sample counts once for every package on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, t] of dt) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const cf = byId.get(n).callFrame;
      const pkg = where(cf).replace(/^api:([^/]+\/[^/]+).*/, 'api:$1');
      if (!seen.has(pkg)) {
        seen.add(pkg);
        incl.set(pkg, (incl.get(pkg) ?? 0) + t);
      }
    }
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `    ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
  log(`  profile ${label}: top self time\n${top(self, 25)}\n  inclusive by package\n${top(incl, 25)}`);
}

/** A socket that takes the response and drops it. */
class NullSocket extends Duplex {
  _read() {
    // nothing to read: the request is pushed whole
  }
  _write(_chunk, _encoding, done) {
    done();
  }
}

/** One GET handed straight to an http.Server's request handler; resolves with the status once the response finished. */
function inject(server, url, headers) {
  return new Promise((resolve) => {
    const socket = new NullSocket();
    Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
    const req = new IncomingMessage(socket);
    Object.assign(req, { method: 'GET', url, httpVersion: '1.1', httpVersionMajor: 1, httpVersionMinor: 1 });
    req.headers = { host: 'localhost', accept: '*/*', 'user-agent': 'http-floor', ...headers };
    req.push(null);
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    res.on('finish', () => resolve(res.statusCode));
    server.emit('request', req, res);
  });
}

const threadCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** Main-thread CPU per request of `n` injected requests, 20 at a time; the median of `slices` such slices. */
async function inProcess(label, server, url, headers, n = 2000, slices = 5) {
  const slice = async () => {
    let sent = 0;
    let bad = 0;
    const c0 = threadCpuMs();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (sent++ < n) if ((await inject(server, url, headers)) !== 200) bad++;
      }),
    );
    if (bad) throw new Error(`${label} in process: ${bad} answers were not 200`);
    return (threadCpuMs() - c0) / n;
  };
  await slice(); // warm-up
  const runs = [];
  for (let i = 0; i < slices; i++) runs.push(await slice());
  const median = runs.sort((a, b) => a - b)[Math.floor(slices / 2)];
  log(`${label} in process: ${median.toFixed(3)} ms CPU/request (slices ${runs.map((r) => r.toFixed(3)).join(' ')}, load ${loadavg()[0].toFixed(1)})`);
  return median;
}

async function measure(label, url, headers) {
  await autocannon(url, headers, 2); // warm-up: JIT, pools, connections
  const session = profileDir ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const main0 = mainThreadCpu();
  const proc0 = processCpuMs();
  const load = loadavg()[0];
  const r = await autocannon(url, headers, seconds);
  const main1 = mainThreadCpu();
  const user = (main1.user - main0.user) / r.total;
  const system = (main1.system - main0.system) / r.total;
  const main = user + system;
  const proc = (processCpuMs() - proc0) / r.total;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, `http-floor-${label}.cpuprofile`), JSON.stringify(profile));
    summarise(profile, label);
  }
  log(
    `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, main thread ${main.toFixed(3)} ms CPU/request ` +
      `(user ${user.toFixed(3)}, system ${system.toFixed(3)}), ` +
      `process ${proc.toFixed(3)} ms CPU/request (${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, load ${load.toFixed(1)})`,
  );
  if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { ...r, main, user, system, proc, load };
}

const db = await benchDatabase('http_floor');
const { createApp } = api('bootstrap');
const { loadConfig } = api('config/load-config');
const { createLogger } = api('infrastructure/logging/logger');
const config = loadConfig({
  ...process.env,
  DATABASE_URL: db.url,
  SEED_DEMO: 'true',
  NODE_ENV: 'test',
  LOG_LEVEL: logLevel,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATABASE_POOL_SIZE: '30',
});
// The request log goes where production's goes (a file descriptor, synchronously), here /dev/null.
const logger = createLogger(logLevel, pino.destination({ dest: '/dev/null', sync: true }));
const app = await createApp(config, { serveWeb: false, extraModules: [FloorModule], logger });
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const bare = http.createServer((req, res) => {
  const body = JSON.stringify(BODY);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
await new Promise((r) => bare.listen(0, '127.0.0.1', r));

try {
  const headers = { 'x-auth-token': benchToken(app) };
  const check = await fetch(`${base}/v1/bench/floor`, { headers });
  if (!check.ok) throw new Error(`floor route: ${check.status} ${await check.text()}`);
  const params = { connections, seconds, logLevel, cpus: cpus().length, loadAverage1m: Math.round(loadavg()[0] * 10) / 10 };
  const server = app.getHttpServer();
  const idle0 = threadCpuMs();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 3000));
  const idle = (threadCpuMs() - idle0) / ((performance.now() - t0) / 1000);
  log(`app idle: ${idle.toFixed(1)} ms of main-thread CPU per second`);
  figure('http-floor.app-idle-cpu', params, idle, 'ms/s');
  const targets = {
    bare: [bare, `http://127.0.0.1:${bare.address().port}`, {}],
    public: [server, base, {}, '/v1/bench/public'],
    floor: [server, base, headers, '/v1/bench/floor'],
    summary: [server, base, headers, '/v1/institute/summary?name=oxf&fuzzy=true'],
  };
  const results = {};
  for (const [name, [srv, origin, h, route = '/']] of Object.entries(targets)) {
    if (!routes.includes(name)) continue;
    results[name] = await measure(name, `${origin}${route}`, h);
    results[name].inProcess = await inProcess(name, srv, route, h);
  }
  const baseline = results.bare;
  for (const [name, r] of Object.entries(results)) {
    if (name === 'bare') continue;
    const p = { ...params, route: name, loadAverage1m: Math.round(r.load * 10) / 10 };
    figure(`http-floor.${name}.cpu-per-request`, p, r.main, 'ms', baseline?.main);
    figure(`http-floor.${name}.user-cpu-per-request`, p, r.user, 'ms', baseline?.user);
    figure(`http-floor.${name}.process-cpu-per-request`, p, r.proc, 'ms', baseline?.proc);
    figure(`http-floor.${name}.throughput`, p, r.rps, 'req/s', baseline?.rps);
    figure(`http-floor.${name}.p99`, p, r.p99, 'ms', baseline?.p99);
    figure(`http-floor.${name}.in-process-cpu-per-request`, { ...p, loadAverage1m: undefined }, r.inProcess, 'ms', baseline?.inProcess);
  }
} finally {
  bare.close();
  await app.close();
  await db.drop();
}
