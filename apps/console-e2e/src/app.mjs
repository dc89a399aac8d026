// Starts the product the way a user runs it (`npm start`: build, API, portal and console served by the API) on a
// free port, against a fresh embedded PostgreSQL of its own: the journey always meets the same seeded demo data and
// never shares a database (or its data directory under .data/) with another running copy.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../../../tools/embedded-postgres.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it was healthy`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** @returns {Promise<{ baseUrl: string, stop: () => Promise<void> }>} */
export async function startApp(logFile, { port } = {}) {
  const chosen = port ?? (await freePort());
  const baseUrl = `http://localhost:${chosen}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'credence-console-e2e-'));
  // As root, embedded-postgres hands the data directory to a 'postgres' user, who must be able to enter it.
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), persistent: false });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'start.mjs')], {
    cwd: repoRoot,
    // Its own process group: stopping it stops the API it started, and nothing else.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(chosen),
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
    // The first start builds every project (minutes on two cores); later starts come from the Nx cache.
    await waitForHealth(`${baseUrl}/health`, child, 900_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
