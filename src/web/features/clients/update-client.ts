import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClientResponse, type UpdateClientInput } from '../../../contracts/clients';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { clientsQueryKey } from './get-clients';
import { clientQueryKey } from './get-client';

/** PATCH /api/clients/{id}: rename, archive or unarchive, replace the holdings, mark reviewed. */
export function useUpdateClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateClientInput }) =>
      api.patch(`/api/clients/${encodeURIComponent(id)}`, changes, { schema: ZClientResponse }),
    onSuccess: async (answer, { id }) => {
      queryClient.setQueryData(clientQueryKey(userId, id), answer);
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey(userId) });
    },
    onError: (error) => {
      toast({
        title: 'Could not update the client',
        description: serverMessage(error, 'The client could not be updated. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
