import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCsvImportResponse, type CsvBroker } from '../../../contracts/imports';
import { api } from '../../lib/api-client';
import { trackEvent } from '../../lib/analytics';
import { HOLDINGS_BROKERS, type HoldingType, type HoldingsBroker } from './brokers';

/**
 * The brokerage import answers of spec 000 §7: `{ success, portfolio, message, error }` (brokerage A also
 * `isDemo`). Read leniently: the fields beyond `success` are optional in the spec.
 */
export const ZBrokerImportResponse = z.object({
  success: z.boolean(),
  portfolio: z.record(z.string(), z.number()).nullish(),
  message: z.string().nullish(),
  error: z.string().nullish(),
  isDemo: z.boolean().nullish(),
});
export type BrokerImportResponse = z.infer<typeof ZBrokerImportResponse>;

/** POST /api/robinhood/import-portfolio {username, password}. */
export function useRobinhoodImport() {
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      api.post('/api/robinhood/import-portfolio', credentials, { schema: ZBrokerImportResponse }),
    onMutate: () => trackEvent('import_portfolio', { category: 'import', label: 'robinhood' }),
  });
}

export interface HoldingPayload {
  symbol: string;
  shares: number;
  type: HoldingType;
}

/** POST /api/fidelity/import-portfolio or /api/etrade/import-portfolio {holdings}. */
export function useHoldingsImport(broker: HoldingsBroker) {
  return useMutation({
    mutationFn: (holdings: HoldingPayload[]) =>
      api.post(HOLDINGS_BROKERS[broker].endpoint, { holdings }, { schema: ZBrokerImportResponse }),
    onMutate: (holdings) =>
      trackEvent('import_portfolio', { category: 'import', label: broker, value: holdings.length }),
  });
}

/** POST /api/import/csv {broker, csv}: the file's text, read in the browser. */
export function useCsvImport() {
  return useMutation({
    mutationFn: (request: { broker: CsvBroker; csv: string }) =>
      api.post('/api/import/csv', request, { schema: ZCsvImportResponse }),
    onMutate: ({ broker }) => trackEvent('import_portfolio', { category: 'import', label: `csv_${broker}` }),
  });
}
