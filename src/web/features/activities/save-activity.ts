import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZActivityResponse,
  type CreateActivityRequest,
  type UpdateActivityRequest,
} from '../../../contracts/activities';
import { api } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/** What the form saves: a new activity, or the fields of one already saved. */
export type SaveActivity =
  { id: null; request: CreateActivityRequest } | { id: string; request: UpdateActivityRequest };

/**
 * POST /api/activities or PATCH /api/activities/:id. Settles after the list and the holdings have been refetched;
 * a refusal is left to the form, which shows the server's message under each field it names.
 */
export function useSaveActivity(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: SaveActivity) =>
      id === null
        ? api.post('/api/activities', request, { schema: ZActivityResponse })
        : api.patch(`/api/activities/${encodeURIComponent(id)}`, request, { schema: ZActivityResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioActivityKey(portfolio) }),
  });
}
