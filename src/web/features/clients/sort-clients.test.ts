import { describe, expect, it } from 'vitest';
import type { ClientSummary } from '../../../contracts/clients';
import { searchAndSortClients } from './sort-clients';

const client = (id: string, overrides: Partial<ClientSummary>): ClientSummary => ({
  id,
  name: id,
  holdingsCount: 1,
  value: 0,
  dayChange: 0,
  dayChangePercent: null,
  riskLevel: null,
  lastReviewedAt: null,
  archivedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const clients = [
  client('a', { name: 'Zoe Baker', value: 100, dayChangePercent: 1.5, riskLevel: 'high' }),
  client('b', {
    name: 'adam client 10',
    value: 300,
    dayChangePercent: -2,
    riskLevel: 'low',
    lastReviewedAt: '2026-11-20T00:00:00.000Z',
  }),
  client('c', {
    name: 'Adam Client 9',
    value: 200,
    riskLevel: 'medium',
    lastReviewedAt: '2026-11-10T00:00:00.000Z',
  }),
];
const ids = (list: ClientSummary[]) => list.map((c) => c.id);

describe('searchAndSortClients', () => {
  it('sorts names in natural order, any case', () => {
    expect(ids(searchAndSortClients(clients, { query: '', key: 'name', direction: 'asc' }))).toEqual([
      'c',
      'b',
      'a',
    ]);
    expect(ids(searchAndSortClients(clients, { query: '', key: 'name', direction: 'desc' }))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('sorts by value, day change, risk and last review; unknowns last either way', () => {
    expect(ids(searchAndSortClients(clients, { query: '', key: 'value', direction: 'desc' }))).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(ids(searchAndSortClients(clients, { query: '', key: 'dayChange', direction: 'asc' }))).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(ids(searchAndSortClients(clients, { query: '', key: 'dayChange', direction: 'desc' }))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(ids(searchAndSortClients(clients, { query: '', key: 'riskLevel', direction: 'desc' }))).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(
      ids(searchAndSortClients(clients, { query: '', key: 'lastReviewedAt', direction: 'asc' })),
    ).toEqual(['c', 'b', 'a']);
  });

  it('finds by a part of the name, any case, spaces around ignored', () => {
    expect(ids(searchAndSortClients(clients, { query: '  ADAM ', key: 'value', direction: 'asc' }))).toEqual([
      'c',
      'b',
    ]);
    expect(searchAndSortClients(clients, { query: 'nobody', key: 'name', direction: 'asc' })).toEqual([]);
  });
});
