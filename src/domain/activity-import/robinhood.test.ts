import { describe, expect, it } from 'vitest';
import report from './fixtures/own__robinhood_activity_report.csv?raw';
import { HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { robinhoodActivity } from './robinhood';
import { activityAt, countByType, expected, importFile } from './testing';

const parse = (text: string) => robinhoodActivity.parse(importFile(text, 'activity.csv'));

describe('Robinhood account activity report', () => {
  it('reads the report: multi-line descriptions, amounts in parentheses, splits with their ratio; the disclaimer ignored', () => {
    const result = parse(report);
    expect(result.format).toBe('robinhood');
    expect(result.activities.length + result.errors.length).toBe(15);
    expect(countByType(result)).toEqual({
      sell: 1,
      interest: 2,
      fee: 2,
      split: 1,
      buy: 2,
      dividend: 2,
      deposit: 1,
      withdrawal: 1,
    });
    expect(activityAt(result, 9)).toEqual(
      expected(9, {
        type: 'buy',
        date: '2024-06-24',
        symbol: 'CMG',
        quantity: '0.2',
        price: '3210.5',
        note: 'Buy — Chipotle CUSIP: 169656105',
      }),
    );
    // 9.8 shares added to the 0.2 bought on line 9: Chipotle's 50-for-1.
    expect(activityAt(result, 7)).toEqual(
      expected(7, {
        type: 'split',
        date: '2024-06-26',
        symbol: 'CMG',
        quantity: '50',
        note: 'SPL — 9.8 shares added to the 0.2 this file shows held',
      }),
    );
    expect(activityAt(result, 15)).toMatchObject({
      type: 'buy',
      symbol: 'VZ',
      quantity: '0.166832',
      price: '39.86',
    });
    expect(activityAt(result, 18)).toMatchObject({ type: 'dividend', symbol: 'VZ', amount: '6.65' });
    expect(activityAt(result, 19)).toMatchObject({ type: 'dividend', symbol: 'T', amount: '2.78' }); // MDIV
    expect(activityAt(result, 13)).toMatchObject({ type: 'interest', symbol: 'VZ', amount: '0.03' }); // SLIP
    expect(activityAt(result, 14)).toMatchObject({ type: 'fee', symbol: 'TSM', amount: '0.08' }); // AFEE
    expect(activityAt(result, 6)).toMatchObject({ type: 'fee', symbol: null, amount: '5' }); // GOLD
    expect(activityAt(result, 20)).toMatchObject({ type: 'deposit', amount: '1000' });
    expect(activityAt(result, 21)).toMatchObject({ type: 'withdrawal', amount: '250' });
    expect(result.errors).toEqual([
      { line: 5, message: SKIP.options },
      { line: 11, message: SKIP.splitRatioUnknown('27') }, // no NVDA held in this file
      { line: 22, message: SKIP.unknown('REC') },
    ]);
  });

  it('gives each malformed row its line and reason', () => {
    const text = [
      '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
      '"6/31/2024","6/31/2024","7/2/2024","AAPL","Apple","Buy","1","$200.00","($200.00)"',
      '"7/1/2024","7/1/2024","7/2/2024","AAPL","Apple","Buy","","$200.00","($200.00)"',
      '"7/1/2024","7/1/2024","7/2/2024","AAPL","Apple","Buy","1","$2OO.00","($200.00)"',
      '"7/1/2024","7/1/2024","7/1/2024","","ACH Deposit","ACH","","",""',
    ].join('\n');
    expect(parse(text)).toEqual({
      format: 'robinhood',
      activities: [],
      errors: [
        { line: 2, message: 'the activity date "6/31/2024" is not a date (MM/DD/YYYY)' },
        { line: 3, message: SKIP.noQuantity },
        { line: 4, message: 'the price "$2OO.00" is not a number' },
        { line: 5, message: SKIP.noAmount },
      ],
    });
  });
});
