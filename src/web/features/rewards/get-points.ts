import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIME_ZONE_HEADER, ZPointsResponse, type UserPoints } from '../../../contracts/rewards';
import { api } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** The browser's IANA time zone ('UTC' when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/points with the `X-Time-Zone` header, so streak days and weeks are the user's own. */
export async function getPoints(signal?: AbortSignal): Promise<UserPoints> {
  const body = await api.get('/api/points', {
    schema: ZPointsResponse,
    signal,
    headers: { [TIME_ZONE_HEADER]: browserTimeZone() },
  });
  return body.points;
}

export const pointsQueryOptions = queryOptions({
  queryKey: rewardsKeys.points,
  queryFn: ({ signal }) => getPoints(signal),
});

/** The signed-in user's points; pass `enabled: false` while signed out (the endpoint answers 401). */
export function usePoints(options: { enabled?: boolean } = {}) {
  return useQuery({ ...pointsQueryOptions, enabled: options.enabled ?? true });
}
