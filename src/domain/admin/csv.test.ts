import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, userExportFileName } from './csv';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
    expect(csvCell('')).toBe('');
  });

  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1234')).toBe("'+1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('Ada "Countess"')).toBe('"Ada ""Countess"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('csvLine', () => {
  it('joins with commas and ends with CRLF', () => {
    expect(csvLine(['1', 'Ada Lovelace', '=1+1'])).toBe("1,Ada Lovelace,'=1+1\r\n");
  });
});

describe('userExportFileName', () => {
  it('is users_export_{date}.csv with the UTC date', () => {
    expect(userExportFileName(new Date('2026-11-24T23:30:00.000Z'))).toBe('users_export_2026-11-24.csv');
  });
});
