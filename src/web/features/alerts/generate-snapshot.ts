import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGenerateSnapshotResponse, type GenerateSnapshotRequest } from '../../../contracts/alerts';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { alertsRootKey, type AlertsPortfolio } from './query-keys';

/**
 * POST /api/snapshots/generate; then the alerts and snapshot queries refresh (spec 000 §4) and the toast
 * 'Snapshot Generated' shows (§8).
 */
export function useGenerateSnapshot(portfolio: AlertsPortfolio) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        '/api/snapshots/generate',
        {
          userId: portfolio.userId,
          ...(portfolio.clientId === null ? {} : { clientId: portfolio.clientId }),
        } satisfies GenerateSnapshotRequest,
        { schema: ZGenerateSnapshotResponse },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertsRootKey });
      toast({
        title: 'Snapshot Generated',
        description:
          portfolio.clientId === null
            ? 'Your daily portfolio snapshot is up to date.'
            : "The client's daily portfolio snapshot is up to date.",
      });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The snapshot could not be generated.'),
        variant: 'destructive',
      });
    },
  });
}
