import {
  CSV_BROKER_LABELS,
  type CsvBroker,
  type CsvImportResponse,
  type PositionsHistory,
} from '../../../contracts/imports';
import type { User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import {
  CsvReadError,
  importedMessage,
  noHoldingsMessage,
  parseBrokerCsv,
  type BrokerCsvResult,
} from '../../../domain/broker-csv';
import { recordPositionsFile, type ActivitiesContext } from '../activities/service';

export interface ImportsContext {
  activities: ActivitiesContext;
}

/**
 * Reads a brokerage positions CSV into a portfolio. Nothing is stored: a signed-out visitor's portfolio
 * stays in the browser, and a signed-in user's is saved by the portfolio endpoints the page calls next.
 * Throws AppError('VALIDATION_ERROR') for text that cannot be read, or that holds no holdings.
 */
export function importCsv(
  broker: CsvBroker,
  csv: string,
): { body: CsvImportResponse; result: BrokerCsvResult } {
  let result: BrokerCsvResult;
  try {
    result = parseBrokerCsv(broker, csv);
  } catch (error) {
    if (error instanceof CsvReadError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  if (Object.keys(result.portfolio).length === 0) {
    throw new AppError('VALIDATION_ERROR', noHoldingsMessage(broker, result.skipped));
  }
  const body: CsvImportResponse = {
    success: true,
    portfolio: result.portfolio,
    skipped: result.skipped,
    message: importedMessage(broker, result),
  };
  return { body, result };
}

/**
 * A signed-in user's import into `portfolio`'s history (decision 038): the file's holdings become the
 * portfolio's, each position's (or E*TRADE tax lot's) cost and acquisition date kept as an opening lot.
 */
export function recordImport(
  context: ImportsContext,
  options: { user: User; portfolio: string; broker: CsvBroker; result: BrokerCsvResult },
): Promise<PositionsHistory> {
  return recordPositionsFile({
    ...context.activities,
    user: options.user,
    portfolio: options.portfolio,
    holdings: options.result.portfolio,
    lots: options.result.lots,
    source: `${CSV_BROKER_LABELS[options.broker]} positions file`,
  });
}
