import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAcknowledgeAlertResponse } from '../../../contracts/alerts';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { alertsQueryKey } from './get-alerts';
import type { AlertsPortfolio } from './query-keys';

/** POST /api/alerts/acknowledge, then the alerts list is refetched. */
export function useAcknowledgeAlert(portfolio: AlertsPortfolio) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      api.post('/api/alerts/acknowledge', { alertId }, { schema: ZAcknowledgeAlertResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey(portfolio) }),
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The alert could not be acknowledged.'),
        variant: 'destructive',
      });
    },
  });
}
