import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PERFORMANCE_MESSAGES,
  ZPerformanceResponse,
  type PerformanceQuery,
} from '../../../contracts/performance';
import { api } from '../../lib/api-client';
import { performanceQueryKeyOf } from '../../lib/query-keys';

/** What the view asks for: a range or from–to dates, and the benchmark (`none` for none). */
export type PerformanceRequest = Pick<PerformanceQuery, 'range' | 'from' | 'to'> & { benchmark: string };

/** The query string in one order (portfolio, range or from and to, benchmark): the base currency is the person's. */
export function performanceSearch(portfolio: string, request: PerformanceRequest): string {
  const params = new URLSearchParams({ portfolio });
  if (request.from !== undefined && request.to !== undefined) {
    params.set('from', request.from);
    params.set('to', request.to);
  } else if (request.range !== undefined) {
    params.set('range', request.range);
  }
  params.set('benchmark', request.benchmark);
  return `?${params.toString()}`;
}

/**
 * GET /api/performance: a portfolio's returns over a period, in the person's base currency. The figures depend on
 * the history (edited on the Activity page, traded on Paper Trading) and the day's closes, so each visit reads
 * them afresh (`staleTime: 0`); a change of period keeps the last figures on screen until the new ones arrive.
 */
export function usePerformance(portfolio: string, request: PerformanceRequest) {
  const search = performanceSearch(portfolio, request);
  return useQuery({
    queryKey: [...performanceQueryKeyOf(portfolio), search] as const,
    queryFn: ({ signal }) => api.get(`/api/performance${search}`, { schema: ZPerformanceResponse, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The server's answer for a portfolio without a history: 422 with PERFORMANCE_MESSAGES.noHistory (code NO_HISTORY).
 * Told by its status and the contract's message, which the view shows as its empty state.
 */
export function isNoHistory(error: unknown): boolean {
  return (
    error instanceof Error &&
    'status' in error &&
    error.status === 422 &&
    error.message === PERFORMANCE_MESSAGES.noHistory
  );
}
