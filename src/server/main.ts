import path from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from './app';
import { buildConfig, ConfigError, parseEnv } from './config';
import { openDatabase } from './db/open-database';
import { createLogger } from './http/logger';
import { resolveAppSecret } from './app-secret';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const appSecret = await resolveAppSecret(env.APP_SECRET, env.DATA_DIR);
  const config = buildConfig(env, appSecret);
  const log = createLogger(config.logLevel);

  const here = path.dirname(fileURLToPath(import.meta.url));
  // The bundled server (dist/server/main.js) serves the built SPA in dist/web; in `npm run dev` Vite does.
  const isBundled = import.meta.url.endsWith('.js');
  // Start-up is one promise so that a signal arriving during it stops what it started, once it has.
  const startup = (async () => {
    const database = await openDatabase(config, (message) => log.info(message));
    try {
      const app = await buildApp({
        config,
        database: database.handle,
        version: packageJson.version,
        webRoot: isBundled ? path.resolve(here, '../web') : undefined,
        loggerInstance: log,
      });
      return { app, database };
    } catch (error) {
      await database.shutdown();
      throw error;
    }
  })();

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      // npm forwards the signal its process group got, so one Ctrl+C or `kill` can arrive twice.
      log.info({ signal }, 'already shutting down: signal ignored');
      return;
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const started = await startup.catch(() => undefined);
    // A failed start-up has stopped its database; main() reports the failure.
    if (!started) return;
    const { app, database } = started;
    // In-flight requests get a grace period; then remaining connections are cut so the database still
    // stops cleanly instead of the process hanging on a client that never finishes.
    const grace = setTimeout(() => {
      log.warn(`requests still open after ${SHUTDOWN_GRACE_MS} ms: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    try {
      await app.close();
      clearTimeout(grace);
      await database.shutdown();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a repeated signal would otherwise take Node's default action and end the process
  // before the embedded PostgreSQL is stopped, leaving it running.
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  const { app, database } = await startup;
  if (closing) return;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A signal during listen closes the app, which fails the listen: the shutdown stops the database.
    if (closing) return;
    log.error({ err: error }, 'could not listen');
    await database.shutdown();
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
