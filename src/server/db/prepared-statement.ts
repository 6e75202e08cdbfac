import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const dialect = new PgDialect();

/**
 * A hot-path statement as a named prepared statement: built once per process (no query building per call),
 * parsed and planned by PostgreSQL once per connection (node-postgres remembers which names a connection
 * prepared), then only bound and executed. Values are bound as given: no column mapping, rows come back raw.
 */
export function preparedStatement<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Database | Transaction, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
