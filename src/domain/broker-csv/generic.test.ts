import { describe, expect, it } from 'vitest';
import { CSV_ERRORS, SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import ibkrStatement from './fixtures/own__ibkr_activity_statement.csv?raw';

describe('generic CSV', () => {
  it.each([
    ['Symbol', 'Quantity'],
    ['Ticker', 'Qty'],
    ['symbol', 'Shares'],
    [' TICKER ', 'quantity'],
    ['Ticker Symbol', 'Units'],
  ])('reads a %j / %j header', (symbol, quantity) => {
    const csv = `${symbol},${quantity}\nAAPL,10\nmsft,"1,000.5"\n`;
    expect(parseBrokerCsv('generic', csv)).toEqual({ portfolio: { AAPL: 10, MSFT: 1000.5 }, skipped: [] });
  });

  it('finds the header after a preamble, in any column order, and ignores other columns', () => {
    const csv = [
      'My holdings, exported 2024-03-01',
      '',
      'Name,Shares,Price,Ticker',
      'Apple,3,$170,AAPL',
    ].join('\n');
    expect(parseBrokerCsv('generic', csv)).toEqual({ portfolio: { AAPL: 3 }, skipped: [] });
  });

  it('reads a file without header as symbol,quantity rows', () => {
    expect(parseBrokerCsv('generic', 'AAPL,10\nVTI,2.5\nAAPL,1\n')).toEqual({
      portfolio: { AAPL: 11, VTI: 2.5 },
      skipped: [],
    });
  });

  it('keys crypto by a type column or a CRYPTO: prefix', () => {
    const csv = 'Symbol,Quantity,Type\nBTC,0.25,Crypto\nCRYPTO:eth,2,\nAAPL,1,Stock\n';
    expect(parseBrokerCsv('generic', csv)).toEqual({
      portfolio: { 'CRYPTO:BTC': 0.25, 'CRYPTO:ETH': 2, AAPL: 1 },
      skipped: [],
    });
  });

  it('skips the same rows the broker layouts skip, and a ticker without quantity', () => {
    const csv = [
      'Symbol,Quantity',
      'AAPL,10',
      'CASH,100',
      'SPY 240119C00470000,1',
      '037833100,5',
      'TSLA,0',
      'NVDA,-2',
      'AMZN,',
      'GOOG,many',
      'Total,10',
    ].join('\r\n');
    expect(parseBrokerCsv('generic', csv)).toEqual({
      portfolio: { AAPL: 10 },
      skipped: [
        { row: 3, reason: R.cash },
        { row: 4, reason: R.options },
        { row: 5, reason: R.cusip },
        { row: 6, reason: R.zero },
        { row: 7, reason: R.short },
        { row: 8, reason: R.noQuantity },
        { row: 9, reason: R.notANumber },
        { row: 10, reason: R.total },
      ],
    });
  });

  it('refuses a transaction history', () => {
    expect(() =>
      parseBrokerCsv('generic', 'Run Date,Action,Symbol,Quantity\n01/02/2024,BUY,AAPL,1\n'),
    ).toThrow(`${CSV_ERRORS.noHeader.generic} ${CSV_ERRORS.hintTransactions}`);
  });
});

describe('Interactive Brokers activity statement (generic)', () => {
  it('reads the Open Positions summary rows only (own synthetic statement)', () => {
    expect(parseBrokerCsv('generic', ibkrStatement)).toEqual({
      portfolio: { MSFT: 7, 'BRK.B': 1200, VWRL: 15.5, 'CRYPTO:ETH': 0.5 },
      skipped: [
        { row: 15, reason: R.ibkrDetail },
        { row: 18, reason: R.options },
        { row: 20, reason: R.total },
      ],
      accounts: ['U7654321'],
    });
  });

  it('is refused under a broker layout, with the way out', () => {
    expect(() => parseBrokerCsv('schwab', ibkrStatement)).toThrow(
      'This looks like an Interactive Brokers activity statement, not a Schwab export. Import it as a generic CSV.',
    );
  });
});
