import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { adminQueryRoot } from './query-keys';

/**
 * An admin action (grant, suspend, restore, delete, message handled): on success the whole dashboard and the audit
 * log are read again, and a toast says what was done; on failure the server's message.
 */
export function useAdminAction<Input>(
  run: (input: Input) => Promise<unknown>,
  messages: { done: (input: Input) => string; failed: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: adminQueryRoot });
      toast({ title: 'Done', description: messages.done(input) });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, messages.failed), variant: 'destructive' });
    },
  });
}
