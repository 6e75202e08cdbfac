import { describe, expect, it } from 'vitest';
import { ACTIVITY_FILE_ERRORS } from './format';
import { IMPORT_REFUSALS, readActivityFile } from './index';
import { fixtureFile } from './test-files';
import { GENERIC_FILE_HEADER } from './testing';

const TODAY = '2025-03-01';

describe('readActivityFile', () => {
  it.each([
    ['own__ibkr_activity_statement.csv', 'ibkr', 10],
    ['own__ghostfolio_export.json', 'ghostfolio-json', 10],
    ['own__ghostfolio_activities.csv', 'ghostfolio-csv', 7],
    ['own__wealthfolio_activities.csv', 'wealthfolio', 13],
  ])('recognises %s as %s', (name, format, count) => {
    const read = readActivityFile(fixtureFile(name), { today: TODAY });
    expect(read).toMatchObject({ ok: true, parse: { format } });
    if (read.ok) expect(read.parse.activities).toHaveLength(count);
  });

  it('refuses a file no format knows, with its header, the header key and a proposed mapping', () => {
    const read = readActivityFile(fixtureFile('own__generic_transactions.csv'), { today: TODAY });
    expect(read).toMatchObject({
      ok: false,
      code: 'UNRECOGNISED_FORMAT',
      message: IMPORT_REFUSALS.unrecognised,
      header: GENERIC_FILE_HEADER,
      headerKey:
        '["trade date","activity","ticker","shares","price ($)","commission","net amount","currency","description"]',
      proposal: {
        columns: { date: 'Trade Date', type: 'Activity', symbol: 'Ticker', amount: 'Net Amount' },
        dateFormat: 'DD.MM.YYYY',
        unknownTypes: ['Kauf', 'Zins', 'Dividende', 'Verkauf', 'Umbuchung', 'Storno'],
      },
    });
  });

  it('reads any file through the mapping it is given', () => {
    const read = readActivityFile(fixtureFile('own__generic_transactions.csv'), {
      today: TODAY,
      mapping: {
        columns: {
          date: 'Trade Date',
          type: 'Activity',
          symbol: 'Ticker',
          quantity: 'Shares',
          price: 'Price ($)',
        },
        dateFormat: 'DD.MM.YYYY',
        types: { kauf: 'buy' },
        currency: 'EUR',
      },
    });
    expect(read).toMatchObject({
      ok: true,
      parse: {
        format: 'generic',
        activities: [
          { line: 3, symbol: 'AAPL', currency: 'EUR' },
          { line: 4, symbol: 'BRK-B', currency: 'EUR' },
        ],
      },
    });
    if (read.ok) expect(read.parse.errors.map((error) => error.line)).toEqual([5, 6, 7, 8, 9, 10, 11]);
  });

  it('refuses a file with no usable row, naming the reasons by line', () => {
    const text =
      'Date,Code,Currency,Price,Quantity,Action,Fee\n01/02/2024,ZZ-USD$,USD,1,1,buy,0\n02/02/2024,ZZ-USD$,USD,1,1,buy,0\n03/02/2060,AAPL,USD,1,1,buy,0\n';
    expect(readActivityFile({ text, fileName: 'activities.csv' }, { today: TODAY })).toEqual({
      ok: false,
      code: 'NO_USABLE_ROWS',
      format: 'ghostfolio-csv',
      message:
        'No activity in this file can be imported (Ghostfolio activities (CSV)). Line 2 and 1 more: "ZZ-USD$" is not a ticker symbol. Line 4: the date 2060-02-03 is in the future.',
      errors: [
        { line: 2, message: '"ZZ-USD$" is not a ticker symbol' },
        { line: 3, message: '"ZZ-USD$" is not a ticker symbol' },
        { line: 4, message: 'the date 2060-02-03 is in the future' },
      ],
    });
  });

  it('refuses activities dated after today or before 1970, and keeps today', () => {
    const text =
      'Date,Code,Currency,Price,Quantity,Action,Fee\n01-03-2025,AAPL,USD,1,1,buy,0\n02-03-2025,AAPL,USD,1,1,buy,0\n31-12-1969,AAPL,USD,1,1,buy,0\n';
    const read = readActivityFile({ text, fileName: 'activities.csv' }, { today: TODAY });
    expect(read).toMatchObject({
      ok: true,
      parse: {
        activities: [{ line: 2, date: '2025-03-01' }],
        errors: [
          { line: 3, message: IMPORT_REFUSALS.future('2025-03-02') },
          { line: 4, message: IMPORT_REFUSALS.tooEarly('1969-12-31') },
        ],
      },
    });
  });

  it('refuses a zero quantity, ratio or amount whatever the format read', () => {
    const text =
      'date,type,symbol,quantity,unit_price,currency,fee,amount\n2024-01-02,BUY,VTI,0,240,USD,,\n2024-01-03,SPLIT,VTI,,,USD,,0\n2024-01-04,DEPOSIT,,,,USD,,0\n2024-01-05,DEPOSIT,,,,USD,,10\n';
    const read = readActivityFile({ text, fileName: 'wealthfolio.csv' }, { today: TODAY });
    expect(read).toMatchObject({
      ok: true,
      parse: {
        activities: [{ line: 5, type: 'deposit', amount: '10' }],
        errors: [
          { line: 2, message: IMPORT_REFUSALS.zeroQuantity },
          { line: 3, message: 'a split needs its ratio in the amount column' },
          { line: 4, message: IMPORT_REFUSALS.zeroAmount },
        ],
      },
    });
  });

  it.each([
    ['', ACTIVITY_FILE_ERRORS.empty],
    ['\uFEFF \n', ACTIVITY_FILE_ERRORS.empty],
    ['x'.repeat(10 * 1024 * 1024 + 1), ACTIVITY_FILE_ERRORS.tooLarge],
    ['a\u0000b,c\n', ACTIVITY_FILE_ERRORS.notText],
  ])('refuses a file it cannot read (%#)', (text, message) => {
    expect(readActivityFile({ text, fileName: 'x.csv' }, { today: TODAY })).toEqual({
      ok: false,
      code: 'UNREADABLE_FILE',
      message,
    });
  });
});
