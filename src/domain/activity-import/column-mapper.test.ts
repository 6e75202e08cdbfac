import { describe, expect, it } from 'vitest';
import { MAPPER_REASONS, headerKey, mappedCsvReader, parseMappedDate, proposeMapping } from './column-mapper';
import { fixtureFile } from './test-files';
import { GENERIC_FILE_MAPPING } from './testing';

const HEADER = [
  'Trade Date',
  'Activity',
  'Ticker',
  'Shares',
  'Price ($)',
  'Commission',
  'Net Amount',
  'Currency',
  'Description',
];

describe('proposeMapping', () => {
  it('finds each field by the usual names of its column', () => {
    expect(proposeMapping(HEADER).columns).toEqual({
      date: 'Trade Date',
      type: 'Activity',
      symbol: 'Ticker',
      quantity: 'Shares',
      price: 'Price ($)',
      fee: 'Commission',
      amount: 'Net Amount',
      currency: 'Currency',
      note: 'Description',
    });
    expect(proposeMapping(['Run Date', 'Action', 'Symbol', 'Quantity', 'Amount ($)']).columns).toEqual({
      date: 'Run Date',
      type: 'Action',
      symbol: 'Symbol',
      quantity: 'Quantity',
      amount: 'Amount ($)',
    });
  });

  it('uses a column once, and leaves a field it cannot name out', () => {
    expect(proposeMapping(['Date', 'Type', 'Value']).columns).toEqual({
      date: 'Date',
      type: 'Type',
      amount: 'Value',
    });
  });

  it('proposes the date format that reads the sampled dates, the US one where both read them', () => {
    const rows = (dates: string[]) => dates.map((date) => [date]);
    expect(proposeMapping(['Date'], rows(['15.01.2024', '30.02.2024', '31.01.2024'])).dateFormat).toBe(
      'DD.MM.YYYY',
    );
    expect(proposeMapping(['Date'], rows(['01/02/2024', '03/04/2024'])).dateFormat).toBe('MM/DD/YYYY');
    expect(proposeMapping(['Date'], rows(['01/02/2024', '25/04/2024'])).dateFormat).toBe('DD/MM/YYYY');
    expect(proposeMapping(['Date'], rows(['2024-01-31T10:00:00Z'])).dateFormat).toBe('YYYY-MM-DD');
    expect(proposeMapping(['Date'], rows(['soon'])).dateFormat).toBeUndefined();
  });

  it('maps the type words it knows and lists the others for the person', () => {
    const proposal = proposeMapping(
      ['Date', 'Action'],
      [
        ['1/2/2024', 'Bought'],
        ['1/3/2024', 'Stock Split'],
        ['1/4/2024', 'Kauf'],
        ['1/5/2024', 'Bought'],
      ],
    );
    expect(proposal.types).toEqual({ Bought: 'buy', 'Stock Split': 'split' });
    expect(proposal.unknownTypes).toEqual(['Kauf']);
  });
});

describe('headerKey', () => {
  it('is the same for the same columns whatever their spacing and case, and differs when a column does', () => {
    expect(headerKey(['Date', ' Action ', 'Symbol'])).toBe(headerKey(['date', 'ACTION', 'symbol']));
    expect(headerKey(['Date', 'Action', 'Symbol'])).toBe('["date","action","symbol"]');
    expect(headerKey(['Date', 'Action', 'Symbol'])).not.toBe(headerKey(['Date', 'Symbol', 'Action']));
    expect(headerKey(['a,b'])).not.toBe(headerKey(['a', 'b']));
  });
});

describe('parseMappedDate', () => {
  it.each([
    ['2024-01-31', 'YYYY-MM-DD', '2024-01-31'],
    ['1/5/2024', 'MM/DD/YYYY', '2024-01-05'],
    ['1/5/2024', 'DD/MM/YYYY', '2024-05-01'],
    ['05.01.2024', 'DD.MM.YYYY', '2024-01-05'],
    ['05-01-2024', 'DD-MM-YYYY', '2024-01-05'],
    ['20240105', 'YYYYMMDD', '2024-01-05'],
  ] as const)('%s in %s is %s', (raw, format, date) => expect(parseMappedDate(raw, format)).toBe(date));

  it('refuses a day past the month', () =>
    expect(parseMappedDate('30.02.2024', 'DD.MM.YYYY')).toBeUndefined());
});

describe('a CSV read through a mapping', () => {
  const mapping = GENERIC_FILE_MAPPING;
  const { format, activities, errors } = mappedCsvReader(mapping).parse(
    fixtureFile('own__generic_transactions.csv'),
  );

  it('finds the header under the title line and reads each row by its type word', () => {
    expect(format).toBe('generic');
    expect(activities.map((activity) => [activity.line, activity.type, activity.symbol])).toEqual([
      [3, 'buy', 'AAPL'],
      [4, 'buy', 'BRK-B'],
      [5, 'interest', null],
      [6, 'dividend', 'AAPL'],
      [7, 'sell', 'AAPL'],
    ]);
  });

  it('keeps only the fields each type takes, signs dropped', () => {
    expect(activities[0]).toEqual({
      line: 3,
      type: 'buy',
      date: '2024-01-15',
      symbol: 'AAPL',
      quantity: '10',
      price: '185.5',
      fee: '1',
      amount: null,
      currency: 'USD',
      note: 'Bought Apple',
    });
    expect(activities[2]).toMatchObject({ amount: '12.34', currency: 'EUR', quantity: null, price: null });
    expect(activities[4]).toMatchObject({ quantity: '5', price: '192', fee: '1', amount: null });
  });

  it('lists each row it cannot read with the reason', () => {
    expect(errors).toEqual([
      { line: 8, message: MAPPER_REASONS.date('30.02.2024', 'DD.MM.YYYY') },
      { line: 9, message: MAPPER_REASONS.skippedType('Umbuchung') },
      { line: 10, message: MAPPER_REASONS.unmappedType('Storno') },
      { line: 11, message: MAPPER_REASONS.notANumber('price', '0,70') },
    ]);
  });

  it('takes the file currency when there is no currency column, and says when neither is given', () => {
    const text = 'Date,Type,Symbol,Qty,Price\n2024-01-02,BUY,VTI,3,240.5\n';
    const columns = { date: 'Date', type: 'Type', symbol: 'Symbol', quantity: 'Qty', price: 'Price' };
    const read = (currency?: string) =>
      mappedCsvReader({
        columns,
        dateFormat: 'YYYY-MM-DD',
        types: { buy: 'buy' },
        ...(currency ? { currency } : {}),
      }).parse({
        text,
        fileName: 'x.csv',
      });
    expect(read('usd').activities[0]).toMatchObject({ currency: 'USD', quantity: '3', price: '240.5' });
    expect(read().errors).toEqual([{ line: 2, message: MAPPER_REASONS.noCurrency }]);
  });

  it('says which mapped columns the file lacks', () => {
    const parse = mappedCsvReader({ ...mapping, columns: { date: 'Date', type: 'Kind' } }).parse({
      text: 'Date,Type\n2024-01-02,buy\n',
      fileName: 'x.csv',
    });
    expect(parse.errors).toEqual([{ line: 1, message: MAPPER_REASONS.noHeader(['Kind']) }]);
  });
});
