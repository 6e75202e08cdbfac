import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIME_ZONE_HEADER, ZPointsResponse, type UserPoints } from '../../../contracts/rewards';
import { createAppError, errorFromResponse } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** The browser's IANA time zone ('UTC' when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * GET /api/points with the `X-Time-Zone` header, so streak days and weeks are the user's own (the shared
 * api client sends no custom headers, hence this one fetch).
 */
export async function getPoints(signal?: AbortSignal): Promise<UserPoints> {
  let response: Response;
  try {
    response = await fetch('/api/points', {
      headers: { Accept: 'application/json', [TIME_ZONE_HEADER]: browserTimeZone() },
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw await createAppError(
      'NETWORK_ERROR',
      'Network error. Please check your connection and try again.',
      {
        status: 0,
      },
    );
  }
  const text = await response.text();
  if (!response.ok) throw await errorFromResponse(response, text);
  const parsed = ZPointsResponse.safeParse(safeJson(text));
  if (!parsed.success) {
    throw await createAppError('BAD_RESPONSE', 'The server sent an unexpected response.', {
      status: response.status,
    });
  }
  return parsed.data.points;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const pointsQueryOptions = queryOptions({
  queryKey: rewardsKeys.points,
  queryFn: ({ signal }) => getPoints(signal),
});

/** The signed-in user's points; pass `enabled: false` while signed out (the endpoint answers 401). */
export function usePoints(options: { enabled?: boolean } = {}) {
  return useQuery({ ...pointsQueryOptions, enabled: options.enabled ?? true });
}
