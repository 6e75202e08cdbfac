import { ZAdminUserResponse } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { useAdminAction } from './use-admin-action';

/** POST /api/admin/users/:id/suspend or /restore. */
export function useSetSuspended() {
  return useAdminAction(
    ({ userId, suspended }: { userId: string; suspended: boolean }) =>
      api.post(`/api/admin/users/${userId}/${suspended ? 'suspend' : 'restore'}`, undefined, {
        schema: ZAdminUserResponse,
      }),
    {
      done: ({ suspended }) =>
        suspended ? 'Account suspended; its sessions were ended.' : 'Account restored.',
      failed: 'The account could not be changed.',
    },
  );
}
