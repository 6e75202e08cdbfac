import type { AppConfig } from '../config';
import { applyMigrations, connectDatabase, ensureDatabaseExists, type DatabaseHandle } from './client';
import { startEmbeddedPostgres } from './embedded-server';

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
    const url = await ensureDatabaseExists(server.adminUrl, 'foliowise');
    const handle = connectDatabase(url, {
      onError: (error) => log(`database connection error: ${error.message}`),
    });
    await applyMigrations(handle);
    return {
      handle,
      async shutdown() {
        await handle.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
