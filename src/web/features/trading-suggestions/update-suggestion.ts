import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { suggestionsQueryKey } from './get-suggestions';

type SuggestionAction = 'dismiss' | 'execute';

/**
 * PATCH /api/trading-suggestions/{id}/dismiss or /execute, then the list is refetched (spec 000 §4). Executing
 * toasts 'Suggestion Marked as Executed' (§8).
 */
export function useUpdateSuggestion(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SuggestionAction }) =>
      api.patch<void>(`/api/trading-suggestions/${encodeURIComponent(id)}/${action}`),
    onSuccess: async (_, { action }) => {
      await queryClient.invalidateQueries({ queryKey: suggestionsQueryKey(userId) });
      if (action === 'execute') toast({ title: 'Suggestion Marked as Executed' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'The suggestion could not be updated. Please try again.'),
        variant: 'destructive',
      }),
  });
}
