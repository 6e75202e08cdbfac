import { describe, expect, it } from 'vitest';
import { SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import ofxDownload from './fixtures/bankroll__vanguard_positions_and_transactions.csv?raw';
import ofxDownload2024 from './fixtures/own__vanguard_OfxDownload_2024.csv?raw';

describe('Vanguard OfxDownload', () => {
  it('reads only the positions section: the T-bill without symbol and VMFXX are skipped', () => {
    expect(parseBrokerCsv('vanguard', ofxDownload)).toEqual({
      portfolio: { VT: 10, VWO: 20, VOO: 100.1, VTI: 50.5 },
      skipped: [
        { row: 6, reason: R.noSymbol },
        { row: 7, reason: R.cash },
      ],
      accounts: ['12345678'],
    });
  });

  it('reads the 2024 layout re-saved by a spreadsheet: lines padded to 15 fields, CRLF (own file)', () => {
    expect(parseBrokerCsv('vanguard', ofxDownload2024)).toEqual({
      portfolio: { VWINX: 40, BNDX: 8, VOO: 4 },
      skipped: [
        { row: 2, reason: R.cash }, // VMRXX
        { row: 5, reason: R.cash }, // VMFXX
        { row: 9, reason: R.cash },
      ],
      accounts: ['1', '2'],
    });
  });

  it('sums a fund held in two accounts', () => {
    const csv = [
      'Account Number,Investment Name,Symbol,Shares,Share Price,Total Value,',
      '11111111,VANGUARD TOTAL STOCK MARKET ETF,VTI,10,200.00,2000.00,',
      '22222222,VANGUARD TOTAL STOCK MARKET ETF,VTI,2.5,200.00,500.00,',
      '22222222,Vanguard Federal Money Market Fund,VMFXX,100.00,1.0,100.00,',
      '',
      '',
      'Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commission Fees,Net Amount,Accrued Interest,Account Type,',
      '11111111,01/02/2024,01/03/2024,Buy,Buy,VANGUARD TOTAL STOCK MARKET ETF,VTI,10.0,200.0,-2000.0,0.0,-2000.0,0.0,CASH,',
    ].join('\n');
    expect(parseBrokerCsv('vanguard', csv)).toEqual({
      portfolio: { VTI: 12.5 },
      skipped: [{ row: 4, reason: R.cash }],
      accounts: ['11111111', '22222222'],
    });
  });

  it('refuses a transactions-only file', () => {
    const csv = [
      'Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commission Fees,Net Amount,Accrued Interest,Account Type,',
      '11111111,01/02/2024,01/03/2024,Buy,Buy,VANGUARD TOTAL STOCK MARKET ETF,VTI,10.0,200.0,-2000.0,0.0,-2000.0,0.0,CASH,',
    ].join('\n');
    expect(() => parseBrokerCsv('vanguard', csv)).toThrow(
      'No Vanguard positions header found. Expected columns named "Symbol" and "Shares". This looks like a transaction history, not a list of positions.',
    );
  });
});
