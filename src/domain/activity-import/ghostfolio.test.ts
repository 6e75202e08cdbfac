import { describe, expect, it } from 'vitest';
import { ghostfolioCsv, ghostfolioDate } from './ghostfolio-csv';
import { arrayElementLines, GHOSTFOLIO_JSON_REASONS } from './ghostfolio-json';
import { GHOSTFOLIO_REASONS } from './ghostfolio';
import { readActivityFile } from './index';
import { fixtureFile, hasSharedFixtures, sharedFile } from './test-files';

const TODAY = '2025-03-01';

describe('Ghostfolio JSON export', () => {
  const file = fixtureFile('own__ghostfolio_export.json');
  const read = readActivityFile(file, { today: TODAY });
  if (!read.ok) throw new Error(read.message);
  const { activities, errors } = read.parse;
  const at = (line: number) => activities.filter((activity) => activity.line === line);

  it('is read as a Ghostfolio export, each activity numbered by the line where it starts', () => {
    expect(read.parse.format).toBe('ghostfolio-json');
    expect(activities.map((activity) => [activity.line, activity.type])).toEqual([
      [69, 'buy'],
      [82, 'dividend'],
      [95, 'dividend'],
      [95, 'fee'],
      [108, 'sell'],
      [121, 'fee'],
      [134, 'interest'],
      [147, 'buy'],
      [160, 'buy'],
      [199, 'buy'],
    ]);
  });

  it('reads trades, dividends (quantity x unit price, the fee apart) exactly', () => {
    expect(at(69)).toEqual([
      {
        line: 69,
        type: 'buy',
        date: '2023-03-14',
        symbol: 'AAPL',
        quantity: '12',
        price: '171.23',
        fee: '1.5',
        amount: null,
        currency: 'USD',
        note: 'First buy',
      },
    ]);
    expect(at(82)[0]).toMatchObject({ amount: '2.88', quantity: '12', price: '0.24', fee: null });
    expect(at(95)).toMatchObject([
      { type: 'dividend', symbol: 'VOD.L', amount: '90', currency: 'GBX' },
      { type: 'fee', symbol: 'VOD.L', amount: '0.35', currency: 'GBX' },
    ]);
    // A date-time is the date as written.
    expect(at(108)[0]).toMatchObject({ type: 'sell', date: '2023-11-02', quantity: '4.5', price: '189.99' });
  });

  it('reads fees and interest on manual assets as cash, named in the note', () => {
    expect(at(121)[0]).toMatchObject({ type: 'fee', symbol: null, amount: '12.5', note: 'Custody Fee' });
    expect(at(134)[0]).toMatchObject({
      type: 'interest',
      amount: '18.42',
      currency: 'EUR',
      note: 'Savings Account',
    });
  });

  it('keys crypto by CoinGecko id and by Yahoo pair, and reads cents in the main currency', () => {
    expect(at(147)[0]).toMatchObject({ symbol: 'CRYPTO:BTC', quantity: '0.25', price: '61250.5' });
    expect(at(160)[0]).toMatchObject({ symbol: 'CRYPTO:SOL', fee: '0.1' });
    expect(at(199)[0]).toMatchObject({ symbol: 'NPN.JO', price: '108.75', currency: 'ZAR' });
  });

  it('skips manual assets and liabilities, and refuses a future date, with their lines', () => {
    expect(errors).toEqual([
      { line: 173, message: GHOSTFOLIO_REASONS.manualAsset('Holiday Cottage') },
      { line: 186, message: GHOSTFOLIO_REASONS.liability },
      { line: 212, message: 'the date 2049-01-04 is in the future' },
    ]);
  });

  it('finds the line of each element of the activities list', () => {
    const text =
      '{\n "meta": {"activities": [1]},\n "activities": [\n  {"a": "]["},\n\n  {"b": "\\""}, 3\n ]\n}';
    expect(arrayElementLines(text, 'activities')).toEqual([4, 6, 6]);
  });
});

