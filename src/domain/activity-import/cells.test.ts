import { describe, expect, it } from 'vitest';
import { CsvReadError, parseUsDate, readActivityCsv } from './cells';
import { ACTIVITY_FILE_ERRORS } from './format';

describe('parseUsDate', () => {
  it.each([
    ['01/05/2023', '2023-01-05'],
    ['1/5/2023', '2023-01-05'],
    ['12/31/2022', '2022-12-31'],
    ['04/17/2023 as of 04/15/2023', '2023-04-17'],
    [' 02/29/2024 ', '2024-02-29'],
  ])('%s is %s', (raw, date) => expect(parseUsDate(raw)).toBe(date));

  it.each(['02/30/2023', '02/29/2023', '13/01/2023', '2023-01-05', '', 'Pending'])('%s is no date', (raw) =>
    expect(parseUsDate(raw)).toBeNull(),
  );
});

describe('readActivityCsv', () => {
  it('numbers records by line and drops blank ones', () => {
    expect(readActivityCsv('a,b\n\n1,2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
    ]);
  });

  it('takes more rows than the positions import (20,000) and refuses more than 100,000', () => {
    expect(readActivityCsv('x\n' + '1\n'.repeat(30_000))).toHaveLength(30_001);
    expect(() => readActivityCsv('x\n' + '1\n'.repeat(100_000))).toThrow(
      new CsvReadError(ACTIVITY_FILE_ERRORS.tooManyRows),
    );
  });

  it('refuses an empty file with the activity import’s words', () => {
    expect(() => readActivityCsv(' \n')).toThrow(new CsvReadError(ACTIVITY_FILE_ERRORS.empty));
  });
});
