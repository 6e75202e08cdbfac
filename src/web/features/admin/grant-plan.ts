import { ZAdminUserResponse, type GrantPlanRequest } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { useAdminAction } from './use-admin-action';

/** POST /api/admin/users/:id/plan: a complimentary plan, or `null` to revoke it. */
export function useGrantPlan() {
  return useAdminAction(
    ({ userId, plan }: { userId: string; plan: GrantPlanRequest['plan'] }) =>
      api.post(`/api/admin/users/${userId}/plan`, { plan }, { schema: ZAdminUserResponse }),
    {
      done: ({ plan }) => (plan ? `Complimentary ${plan} granted.` : 'Complimentary plan revoked.'),
      failed: 'The plan could not be changed.',
    },
  );
}
