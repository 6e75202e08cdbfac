/** The overview's search and sort, pure so that they are tested without a browser. */
import type { ClientSummary } from '../../../contracts/clients';

export const CLIENT_SORT_KEYS = ['name', 'value', 'dayChange', 'riskLevel', 'lastReviewedAt'] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export const CLIENT_SORT_LABELS: Readonly<Record<ClientSortKey, string>> = {
  name: 'Name',
  value: 'Value',
  dayChange: 'Day change',
  riskLevel: 'Risk level',
  lastReviewedAt: 'Last review',
};

const RISK_RANK = { low: 0, medium: 1, high: 2 } as const;

/** A row's sort value; null (no risk level, never reviewed) sorts last in either direction. */
function sortValue(client: ClientSummary, key: ClientSortKey): string | number | null {
  switch (key) {
    case 'name':
      return client.name;
    case 'value':
      return client.value;
    case 'dayChange':
      return client.dayChangePercent;
    case 'riskLevel':
      return client.riskLevel === null ? null : RISK_RANK[client.riskLevel];
    case 'lastReviewedAt':
      return client.lastReviewedAt === null ? null : Date.parse(client.lastReviewedAt);
  }
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The clients whose name contains `query` (any case, surrounding spaces ignored), sorted by `key` in
 * `direction`; ties by name, then id, so the order never jumps between renders.
 */
export function searchAndSortClients(
  clients: readonly ClientSummary[],
  options: { query: string; key: ClientSortKey; direction: SortDirection },
): ClientSummary[] {
  const needle = options.query.trim().toLocaleLowerCase();
  const found = needle ? clients.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : [...clients];
  const sign = options.direction === 'asc' ? 1 : -1;
  return found.sort((a, b) => {
    const va = sortValue(a, options.key);
    const vb = sortValue(b, options.key);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      const order =
        typeof va === 'string' && typeof vb === 'string' ? byName.compare(va, vb) : Number(va) - Number(vb);
      if (order !== 0) return sign * order;
    }
    return byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}
