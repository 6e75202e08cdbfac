import { setTimeout } from 'node:timers/promises';
import type { AppConfig } from '../config';
import { applyMigrations, connectDatabase, ensureDatabaseExists, type DatabaseHandle } from './client';
import { startEmbeddedPostgres } from './embedded-server';

/** The app's database on the embedded server. */
export const EMBEDDED_DATABASE = 'foliowise';

/** How long a stop waits for the pool's clients to be released before stopping the embedded server anyway. */
const POOL_CLOSE_LIMIT_MS = 5_000;

export interface RunningDatabase {
  handle: DatabaseHandle;
  /** Closes the pool, then stops the embedded server when we started one. */
  shutdown(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR. Migrations are applied either way. */
export async function openDatabase(
  config: AppConfig,
  log: (message: string) => void,
): Promise<RunningDatabase> {
  if (config.databaseUrl) {
    const handle = connectDatabase(config.databaseUrl, {
      onError: (error) => log(`database connection error: ${error.message}`),
    });
    await applyMigrations(handle);
    return { handle, shutdown: () => handle.close() };
  }
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  try {
    const url = await ensureDatabaseExists(server.adminUrl, EMBEDDED_DATABASE);
    const handle = connectDatabase(url, {
      onError: (error) => log(`database connection error: ${error.message}`),
    });
    await applyMigrations(handle);
    return {
      handle,
      async shutdown() {
        // A client still checked out (a request cut short by an uncaught exception) would keep the pool's end
        // waiting, and PostgreSQL running: its fast stop ends such sessions itself.
        const poolClosed = handle
          .close()
          .catch((error: Error) => log(`closing the database pool failed: ${error.message}`));
        await Promise.race([poolClosed, setTimeout(POOL_CLOSE_LIMIT_MS, undefined, { ref: false })]);
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
