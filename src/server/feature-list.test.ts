import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import { FEATURES } from './feature-list';

const tablesOfSchema = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

describe('the list of modules (src/server/feature-list.ts)', () => {
  it('names each module once', () => {
    const names = FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares every table of the migrator’s index in exactly one manifest, and no other table', () => {
    const declared = FEATURES.flatMap((feature) =>
      feature.tables.map((entry) => getTableName(entry.table)),
    ).sort();
    expect(tablesOfSchema.length).toBeGreaterThan(20);
    expect(declared).toEqual(tablesOfSchema);
  });

  it('gives each table left out of the export, or holding no account rows, a reason a person can read', () => {
    for (const entry of FEATURES.flatMap((feature) => feature.tables)) {
      const reason = 'leftOutOfExport' in entry ? entry.leftOutOfExport : undefined;
      const holds = 'holdsNoAccountRows' in entry ? entry.holdsNoAccountRows : undefined;
      for (const text of [reason, holds]) {
        if (text !== undefined) expect(text.length, getTableName(entry.table)).toBeGreaterThan(20);
      }
    }
  });

  it('registers routes from every module that has some, each prefix under /api or at the root', () => {
    for (const feature of FEATURES) {
      for (const { prefix } of feature.routes ?? []) {
        if (prefix !== undefined) expect(prefix, feature.name).toMatch(/^\/api(\/|$)/);
      }
    }
  });
});
