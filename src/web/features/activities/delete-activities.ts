import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBulkDeleteActivitiesResponse } from '../../../contracts/activities';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/**
 * DELETE /api/activities/:id for one id, POST /api/activities/bulk-delete for several: either way all or
 * nothing (a delete that would leave a position negative is refused with the server's reason, in a toast).
 */
export function useDeleteActivities(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]): Promise<number> => {
      const [only] = ids;
      if (ids.length === 1 && only !== undefined) {
        await api.delete(`/api/activities/${encodeURIComponent(only)}`);
        return 1;
      }
      const { deleted } = await api.post(
        '/api/activities/bulk-delete',
        { portfolio, ids },
        { schema: ZBulkDeleteActivitiesResponse },
      );
      return deleted;
    },
    onSuccess: async (deleted) => {
      await queryClient.invalidateQueries({ queryKey: portfolioActivityKey(portfolio) });
      toast({ title: deleted === 1 ? 'Activity deleted' : `${deleted} activities deleted` });
    },
    onError: (error) => {
      toast({
        title: 'Not deleted',
        description: serverMessage(error, 'The activities could not be deleted.'),
        variant: 'destructive',
      });
    },
  });
}
