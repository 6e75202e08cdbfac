import { describe, expect, it } from 'vitest';
import {
  CSV_BROKERS,
  CSV_ERRORS,
  CsvReadError,
  importedMessage,
  noHoldingsMessage,
  parseBrokerCsv,
  SKIP_REASONS as R,
  type CsvBroker,
} from './index';

/** The CsvReadError a parse throws; fails the test when it does not throw one. */
function errorOf(broker: CsvBroker, text: string): CsvReadError {
  try {
    parseBrokerCsv(broker, text);
  } catch (error) {
    if (error instanceof CsvReadError) return error;
    throw error;
  }
  throw new Error('expected a CsvReadError');
}

const FIDELITY_HEADER =
  "Account Number,Account Name,Symbol,Description,Quantity,Last Price,Last Price Change,Current Value,Today's Gain/Loss Dollar,Today's Gain/Loss Percent,Total Gain/Loss Dollar,Total Gain/Loss Percent,Percent Of Account,Cost Basis,Cost Basis Per Share,Type";

describe('unreadable input', () => {
  it.each(CSV_BROKERS)('%s: empty and blank text', (broker) => {
    for (const text of ['', '   ', '\uFEFF', '\r\n\r\n', ',,,\n,,\n']) {
      const error = errorOf(broker, text);
      expect(error.message).toBe(CSV_ERRORS.empty);
    }
  });

  it.each(CSV_BROKERS)('%s: a file without its header says which columns it expected', (broker) => {
    const error = errorOf(broker, 'hello world\nthis is, not a portfolio\n');
    expect(error.message).toBe(CSV_ERRORS.noHeader[broker]);
  });

  it('names the broker and the columns', () => {
    expect(errorOf('fidelity', 'a,b\n1,2\n').message).toBe(
      'No Fidelity positions header found. Expected columns named "Symbol" and "Quantity".',
    );
    expect(errorOf('generic', '{"AAPL": 10}').message).toBe(
      'No header found. Expected a symbol column ("Symbol" or "Ticker") and a quantity column ("Quantity", "Qty" or "Shares").',
    );
  });

  it('refuses binary data (a spreadsheet, a PDF) as not CSV text', () => {
    expect(errorOf('fidelity', 'PK\u0003\u0004\u0014\u0000\u0006\u0000xl/workbook.xml').message).toBe(
      CSV_ERRORS.notText,
    );
    expect(errorOf('schwab', '\uFFFD'.repeat(50) + 'Symbol,Quantity').message).toBe(CSV_ERRORS.notText);
  });

  it('reports malformed quoting with its line', () => {
    expect(errorOf('generic', 'Symbol,Quantity\nAAPL,10\n"MSFT,5\n').message).toBe(
      'The file could not be read as CSV: a quoted value is never closed (line 3).',
    );
    // Stray quotes elsewhere are read as text (relax_quotes): the row is then not a ticker.
    expect(parseBrokerCsv('generic', 'Symbol,Quantity\n"AAPL"x,10\nMSFT,1\n')).toEqual({
      portfolio: { MSFT: 1 },
      skipped: [{ row: 2, reason: R.notATicker }],
    });
  });

  it('refuses more than 1,000,000 characters and more than 20,000 rows', () => {
    expect(errorOf('generic', 'Symbol,Quantity\n' + 'A'.repeat(1_000_000)).message).toBe(CSV_ERRORS.tooLarge);
    const rows = Array.from({ length: 20_001 }, (_, i) => `S${i % 1000},1`);
    expect(errorOf('generic', ['Symbol,Quantity', ...rows].join('\n')).message).toBe(CSV_ERRORS.tooManyRows);
    // 20,000 rows in all (header included) is within the limit.
    expect(() =>
      parseBrokerCsv('generic', ['Symbol,Quantity', ...rows.slice(0, 19_999)].join('\n')),
    ).not.toThrow();
  });
});

