import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from './bullmq-job-queue';
import { describeJobQueueContract } from './job-queue.contract';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * jest collects tests synchronously, so whether Redis answers is decided before, in a child process
 * (a TCP connect with a short timeout) rather than by failing every test when there is none.
 */
function reachable(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `const s = require('node:net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)});
    s.setTimeout(1000, () => process.exit(1)); s.on('connect', () => process.exit(0)); s.on('error', () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

const available = reachable(redisUrl);
// Host and port only: a REDIS_URL may carry a password.
const where = new URL(redisUrl).host;
const suite = available ? describe : describe.skip;
const title = available
  ? `BullMqJobQueue (Redis at ${where})`
  : `BullMqJobQueue: skipped, no Redis reachable at ${where}`;
// jest does not print the titles of skipped suites; say why they did not run.
if (!available) console.warn(title);

suite(title, () => {
  const runId = `credence-test-${process.pid}-${Date.now()}`;
  let spaces = 0;
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    await admin.quit();
  });

  describeJobQueueContract({
    newSpace: () => `${runId}-${++spaces}`,
    open: (prefix) => new BullMqJobQueue({ redisUrl, prefix, connectTimeoutMs: 2000 }),
    dispose: async (prefix) => {
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await admin.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    // Large enough next to BullMQ's ~100 ms delayed-job latency that a fixed delay would fail the growth check.
    backoffMs: 300,
  });
});
