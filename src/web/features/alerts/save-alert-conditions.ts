import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAlertConditionsResponse, type SaveAlertConditionsRequest } from '../../../contracts/alerts';
import { AppError } from '../../../contracts/errors';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { alertConditionsQueryKey } from './get-alert-conditions';
import type { AlertsPortfolio } from './query-keys';

/**
 * POST /api/alerts/conditions with the whole list (spec 000 §4: it is re-saved on every change). The answer is
 * the saved list, put in the cache as it is. `savedToast`: 'Alert Saved' after an added condition.
 */
export function useSaveAlertConditions(portfolio: AlertsPortfolio) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { conditions: SaveAlertConditionsRequest['conditions']; savedToast: boolean }) =>
      api.post(
        '/api/alerts/conditions',
        {
          userId: portfolio.userId,
          ...(portfolio.clientId === null ? {} : { clientId: portfolio.clientId }),
          conditions: input.conditions,
        } satisfies SaveAlertConditionsRequest,
        { schema: ZAlertConditionsResponse },
      ),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(alertConditionsQueryKey(portfolio), saved);
      if (input.savedToast) {
        toast({ title: 'Alert Saved', description: 'Your alert conditions have been saved.' });
      }
    },
    onError: (error) => {
      // A symbol no source finds is said at the symbol field (AlertConditionsCard), not twice.
      if (error instanceof AppError && error.fields?.symbol) return;
      toast({
        title: 'Error',
        description: serverMessage(error, 'Your alert conditions could not be saved.'),
        variant: 'destructive',
      });
    },
  });
}
