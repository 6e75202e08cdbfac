import { useMutation } from '@tanstack/react-query';
import { ZCsvImportResponse, type CsvImportRequest } from '../../../contracts/imports';
import { api } from '../../lib/api-client';
import { trackEvent } from '../../lib/analytics';
import {
  ZImportResponse,
  ZRobinhoodImportResponse,
  type HoldingsBroker,
  type HoldingsImportRequest,
  type RobinhoodImportRequest,
} from '../../../contracts/brokers';
import { HOLDINGS_BROKERS } from './brokers';

/** POST /api/robinhood/import-portfolio {username, password}. */
export function useRobinhoodImport() {
  return useMutation({
    mutationFn: (credentials: RobinhoodImportRequest) =>
      api.post('/api/robinhood/import-portfolio', credentials, { schema: ZRobinhoodImportResponse }),
    onMutate: () => trackEvent('import_portfolio', { category: 'import', label: 'robinhood' }),
  });
}

/** POST /api/fidelity/import-portfolio or /api/etrade/import-portfolio {holdings}. */
export function useHoldingsImport(broker: HoldingsBroker) {
  return useMutation({
    mutationFn: (holdings: HoldingsImportRequest['holdings']) =>
      api.post(HOLDINGS_BROKERS[broker].endpoint, { holdings }, { schema: ZImportResponse }),
    onMutate: (holdings) =>
      trackEvent('import_portfolio', { category: 'import', label: broker, value: holdings.length }),
  });
}

/** POST /api/import/csv {broker, csv}: the file's text, read in the browser. */
export function useCsvImport() {
  return useMutation({
    mutationFn: (request: CsvImportRequest) =>
      api.post('/api/import/csv', request, { schema: ZCsvImportResponse }),
    onMutate: ({ broker }) => trackEvent('import_portfolio', { category: 'import', label: `csv_${broker}` }),
  });
}
