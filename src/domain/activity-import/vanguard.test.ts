import { describe, expect, it } from 'vitest';
import ofxDownload from '../broker-csv/fixtures/bankroll__vanguard_positions_and_transactions.csv?raw';
import ofxDownload2024 from '../broker-csv/fixtures/own__vanguard_OfxDownload_2024.csv?raw';
import { HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { activityAt, countByType, expected, importFile } from './testing';
import { vanguardHistory } from './vanguard';

const parse = (text: string) => vanguardHistory.parse(importFile(text, 'OfxDownload.csv'));

describe('Vanguard transaction history', () => {
  it('reads the second table of OfxDownload.csv, after the positions', () => {
    const result = parse(ofxDownload);
    expect(result.format).toBe('vanguard');
    expect(result.activities.length + result.errors.length).toBe(18);
    expect(countByType(result)).toEqual({
      interest: 1,
      buy: 5,
      deposit: 1,
      dividend: 3,
      sell: 1,
      withdrawal: 1,
    });
    expect(activityAt(result, 15)).toEqual(
      expected(15, {
        type: 'buy',
        date: '2017-08-20',
        symbol: 'VT',
        quantity: '10',
        price: '70.33',
        note: 'Buy — VANGUARD TOTAL WORLD STOCK ETF',
      }),
    );
    // A reinvested dividend: Dividend Received and Dividend Reinvestment.
    expect(activityAt(result, 17)).toMatchObject({
      type: 'dividend',
      symbol: 'VWO',
      amount: '29.35',
      price: null,
    });
    expect(activityAt(result, 18)).toMatchObject({
      type: 'buy',
      symbol: 'VWO',
      quantity: '0.123',
      price: '123.4567',
    });
    expect(activityAt(result, 23)).toMatchObject({
      type: 'sell',
      symbol: 'VWO',
      quantity: '4',
      price: '110.03',
    });
    // The settlement fund's dividend is what the cash earned.
    expect(activityAt(result, 13)).toEqual(
      expected(13, {
        type: 'interest',
        date: '2017-09-23',
        amount: '43.21',
        note: 'Dividend Received — VANGUARD FEDERAL MONEY MARKET FUND',
      }),
    );
    expect(activityAt(result, 16)).toMatchObject({ type: 'deposit', amount: '1234.5' });
    expect(activityAt(result, 26)).toMatchObject({ type: 'withdrawal', amount: '12345.67' });
    expect(result.errors).toEqual([
      { line: 12, message: SKIP.redemption },
      { line: 14, message: SKIP.bond('U S TREASURY BILL CPN 0.00000 % 2017-04-10 DTD 2017-08-14') },
      { line: 21, message: SKIP.sweep }, // Sweep in
      { line: 22, message: SKIP.bond('U S TREASURY BILL CPN 0.00000 % MTD 2017-03-10 DTD 2017-09-10') },
      { line: 28, message: SKIP.bond('U S TREASURY BILL CPN 0.00000 % MTD 2017-04-10 DTD 2017-08-14') },
      { line: 29, message: SKIP.sweep }, // a buy of the settlement fund VMFXX
    ]);
  });

  it('reads the 2024 download (padded to 15 fields, ISO dates, "Commissions and Fees")', () => {
    const result = parse(ofxDownload2024);
    expect(result.activities).toEqual([
      expected(14, {
        type: 'buy',
        date: '2024-03-28',
        symbol: 'VWINX',
        quantity: '2.017',
        price: '24.78',
        note: 'Dividend Reinvestment — VANGUARD WELLESLEY INCOME FUND INVESTOR SHARES',
      }),
      expected(16, {
        type: 'buy',
        date: '2024-03-20',
        symbol: 'VOO',
        quantity: '1',
        price: '460',
        note: 'Buy — VANGUARD S&P 500 ETF',
      }),
    ]);
    expect(result.errors).toEqual([{ line: 15, message: SKIP.sweep }]);
  });

  it('reads the newer "Commissions and Fees" header and skips what it cannot express', () => {
    const text = [
      'Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commissions and Fees,Net Amount,Accrued Interest,Account Type,',
      '99999999,03/04/2024,03/05/2024,Sell,Sell,APPLE INC,AAPL,-2.0,175.10,350.20,0.01,350.19,0.0,CASH,',
      '99999999,03/01/2024,03/01/2024,Transfer (incoming),ACATS transfer,VANGUARD TOTAL STOCK MARKET ETF,VTI,12.5,0.0,0.0,0.0,0.0,0.0,CASH,',
      '99999999,02/29/2024,02/29/2024,Capital gain (LT),Long-term capital gain,VANGUARD WELLINGTON FUND ADMIRAL,VWENX,0.0,0.0,4.11,0.0,4.11,0.0,CASH,',
      '99999999,02/28/2024,02/28/2024,Conversion (incoming),Conversion,VANGUARD 500 INDEX ADMIRAL,VFIAX,3.0,0.0,0.0,0.0,0.0,0.0,CASH,',
      '99999999,02/27/2024,02/27/2024,Buy to open,Buy to open,CALL AAPL 03/15/24 180,,1.0,2.0,-200.0,0.65,-200.65,0.0,MARGIN,',
      '99999999,02/26/2024,02/26/2024,Rebate,Fee rebate,CASH,,0.0,0.0,1.0,0.0,1.0,0.0,CASH,',
    ].join('\n');
    const result = parse(text);
    expect(result.activities).toEqual([
      expected(2, {
        type: 'sell',
        date: '2024-03-04',
        symbol: 'AAPL',
        quantity: '2',
        price: '175.1',
        fee: '0.01',
        note: 'Sell — APPLE INC',
      }),
      expected(3, {
        type: 'transfer_in',
        date: '2024-03-01',
        symbol: 'VTI',
        quantity: '12.5',
        note: 'ACATS transfer — VANGUARD TOTAL STOCK MARKET ETF',
      }),
      expected(4, {
        type: 'dividend',
        date: '2024-02-29',
        symbol: 'VWENX',
        amount: '4.11',
        note: 'Long-term capital gain — VANGUARD WELLINGTON FUND ADMIRAL',
      }),
    ]);
    expect(result.errors).toEqual([
      { line: 5, message: SKIP.corporateAction('Conversion (incoming)') },
      { line: 6, message: SKIP.options },
      { line: 7, message: SKIP.unknown('Rebate') },
    ]);
  });
});
