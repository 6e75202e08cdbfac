import path from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from './app';
import { buildConfig, ConfigError, listenUrl, parseEnv } from './config';
import { openDatabase } from './db/open-database';
import { createProcessLogger, LISTENING_TEXT_DROPPED } from './http/logger';
import { requestsInFlight } from './http/requests-in-flight';
import { resolveAppSecret } from './app-secret';

const SHUTDOWN_GRACE_MS = 10_000;
/** After an uncaught exception in-flight requests get this long before their connections are cut. */
const CRASH_GRACE_MS = 2_000;
/** And the whole stop this long: past it the process exits anyway (PostgreSQL may then be left running). */
const CRASH_STOP_LIMIT_MS = 30_000;

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
  // Lines a person reads on a terminal, JSON lines otherwise.
  const { log, announce } = createProcessLogger(config.logLevel);

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

  /**
   * Last resort (issue 24 item 1): an exception no code caught (thrown from a callback, where no request's
   * try/catch reaches) or a rejection no code handled leaves the process in a state nobody can vouch for. It is
   * logged with the requests in flight (the one that caused it is among them), the app gets a short grace to
   * answer them and stop its jobs, the embedded PostgreSQL is stopped cleanly (it would otherwise keep running
   * without its app), and the process exits with 1 so that a supervisor starts it again.
   */
  let crashing = false;
  const crash = async (error: unknown, origin: 'uncaughtException' | 'unhandledRejection') => {
    log.fatal({ err: error, origin, requestsInFlight: requestsInFlight() }, `${origin}: stopping`);
    if (crashing) return;
    crashing = true;
    closing = true;
    process.exitCode = 1;
    setTimeout(() => {
      log.error(`did not stop within ${CRASH_STOP_LIMIT_MS} ms after the ${origin}: exiting anyway`);
      process.exit(1);
    }, CRASH_STOP_LIMIT_MS);
    const started = await startup.catch(() => undefined);
    if (started) {
      const { app, database } = started;
      const grace = setTimeout(() => app.server.closeAllConnections(), CRASH_GRACE_MS);
      grace.unref();
      try {
        await app.close();
      } catch (closeError) {
        log.error({ err: closeError }, 'closing the app failed');
      }
      clearTimeout(grace);
      try {
        await database.shutdown();
        log.info(`database stopped after the ${origin}`);
      } catch (stopError) {
        log.error({ err: stopError }, 'stopping the database failed');
      }
    }
    process.exit(1);
  };
  process.on('uncaughtException', (error, origin) => void crash(error, origin));
  process.on('unhandledRejection', (reason) => void crash(reason, 'unhandledRejection'));

  const { app, database } = await startup;
  if (closing) return;
  try {
    // Fastify's own 'Server listening at' lines are dropped: the announcement says where the app is, once.
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: () => LISTENING_TEXT_DROPPED,
    });
  } catch (error) {
    // A signal during listen closes the app, which fails the listen: the shutdown stops the database.
    if (closing) return;
    log.error({ err: error }, 'could not listen');
    await database.shutdown();
    process.exit(1);
  }
  if (closing) return;
  const address = app.server.address();
  announce(listenUrl(config.host, typeof address === 'object' && address ? address.port : config.port));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
