import { describe, expect, it } from 'vitest';
import trading2019 from './fixtures/bankroll__schwab_transactions.csv?raw';
import advisorExport from './fixtures/export-to-ghostfolio__schwab-export.csv?raw';
import titled2023 from './fixtures/own__schwab_Transactions_title.csv?raw';
import noAmounts from './fixtures/yahoo-finance-csv-converter__history.csv?raw';
import { HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { schwabHistory } from './schwab';
import { activityAt, countByType, expected, importFile } from './testing';

const parse = (text: string) => schwabHistory.parse(importFile(text));

describe('Schwab transaction history', () => {
  it('reads the current export (unquoted then quoted rows, "$1,259.59", footer without a newline)', () => {
    expect(advisorExport.endsWith('"-$26,582.91"')).toBe(true);
    const result = parse(advisorExport);
    expect(result.format).toBe('schwab');
    expect(result.activities.length + result.errors.length).toBe(119);
    expect(countByType(result)).toEqual({
      buy: 41,
      dividend: 42,
      interest: 5,
      fee: 11,
      sell: 2,
      transfer_out: 1,
      withdrawal: 2,
      deposit: 1,
      tax: 1,
      split: 1,
    });
    // A reinvested dividend: the dividend row and the Reinvest Shares row, with thousands separators.
    expect(activityAt(result, 10)).toEqual(
      expected(10, {
        type: 'dividend',
        date: '2023-10-16',
        symbol: 'SNSXX',
        amount: '1259.59',
        note: 'Reinvest Dividend — SCHWAB US TREASURY MONEY INVESTOR',
      }),
    );
    expect(activityAt(result, 13)).toEqual(
      expected(13, {
        type: 'buy',
        date: '2023-10-16',
        symbol: 'SNSXX',
        quantity: '1259.59',
        price: '1',
        note: 'Reinvest Shares — SCHWAB US TREASURY MONEY INVESTOR',
      }),
    );
    expect(activityAt(result, 34)).toMatchObject({
      type: 'sell',
      quantity: '592.199',
      price: '8.46',
      fee: '10',
    });
    expect(activityAt(result, 33)).toMatchObject({ type: 'fee', symbol: null, amount: '2019.29' });
    expect(activityAt(result, 62)).toMatchObject({
      type: 'transfer_out',
      symbol: 'DGLRX',
      quantity: '877',
      price: null,
    });
    expect(activityAt(result, 100)).toMatchObject({
      type: 'sell',
      symbol: 'SNAXX',
      quantity: '500135',
      price: '1',
    });
    expect(activityAt(result, 101)).toMatchObject({ type: 'withdrawal', amount: '100000' });
    expect(activityAt(result, 103)).toMatchObject({ type: 'deposit', amount: '7.06' });
    expect(activityAt(result, 105)).toMatchObject({ type: 'fee', symbol: 'IBN', amount: '0.5' });
    expect(activityAt(result, 106)).toMatchObject({ type: 'tax', symbol: 'IBN', amount: '1.3' });
    // 07/15/2024 as of 07/12/2024: the 9 shares the split added to the 1 bought on line 107 make it 10 for 1.
    expect(activityAt(result, 108)).toEqual(
      expected(108, {
        type: 'split',
        date: '2024-07-15',
        symbol: 'AVGO',
        quantity: '10',
        note: 'Stock Split — 9 shares added to the 1 this file shows held',
      }),
    );
    expect(result.errors).toEqual([
      { line: 104, message: SKIP.noSymbol }, // Non-Qualified Div of "TDA TRAN - NON-TAXABLE DIVIDENDS (CMF)"
      { line: 110, message: SKIP.corporateAction('Stock Div Dist') },
      { line: 111, message: SKIP.corporateAction('Reverse Split') },
      { line: 112, message: SKIP.cusipLeg('Reverse Split', '890260854') },
      { line: 113, message: SKIP.corporateAction('Spin-off') },
      { line: 114, message: SKIP.corporateAction('Stock Merger') },
      { line: 115, message: SKIP.cusipLeg('Stock Merger', '171439102') },
      { line: 116, message: SKIP.corporateAction('Name Change') },
      { line: 117, message: SKIP.cusipLeg('Name Change', '09070K200') },
      { line: 118, message: SKIP.corporateAction('Conversion') },
      { line: 119, message: SKIP.cusipLeg('Conversion', '00165C203') },
      { line: 120, message: SKIP.cashInLieu },
    ]);
  });

  it('reads the 2019 export with a title line and trailing commas (CRLF): options, shorts and bonds skipped', () => {
    expect(trading2019).toContain('\r\n');
    const result = parse(trading2019);
    expect(result.activities.length + result.errors.length).toBe(39);
    expect(countByType(result)).toEqual({
      dividend: 5,
      withdrawal: 4,
      fee: 3,
      deposit: 3,
      sell: 1,
      buy: 5,
      transfer_out: 2,
      transfer_in: 2,
      interest: 1,
    });
    expect(activityAt(result, 3)).toMatchObject({ type: 'dividend', symbol: 'BND', amount: '2.8' });
    expect(activityAt(result, 17)).toMatchObject({
      type: 'fee',
      amount: '1.22',
      note: 'Margin Interest — INTEREST 02/26THRU 03/26',
    });
    // "02/04/2018 as of 02/01/2018": booked on the 4th.
    expect(activityAt(result, 23)).toEqual(
      expected(23, {
        type: 'buy',
        date: '2018-02-04',
        symbol: 'QQQ',
        quantity: '100',
        price: '155',
        fee: '3.95',
        note: 'Buy — INVESCO QQQ TRUST',
      }),
    );
    expect(activityAt(result, 24)).toMatchObject({ type: 'transfer_out', symbol: 'MSFT', quantity: '10' });
    expect(activityAt(result, 25)).toMatchObject({ type: 'transfer_in', symbol: 'MSFT', quantity: '10' });
    expect(activityAt(result, 34)).toMatchObject({ type: 'deposit', amount: '2.5' }); // Schwab ATM Rebate
    expect(activityAt(result, 41)).toMatchObject({
      type: 'deposit',
      amount: '10000',
      note: 'Journal — JOURNAL FRM',
    });
    expect(result.errors).toEqual([
      { line: 5, message: SKIP.options },
      { line: 6, message: SKIP.options },
      { line: 8, message: SKIP.unclear('Misc Cash Entry') },
      { line: 10, message: SKIP.options },
      { line: 12, message: SKIP.options },
      { line: 13, message: SKIP.options },
      { line: 15, message: SKIP.redemption },
      { line: 16, message: SKIP.redemption },
      { line: 18, message: SKIP.bond('CUSIP 912586AC5') },
      { line: 20, message: SKIP.options },
      { line: 21, message: SKIP.options },
      { line: 29, message: SKIP.short },
      { line: 31, message: SKIP.short },
    ]);
  });

  it('reads the quoted 2023 layout with its title and footer; a split whose holding is in the file gets its ratio', () => {
    const result = parse(titled2023);
    expect(result.activities.length + result.errors.length).toBe(16);
    expect(countByType(result)).toEqual({
      sell: 1,
      dividend: 3,
      interest: 1,
      buy: 2,
      split: 1,
      transfer_in: 1,
      deposit: 1,
      withdrawal: 1,
    });
    expect(activityAt(result, 3)).toEqual(
      expected(3, {
        type: 'sell',
        date: '2025-01-31',
        symbol: 'MSFT',
        quantity: '3',
        price: '415.25',
        fee: '0.02',
        note: 'Sell — MICROSOFT CORP',
      }),
    );
    expect(activityAt(result, 5)).toMatchObject({ type: 'interest', date: '2025-01-15', amount: '0.12' });
    expect(activityAt(result, 11)).toMatchObject({ type: 'split', symbol: 'NVDA', quantity: '10' });
    expect(activityAt(result, 14)).toMatchObject({ type: 'deposit', amount: '5000' });
    expect(result.errors).toEqual([
      { line: 6, message: SKIP.options }, // OCC symbol "SPY   250321C00600000"
      { line: 9, message: SKIP.wrongSign('tax', '0.35') }, // NRA Tax Adj paid back
      { line: 15, message: SKIP.corporateAction('Reverse Split') },
      { line: 16, message: SKIP.cusipLeg('Reverse Split', '00123X109') },
      { line: 18, message: SKIP.short },
    ]);
  });

  it('reads a file whose Description and Amount columns were removed: trades kept, cash rows skipped', () => {
    const result = parse(noAmounts);
    expect(result.activities.length + result.errors.length).toBe(83);
    expect(countByType(result)).toEqual({ sell: 14, buy: 26 });
    expect(activityAt(result, 3)).toEqual(
      expected(3, {
        type: 'sell',
        date: '2026-04-14',
        symbol: 'INTC',
        quantity: '1.0848',
        price: '63.3573',
        note: 'Sell',
      }),
    );
    expect(activityAt(result, 10)).toMatchObject({
      type: 'buy',
      symbol: 'QQQ',
      quantity: '0.0009',
      price: '566.7997',
    });
    expect(result.errors).toHaveLength(43);
    expect(result.errors.slice(0, 3)).toEqual([
      { line: 2, message: SKIP.noAmount }, // MoneyLink Transfer
      { line: 11, message: SKIP.noAmount }, // Reinvest Dividend
      { line: 12, message: SKIP.noAmount }, // NRA Tax Adj
    ]);
    expect(new Set(result.errors.map((error) => error.message))).toEqual(new Set([SKIP.noAmount]));
  });

  it('gives each malformed row its line and reason, and reads the rest', () => {
    const text = [
      'Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount',
      '13/45/2024,Buy,AAPL,APPLE INC,1,$100.00,,-$100.00',
      '01/02/2024,Buy,AAPL,APPLE INC,one,$100.00,,-$100.00',
      '01/02/2024,Buy,AAPL,APPLE INC,1,,,-$100.00',
      '01/02/2024,Buy,,NO SYMBOL,1,$1.00,,-$1.00',
      '01/02/2024,Teleport,AAPL,APPLE INC,1,,,',
      '01/02/2024,Cash Dividend,AAPL,APPLE INC,,,,',
      '01/02/2024,Cash Dividend,AAPL,APPLE INC,,,,$0.00',
      '01/02/2024,Stock Split,AAPL,APPLE INC,3,,,',
      '01/03/2024,Buy,BRK/B,BERKSHIRE HATHAWAY B,2,$360.10,$0.65,-$720.85',
      'Transactions Total,,,,,,,-$820.85',
    ].join('\n');
    const result = parse(text);
    expect(result.errors).toEqual([
      { line: 2, message: 'the date "13/45/2024" is not a date (MM/DD/YYYY)' },
      { line: 3, message: 'the quantity "one" is not a number' },
      { line: 4, message: 'a buy needs a price' },
      { line: 5, message: SKIP.noSymbol },
      { line: 6, message: SKIP.unknown('Teleport') },
      { line: 7, message: SKIP.noAmount },
      { line: 8, message: SKIP.zeroAmount },
      { line: 9, message: SKIP.splitRatioUnknown('3') },
    ]);
    // The positions import's key for a share class (`BRK/B`), which the security master reads as BRK-B.
    expect(result.activities).toEqual([
      expected(10, {
        type: 'buy',
        date: '2024-01-03',
        symbol: 'BRK/B',
        quantity: '2',
        price: '360.1',
        fee: '0.65',
        note: 'Buy — BERKSHIRE HATHAWAY B',
      }),
    ]);
  });

  it('refuses a file without its header', () => {
    expect(() => parse('Date,Action,Amount\n01/02/2024,Buy,-$1.00\n')).toThrow(
      /No Schwab transactions header found/,
    );
  });
});