describe('Ghostfolio activities CSV', () => {
  const file = fixtureFile('own__ghostfolio_activities.csv');

  it('is recognised by its own column names, and not a CSV that only shares some of them', () => {
    expect(ghostfolioCsv.detect(file)).toBe(true);
    expect(
      ghostfolioCsv.detect({ text: 'Date,Symbol,Type,Currency,Price,Quantity\n', fileName: 'x.csv' }),
    ).toBe(false);
  });

  it('reads its rows with day-first dates in every spelling', () => {
    const { activities, errors } = ghostfolioCsv.parse(file);
    expect(
      activities.map((activity) => [activity.line, activity.type, activity.date, activity.symbol]),
    ).toEqual([
      [2, 'fee', '2023-01-03', null],
      [3, 'buy', '2023-03-14', 'AAPL'],
      [4, 'dividend', '2023-05-18', 'AAPL'],
      [5, 'sell', '2023-11-02', 'AAPL'],
      [6, 'interest', '2024-01-31', null],
      [7, 'buy', '2024-03-05', 'CRYPTO:ETH'],
      [9, 'buy', '2024-04-02', 'NOVN.SW'],
    ]);
    expect(activities[0]).toMatchObject({ amount: '25', note: 'Custody Fee', currency: 'USD' });
    expect(activities[3]).toMatchObject({
      quantity: '4.5',
      price: '189.99',
      fee: '2',
      note: 'Partial, after earnings',
    });
    expect(activities[6]).toMatchObject({ quantity: '10', price: '91.2', fee: '9.5', currency: 'CHF' });
    expect(errors).toEqual([{ line: 8, message: GHOSTFOLIO_REASONS.manualAsset('Holiday Cottage') }]);
  });

  it.each([
    ['16-09-2021', '2021-09-16'],
    ['17/11/2021', '2021-11-17'],
    ['01.01.2022', '2022-01-01'],
    ['2022-01-31', '2022-01-31'],
    ['20500606', '2050-06-06'],
    ['2021-09-16T00:00:00.000Z', '2021-09-16'],
  ])('reads the date %s', (raw, date) => expect(ghostfolioDate(raw)).toBe(date));

  it.each(['16/09/21', '31/02/2021', '09/16/2021', '<invalid>'])('refuses the date %s', (raw) =>
    expect(ghostfolioDate(raw)).toBeUndefined(),
  );
});

