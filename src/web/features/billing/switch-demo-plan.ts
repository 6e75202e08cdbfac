import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse, type Plan } from '../../../contracts/accounts';
import type { DemoPlanRequest } from '../../../contracts/billing';
import { api } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';

/** PUT /api/demo/plan -> { user }: a demo account's own plan (demo features on only). */
export function switchDemoPlan(plan: Plan) {
  const body: DemoPlanRequest = { plan };
  return api.put('/api/demo/plan', body, { schema: ZAuthUserResponse });
}

/**
 * Stores the new user, then refetches everything else so that premium screens (terminal, suggestions,
 * accounts) ask the server again with the new plan.
 */
export function useSwitchDemoPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchDemoPlan,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== 'config',
      });
    },
  });
}
