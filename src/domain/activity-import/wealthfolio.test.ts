import { describe, expect, it } from 'vitest';
import { fixtureFile, hasSharedFixtures, sharedFile } from './test-files';
import { WEALTHFOLIO_REASONS, wealthfolioCsv } from './wealthfolio';

describe('Wealthfolio activity CSV', () => {
  const file = fixtureFile('own__wealthfolio_activities.csv');
  const { activities, errors } = wealthfolioCsv.parse(file);
  const at = (line: number) => activities.filter((activity) => activity.line === line);

  it('is recognised by its header, snake_case or camelCase', () => {
    expect(wealthfolioCsv.detect(file)).toBe(true);
    const camel =
      'date,symbol,instrumentType,quantity,activityType,unitPrice,currency,fee,amount,fxRate,subtype\n';
    expect(wealthfolioCsv.detect({ text: camel, fileName: 'x.csv' })).toBe(true);
    expect(
      wealthfolioCsv.detect({ text: 'Date,Code,Currency,Price,Quantity,Action,Fee\n', fileName: 'x.csv' }),
    ).toBe(false);
  });

  it('reads every type it can express, a DRIP dividend as the dividend and its buy', () => {
    expect(activities.map((activity) => [activity.line, activity.type])).toEqual([
      [2, 'deposit'],
      [3, 'buy'],
      [4, 'buy'],
      [5, 'dividend'],
      [6, 'tax'],
      [7, 'dividend'],
      [7, 'buy'],
      [8, 'interest'],
      [9, 'fee'],
      [10, 'split'],
      [11, 'sell'],
      [12, 'transfer_out'],
      [15, 'withdrawal'],
    ]);
  });

  it('reads amounts, quantities and prices exactly', () => {
    expect(at(2)[0]).toMatchObject({
      amount: '2500',
      currency: 'USD',
      symbol: null,
      note: 'Opening deposit',
    });
    expect(at(4)).toEqual([
      {
        line: 4,
        type: 'buy',
        date: '2024-02-02',
        symbol: 'CRYPTO:BTC',
        quantity: '0.015',
        price: '43100',
        fee: '1.25',
        amount: null,
        currency: 'USD',
        note: 'Coinbase',
      },
    ]);
    // No amount: the dividend is quantity x unit price, the shares it was paid on.
    expect(at(5)[0]).toMatchObject({ amount: '18.309', quantity: '30', price: '0.6103' });
    expect(at(7)).toMatchObject([
      { type: 'dividend', symbol: 'SCHD', amount: '18.31', quantity: null, price: null },
      { type: 'buy', symbol: 'SCHD', quantity: '0.2361', price: '77.56' },
    ]);
    // A split's ratio is its amount; it names no currency, so its listing's is taken.
    expect(at(10)[0]).toMatchObject({ symbol: 'SCHD', quantity: '3', currency: 'USD' });
    expect(at(12)[0]).toMatchObject({ quantity: '10', price: null, note: 'To IRA' });
  });

  it('skips what Foliowise cannot express, and a row with a cell too many, with the reason', () => {
    expect(errors).toEqual([
      { line: 13, message: WEALTHFOLIO_REASONS.credit },
      { line: 14, message: WEALTHFOLIO_REASONS.options },
      { line: 16, message: WEALTHFOLIO_REASONS.extraCells(13, 12) },
      { line: 17, message: WEALTHFOLIO_REASONS.currency('EURO') },
    ]);
  });
});

// Wealthfolio's own files (AGPL-3.0, so not copied here): read where the shared fixtures are present.
describe.skipIf(!hasSharedFixtures('broker-transactions'))("Wealthfolio's own sample files", () => {
  const parse = (name: string) => wealthfolioCsv.parse(sharedFile(`broker-transactions/wealthfolio/${name}`));

  it("reads the app's sample-import.csv: 13 activities from 14 rows, its malformed split and its credit skipped", () => {
    const { activities, errors } = parse('sample-import.csv');
    expect(activities).toHaveLength(13);
    expect(errors).toEqual([
      { line: 11, message: WEALTHFOLIO_REASONS.extraCells(13, 12) },
      { line: 13, message: WEALTHFOLIO_REASONS.credit },
    ]);
    expect(activities.find((activity) => activity.symbol === 'TD.TO')).toMatchObject({
      currency: 'CAD',
      fee: '9.99',
    });
  });

  it('reads the camelCase happy-path-import.csv: 11 rows, one DRIP', () => {
    const { activities, errors } = parse('happy-path-import.csv');
    expect(errors).toEqual([]);
    expect(activities).toHaveLength(12);
    expect(
      activities.filter((activity) => activity.type === 'dividend').map((activity) => activity.amount),
    ).toEqual(['0.75', '1.5']);
  });
});
