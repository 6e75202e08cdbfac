import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZClientResponse, type CreateClientInput } from '../../../contracts/clients';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { clientsQueryKey } from './get-clients';

/** POST /api/clients: a new client (a name, optionally holdings); the overview is refetched. */
export function useCreateClient(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClientInput) => api.post('/api/clients', input, { schema: ZClientResponse }),
    onSuccess: async ({ client }) => {
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey(userId) });
      toast({ title: 'Client added', description: `${client.name} is now in your clients.` });
    },
    onError: (error) => {
      toast({
        title: 'Could not add the client',
        description: serverMessage(error, 'The client could not be added. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
