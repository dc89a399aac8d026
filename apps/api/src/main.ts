import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/load-config';
import { createLogger } from './infrastructure/logging/logger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/identity/seed/demo-accounts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\nSee .env.example and the README's configuration table.\n`);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  // Imported after the config is known so tracing (when enabled) can patch modules before they load.
  const { startTracing } = require('./infrastructure/tracing/tracing') as typeof import('./infrastructure/tracing/tracing.js');
  const tracing = startTracing(config.tracing);
  const { createApp } = require('./bootstrap') as typeof import('./bootstrap.js');
  const app = await createApp(config, { logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: draining HTTP, stopping workers, closing pools');
    const force = setTimeout(() => {
      logger.error('shutdown timed out, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      await tracing.shutdown();
      logger.info('shutdown complete');
      process.exit(0);
    } catch (e) {
      logger.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by the launcher (npm start): stop with it if it goes away.
  process.on('disconnect', () => void shutdown('launcher gone'));

  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.info({ url: url.replace('[::1]', 'localhost') }, 'Credence API listening');
  // The launcher waits for this line on stdout before it prints the URLs.
  if (config.jwtSecretGenerated) logger.warn('JWT_SECRET is not set: sessions are signed with a key that lasts until this process ends');
  if (process.send) {
    process.send({
      type: 'ready',
      port: config.port,
      demoPassword: config.seedDemo ? DEMO_PASSWORD : undefined,
      demoAccounts: config.seedDemo ? DEMO_ACCOUNTS : [],
    });
  }
}

void main();
