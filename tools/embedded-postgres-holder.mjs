// Keeps an embedded PostgreSQL running in its own process group for the launcher, so a Ctrl+C in the terminal
// reaches the launcher only, which stops the API first and the database last. Stops the database when told to
// (SIGTERM) or when the launcher goes away (IPC disconnect).
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

const [dataDir] = process.argv.slice(2);
// npm start's database keeps the user's data: durable commits (fsync on), unlike the throw-away ones of tests.
const pg = await startEmbeddedPostgres({ dataDir, persistent: true, durable: true });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop().catch(() => undefined);
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.send({ type: 'ready', url: pg.url });
