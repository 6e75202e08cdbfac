import { describe, expect, it } from 'vitest';
import { etradeTransactions, parseEtradeDate } from './etrade';
import txnHistory from './fixtures/own__etrade_DownloadTxnHistory.csv?raw';
import { HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { activityAt, countByType, expected, importFile } from './testing';

const parse = (text: string) => etradeTransactions.parse(importFile(text, 'DownloadTxnHistory.csv'));

describe('E*TRADE transactions', () => {
  it('reads MM/DD/YY dates', () => {
    expect(parseEtradeDate('12/31/19')).toBe('2019-12-31');
    expect(parseEtradeDate('1/5/2024')).toBe('2024-01-05');
    expect(parseEtradeDate('02/30/21')).toBeNull();
    expect(parseEtradeDate('2021-12-31')).toBeNull();
  });

  it('reads the download: trades, both legs of a reinvested dividend, interest, fees, ACH; skips shorts and options', () => {
    const result = parse(txnHistory);
    expect(result.format).toBe('etrade');
    expect(result.activities.length + result.errors.length).toBe(13);
    expect(countByType(result)).toEqual({
      buy: 2,
      dividend: 3,
      sell: 1,
      interest: 1,
      fee: 1,
      deposit: 1,
      withdrawal: 1,
    });
    // The reinvestment row says Price 0: the price is the one its description states.
    expect(activityAt(result, 5)).toEqual(
      expected(5, {
        type: 'buy',
        date: '2021-12-30',
        symbol: 'VWIAX',
        quantity: '2.117',
        price: '60.49',
        note: 'Dividend reinvestment — VANGUARD WELLESLEY INCOME ADM VANGUARD FUNDS REINVEST PRICE $ 60.49',
      }),
    );
    expect(activityAt(result, 6)).toMatchObject({ type: 'dividend', symbol: 'VWIAX', amount: '128.05' });
    expect(activityAt(result, 9)).toEqual(
      expected(9, {
        type: 'sell',
        date: '2021-12-06',
        symbol: 'F',
        quantity: '30',
        price: '19.65',
        fee: '0.03',
        note: 'Sold — FORD MOTOR CO DEL COM PAR $0.01',
      }),
    );
    // The sweep account's "#2145605" is no ticker: interest on cash.
    expect(activityAt(result, 10)).toMatchObject({ type: 'interest', symbol: null, amount: '0.04' });
    expect(activityAt(result, 11)).toMatchObject({ type: 'fee', symbol: 'TSM', amount: '0.52' });
    expect(activityAt(result, 12)).toMatchObject({ type: 'deposit', amount: '2500' });
    expect(activityAt(result, 13)).toMatchObject({ type: 'withdrawal', amount: '400' });
    expect(result.errors).toEqual([
      { line: 14, message: SKIP.short },
      { line: 15, message: SKIP.options },
      { line: 17, message: SKIP.unclear('Adjustment') },
    ]);
  });

  it('gives each malformed row its line and reason', () => {
    const text = [
      'TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description',
      '13/01/21,Bought,EQ,AAPL,1,-150,150,0,APPLE INC',
      '01/04/21,Dividend,MF,VTSAX,1.5,-150,0,0,VANGUARD TOTAL STOCK MKT IDX',
      '01/04/21,Bought,BOND,912828XX1,1000,-990,99,0,US TREASURY NOTE',
      '01/04/21,Bought,EQ,AAPL,1,-150,abc,0,APPLE INC',
    ].join('\n');
    expect(parse(text).errors).toEqual([
      { line: 2, message: 'the transaction date "13/01/21" is not a date (MM/DD/YY)' },
      { line: 3, message: 'a buy needs a price' },
      { line: 4, message: SKIP.bond('912828XX1') },
      { line: 5, message: 'the price "abc" is not a number' },
    ]);
  });
});
