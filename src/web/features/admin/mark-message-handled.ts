import { ZContactMessageResponse } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { useAdminAction } from './use-admin-action';

/** POST /api/admin/messages/:id/handled. */
export function useMarkMessageHandled() {
  return useAdminAction(
    ({ messageId }: { messageId: string }) =>
      api.post(`/api/admin/messages/${messageId}/handled`, undefined, { schema: ZContactMessageResponse }),
    { done: () => 'Message marked as handled.', failed: 'The message could not be marked.' },
  );
}
