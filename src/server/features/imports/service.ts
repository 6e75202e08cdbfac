import type { CsvBroker, CsvImportResponse } from '../../../contracts/imports';
import { AppError } from '../../../contracts/errors';
import {
  CsvReadError,
  importedMessage,
  noHoldingsMessage,
  parseBrokerCsv,
  type BrokerCsvResult,
} from '../../../domain/broker-csv';

/**
 * Reads a brokerage positions CSV into a portfolio. Nothing is stored: a signed-out visitor's portfolio
 * stays in the browser, and a signed-in user's is saved by the portfolio endpoints the page calls next.
 * Throws AppError('VALIDATION_ERROR') for text that cannot be read, or that holds no holdings.
 */
export function importCsv(broker: CsvBroker, csv: string): CsvImportResponse {
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
  return {
    success: true,
    portfolio: result.portfolio,
    skipped: result.skipped,
    message: importedMessage(broker, result),
  };
}