/** Files in the layouts of Ghostfolio's own refused import files (test/import/not-ok), with our values. */
const REFUSED: readonly [string, string, number, string][] = [
  [
    'bad-currency.csv',
    'Date,Code,Currency,Price,Quantity,Action,Fee\n05/06/2022,AAPL,DOLLARS,150,1,buy,0\n',
    2,
    GHOSTFOLIO_REASONS.currency('DOLLARS'),
  ],
  [
    'two-digit-year.csv',
    'Date,Code,Currency,Price,Quantity,Action,Fee\n05/06/22,AAPL,USD,150,1,buy,0\n',
    2,
    GHOSTFOLIO_REASONS.date('05/06/22'),
  ],
  [
    'bad-fee.csv',
    'Date,Code,CCY,Price,Qty,Action,Amount,Fee\n05/06/2022,AAPL,USD,150,1,buy,150,n/a!\n',
    2,
    GHOSTFOLIO_REASONS.notANumber('fee', 'n/a!'),
  ],
  [
    'dashed-crypto.csv',
    'Date,Code,Currency,Price,Quantity,Action,Fee\n05/06/2022,ETH-USD,USD,1800,1,buy,0\n',
    2,
    GHOSTFOLIO_REASONS.dashedCrypto('ETH-USD', 'ETH'),
  ],
  [
    'bad-symbol.csv',
    'Date,Code,CCY,Price,Qty,Action,Fee\n05/06/2022,$$$,USD,1,1,buy,0\n',
    2,
    GHOSTFOLIO_REASONS.notATicker('$$$'),
  ],
  [
    'bad-source.json',
    '{"activities":[\n{"currency":"USD","dataSource":"BLOOMBERG","date":"2022-06-05T00:00:00.000Z","fee":0,"quantity":1,"symbol":"AAPL","type":"BUY","unitPrice":150}\n]}',
    2,
    GHOSTFOLIO_REASONS.dataSource('BLOOMBERG'),
  ],
  [
    'bad-date.json',
    '{"activities":[\n{"currency":"USD","dataSource":"YAHOO","date":"yesterday","fee":0,"quantity":1,"symbol":"AAPL","type":"BUY","unitPrice":150}\n]}',
    2,
    GHOSTFOLIO_REASONS.date('yesterday'),
  ],
  [
    'too-early.json',
    '{"activities":[\n{"currency":"USD","dataSource":"YAHOO","date":"1965-06-05T00:00:00.000Z","fee":0,"quantity":1,"symbol":"AAPL","type":"BUY","unitPrice":150}\n]}',
    2,
    'the date 1965-06-05 is before 1970',
  ],
  [
    'bad-type.json',
    '{"activities":[\n{"currency":"USD","dataSource":"YAHOO","date":"2022-06-05T00:00:00.000Z","fee":0,"quantity":1,"symbol":"AAPL","type":"GIFT","unitPrice":150}\n]}',
    2,
    GHOSTFOLIO_REASONS.type('GIFT'),
  ],
  [
    'manual.json',
    '{"activities":[\n{"currency":"USD","dataSource":"MANUAL","date":"2022-06-05T00:00:00.000Z","fee":0,"quantity":1,"symbol":"Vintage Car","type":"BUY","unitPrice":30000}\n]}',
    2,
    GHOSTFOLIO_REASONS.manualAsset('Vintage Car'),
  ],
  [
    'zero.json',
    '{"activities":[\n{"currency":"EUR","dataSource":"YAHOO","date":"1995-01-01T00:00:00.000Z","fee":0,"quantity":0,"symbol":"SAP.DE","type":"BUY","unitPrice":0}\n]}',
    2,
    'the quantity is zero',
  ],
  ['not-json.json', 'activities: none', 1, GHOSTFOLIO_JSON_REASONS.notJson],
  ['no-activities.json', '{"accounts": []}', 1, GHOSTFOLIO_JSON_REASONS.noActivities],
];

describe('Ghostfolio files that cannot be imported', () => {
  it.each(REFUSED)('%s is refused at line %i', (fileName, text, line, message) => {
    const read = readActivityFile({ text, fileName }, { today: TODAY });
    expect(read).toMatchObject({ ok: false, code: 'NO_USABLE_ROWS', errors: [{ line, message }] });
  });

  it('keeps the rows it can read in a file with a bad one', () => {
    const text =
      'Date,Code,Currency,Price,Quantity,Action,Fee,Note\n16-09-2021,MSFT,USD,298.58,5,buy,19,\n01.01.2022,MSFT,USD,1,1,swap,0,\n';
    const read = readActivityFile({ text, fileName: 'activities.csv' }, { today: TODAY });
    expect(read).toMatchObject({
      ok: true,
      parse: {
        activities: [{ line: 2, type: 'buy' }],
        errors: [{ line: 3, message: GHOSTFOLIO_REASONS.type('swap') }],
      },
    });
  });
});

