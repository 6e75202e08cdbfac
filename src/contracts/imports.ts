import { z } from 'zod';
import { CSV_BROKERS, CSV_ERRORS, CSV_IMPORT_LIMITS } from '../domain/broker-csv/brokers';
import { text } from './text';

export {
  CSV_BROKER_LABELS,
  CSV_BROKERS,
  CSV_IMPORT_LIMITS,
  type CsvBroker,
} from '../domain/broker-csv/brokers';

export const BROKER_CHOICE_MESSAGE = `Choose a broker: ${CSV_BROKERS.join(', ')}.`;

export const ZCsvBroker = z.enum(CSV_BROKERS, { error: BROKER_CHOICE_MESSAGE });

const HISTORY_PORTFOLIO_MESSAGE = 'portfolio must be me, account:<id> or client:<id>';

/** A portfolio whose history an import may write: `me`, `account:<uuid>`, `client:<uuid>` (not a paper one). */
const ZHistoryPortfolio = text({ field: 'portfolio', max: 60, min: 1, message: HISTORY_PORTFOLIO_MESSAGE })
  .toLowerCase()
  .regex(/^(?:me|(?:account|client):[0-9a-f-]{36})$/i, HISTORY_PORTFOLIO_MESSAGE);

/** POST /api/import/csv: the broker whose layout the file has, and the file's text (UTF-8, BOM allowed). */
export const ZCsvImportRequest = z.object({
  broker: ZCsvBroker,
  csv: text({
    field: 'The CSV file',
    max: CSV_IMPORT_LIMITS.maxChars,
    trim: false,
    multiline: true,
    required: 'csv must be the text of the CSV file',
    tooLong: CSV_ERRORS.tooLarge,
  }),
  /**
   * Signed in only (401 otherwise): also record the file's holdings as this portfolio's (`me`, `account:<id>`,
   * `client:<id>`) in its history, with the cost (and E*TRADE lots' acquisition dates) the file gives, so that
   * GET /api/holdings shows cost basis and gains. Without it nothing is stored, as the spec says.
   */
  portfolio: ZHistoryPortfolio.optional(),
});
export type CsvImportRequest = z.infer<typeof ZCsvImportRequest>;

export const ZSkippedRow = z.object({
  /** 1-based line of the file where the row starts. */
  row: z.number().int().positive(),
  reason: z.string(),
});

/**
 * 200: symbol -> positive quantity (stocks upper case, crypto `CRYPTO:BTC`), summed over the file's
 * accounts; the rows that did not become holdings, with why; 'Imported 7 holdings from your Fidelity export.'
 * A file that cannot be read, or has no holdings, is a 400 VALIDATION_ERROR saying why.
 */
/** What a recorded import added to the portfolio's history (only when the request named a portfolio). */
export const ZPositionsHistory = z.object({
  portfolio: z.string(),
  /** Opening lots recorded (transfers in), and how many of them with their cost. */
  lots: z.number().int().nonnegative(),
  lotsWithCost: z.number().int().nonnegative(),
  /** 'Recorded 7 opening lots in your history, 6 with their cost.' */
  message: z.string(),
});
export type PositionsHistory = z.infer<typeof ZPositionsHistory>;

export const ZCsvImportResponse = z.object({
  success: z.boolean(),
  portfolio: z.record(z.string(), z.number().positive()),
  skipped: z.array(ZSkippedRow),
  message: z.string(),
  history: ZPositionsHistory.optional(),
});
export type CsvImportResponse = z.infer<typeof ZCsvImportResponse>;
