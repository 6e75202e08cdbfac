import { useInfiniteQuery } from '@tanstack/react-query';
import { ZActivityListResponse } from '../../../contracts/activities';
import type { ActivityType } from '../../../domain/activities/activity';
import { api } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/** The list's filters as the person set them; an empty one is left out of the request. */
export interface ActivityFilter {
  type: ActivityType | null;
  symbol: string;
  from: string;
  to: string;
}

export const NO_FILTER: ActivityFilter = { type: null, symbol: '', from: '', to: '' };

export function isFiltered(filter: ActivityFilter): boolean {
  return filter.type !== null || filter.symbol.trim() !== '' || filter.from !== '' || filter.to !== '';
}

function listPath(portfolio: string, filter: ActivityFilter, cursor: string | null): string {
  const params = new URLSearchParams({ portfolio });
  if (filter.type) params.set('type', filter.type);
  if (filter.symbol.trim()) params.set('symbol', filter.symbol.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (cursor) params.set('cursor', cursor);
  return `/api/activities?${params.toString()}`;
}

/**
 * GET /api/activities: newest first, a page at a time ('Load more' asks for the next with the last page's
 * cursor, so rows added meanwhile never shift the pages).
 */
export function useActivities(portfolio: string, filter: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: [...portfolioActivityKey(portfolio), 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get(listPath(portfolio, filter, pageParam), { schema: ZActivityListResponse, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