// Ghostfolio's own test files (AGPL-3.0, so not copied here): read where the shared fixtures are present.
describe.skipIf(!hasSharedFixtures('ghostfolio-import'))("Ghostfolio's own import test files", () => {
  const read = (path: string) => readActivityFile(sharedFile(`ghostfolio-import/${path}`), { today: TODAY });

  it('reads the 500 buys of 500-activities.json', () => {
    const result = read('ok/500-activities.json');
    if (!result.ok) throw new Error(result.message);
    expect(result.parse.activities).toHaveLength(500);
    expect(result.parse.errors).toEqual([]);
  });

  it('reads sample.json: fee, buy, dividend; a manual asset and a future row refused', () => {
    const result = read('ok/sample.json');
    if (!result.ok) throw new Error(result.message);
    expect(
      result.parse.activities.map((activity) => [activity.type, activity.amount ?? activity.quantity]),
    ).toEqual([
      ['fee', '49'],
      ['buy', '5'],
      ['dividend', '3.1'],
    ]);
    expect(result.parse.errors).toEqual([
      { line: 115, message: GHOSTFOLIO_REASONS.manualAsset('Penthouse Apartment') },
      { line: 128, message: 'the date 2050-06-06 is in the future' },
    ]);
  });

  it('reads sample.csv with its mixed date spellings', () => {
    const result = read('ok/sample.csv');
    if (!result.ok) throw new Error(result.message);
    expect(result.parse.activities.map((activity) => activity.date)).toEqual([
      '2021-09-01',
      '2021-09-16',
      '2021-11-17',
    ]);
    expect(result.parse.errors.map((error) => error.line)).toEqual([5, 6]);
  });

  it.each([
    ['not-ok/invalid-currency.csv', 2, GHOSTFOLIO_REASONS.currency('<invalid>')],
    ['not-ok/invalid-data-source.json', 7, GHOSTFOLIO_REASONS.dataSource('<invalid>')],
    ['not-ok/invalid-date-before-min.json', 7, 'the date 1960-01-01 is before 1970'],
    ['not-ok/invalid-date-yy.csv', 2, GHOSTFOLIO_REASONS.date('16/09/21')],
    ['not-ok/invalid-date.json', 7, GHOSTFOLIO_REASONS.date('<invalid>')],
    ['not-ok/invalid-fee.csv', 2, GHOSTFOLIO_REASONS.notANumber('fee', '<invalid>')],
    ['not-ok/invalid-symbol-btc-usd.csv', 2, GHOSTFOLIO_REASONS.dashedCrypto('BTC-USD', 'BTC')],
    [
      'not-ok/invalid-symbol-with-manual-data-source.json',
      7,
      GHOSTFOLIO_REASONS.manualAsset('Penthouse Apartment'),
    ],
    ['not-ok/invalid-symbol.csv', 2, GHOSTFOLIO_REASONS.notATicker('<invalid>')],
    ['not-ok/invalid-symbol.json', 7, GHOSTFOLIO_REASONS.notATicker('<invalid>')],
    ['not-ok/invalid-type.json', 7, GHOSTFOLIO_REASONS.type('<invalid>')],
    ['not-ok/unavailable-exchange-rate.json', 7, 'the quantity is zero'],
    ['not-ok/unexpected-format.json', 1, GHOSTFOLIO_JSON_REASONS.notJson],
  ])('%s is refused at line %i', (path, line, message) => {
    expect(read(path)).toMatchObject({ ok: false, code: 'NO_USABLE_ROWS', errors: [{ line, message }] });
  });

  it('refuses the bad rows of invalid-multi-line.csv by line', () => {
    expect(read('not-ok/invalid-multi-line.csv')).toMatchObject({
      ok: true,
      parse: {
        errors: [
          { line: 4, message: GHOSTFOLIO_REASONS.type('<invalid>') },
          { line: 5, message: 'the date 2050-06-06 is in the future' },
        ],
      },
    });
  });

  it('reads invalid-platform.json: its platform is Ghostfolio bookkeeping, which Foliowise does not keep', () => {
    expect(read('not-ok/invalid-platform.json')).toMatchObject({
      ok: true,
      parse: { activities: [{ line: 23, type: 'buy', symbol: 'MSFT', quantity: '5' }] },
    });
  });
});