describe('several accounts in one file', () => {
  it('sums each symbol over the accounts, exactly', () => {
    const csv = [
      FIDELITY_HEADER,
      'A1,INDIVIDUAL,VTI,VANGUARD TOTAL STOCK MARKET ETF,0.1,$250.00,+$1.00,$25.00,,,,,,,,Cash',
      'A2,ROTH IRA,VTI,VANGUARD TOTAL STOCK MARKET ETF,0.2,$250.00,+$1.00,$50.00,,,,,,,,Cash',
      'A3,401K,VTI,VANGUARD TOTAL STOCK MARKET ETF,"1,000",$250.00,+$1.00,"$250,000.00",,,,,,,,',
      'A3,401K,SPAXX**,HELD IN MONEY MARKET,,,,$10.00,,,,,,,,',
    ].join('\r\n');
    expect(parseBrokerCsv('fidelity', csv)).toEqual({
      portfolio: { VTI: 1000.3 },
      skipped: [{ row: 5, reason: R.cash }],
      accounts: ['A1', 'A2', 'A3'],
      lots: [
        { symbol: 'VTI', quantity: '0.1', cost: null, acquired: null, line: 2 }, // Cost Basis ''
        { symbol: 'VTI', quantity: '0.2', cost: null, acquired: null, line: 3 },
        { symbol: 'VTI', quantity: '1000', cost: null, acquired: null, line: 4 },
      ],
    });
  });
});

describe('a 5,000-row file', () => {
  it('is read row by row, with every holding summed', () => {
    const lines = ['\uFEFF' + FIDELITY_HEADER];
    for (let i = 0; i < 5000; i++) {
      const account = `Z${1000 + (i % 5)}`;
      const symbol = `T${String(i % 1000).padStart(3, '0')}`;
      lines.push(
        `${account},INDIVIDUAL,${symbol},TEST ${symbol},1.5,$10.00,+$0.10,$15.00,,,,,,$14.00,$9.33,Cash`,
      );
    }
    lines.push('', '"Date downloaded 03/01/2024 9:10 PM ET"');
    const result = parseBrokerCsv('fidelity', lines.join('\r\n'));
    expect(Object.keys(result.portfolio)).toHaveLength(1000);
    expect(Object.values(result.portfolio).every((quantity) => quantity === 7.5)).toBe(true);
    expect(result.portfolio.T000).toBe(7.5);
    expect(result.portfolio.T999).toBe(7.5);
    expect(result.skipped).toEqual([]);
    expect(result.accounts).toEqual(['Z1000', 'Z1001', 'Z1002', 'Z1003', 'Z1004']);
  });
});

describe('messages', () => {
  it('says how many holdings came from where', () => {
    const one = { portfolio: { AAPL: 1 }, skipped: [] };
    const seven = { portfolio: Object.fromEntries([...'ABCDEFG'].map((s) => [s, 1])), skipped: [] };
    expect(importedMessage('fidelity', seven)).toBe('Imported 7 holdings from your Fidelity export.');
    expect(importedMessage('etrade', one)).toBe('Imported 1 holding from your E*TRADE export.');
    expect(importedMessage('generic', one)).toBe('Imported 1 holding from your CSV file.');
    expect(importedMessage('fidelity', { ...seven, accounts: ['A', 'B', 'C'] })).toBe(
      'Imported 7 holdings from 3 accounts in your Fidelity export.',
    );
    expect(importedMessage('schwab', { ...one, accounts: ['A'] })).toBe(
      'Imported 1 holding from your Schwab export.',
    );
  });

  it('explains an import with nothing in it by its commonest skip reasons', () => {
    expect(noHoldingsMessage('robinhood', [])).toBe('No holdings found in your Robinhood export.');
    expect(noHoldingsMessage('schwab', [{ row: 4, reason: R.cash }])).toBe(
      `No holdings found in your Schwab export. 1 row was skipped (${R.cash}: 1).`,
    );
    const skipped = [
      ...Array.from({ length: 3 }, (_, i) => ({ row: i + 2, reason: R.options })),
      { row: 10, reason: R.cash },
      { row: 11, reason: R.total },
      { row: 12, reason: R.total },
      { row: 13, reason: R.zero },
    ];
    expect(noHoldingsMessage('generic', skipped)).toBe(
      `No holdings found in your CSV file. 7 rows were skipped (${R.options}: 3; ${R.total}: 2; ${R.cash}: 1; 1 other reason).`,
    );
  });
});
