import { api } from '../../lib/api-client';
import { useAdminAction } from './use-admin-action';

/** DELETE /api/admin/users/:id: the account and all of its data. */
export function useDeleteUser() {
  return useAdminAction(({ userId }: { userId: string }) => api.delete<void>(`/api/admin/users/${userId}`), {
    done: () => 'Account deleted with all of its data.',
    failed: 'The account could not be deleted.',
  });
}
