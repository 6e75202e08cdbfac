import { describe, expect, it } from 'vitest';
import { SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import roth2025 from './fixtures/own__schwab_Roth-Positions-2025.csv?raw';
import trading2019 from './fixtures/bankroll__schwab_positions.csv?raw';
import allAccounts from './fixtures/own__schwab_All-Accounts-Positions.csv?raw';
import intelligent from './fixtures/own__schwab_Intelligent-Positions.csv?raw';

describe('Schwab positions export', () => {
  it('reads the 2019 single-account file: fractions kept; CUSIP, zero, futures, cash and total skipped', () => {
    expect(trading2019).toContain('\r\n');
    expect(parseBrokerCsv('schwab', trading2019)).toEqual({
      portfolio: { BND: 36.8179, VTI: 48.2304 },
      skipped: [
        { row: 6, reason: R.cusip }, // 193845XM2, quantity "10,000"
        { row: 7, reason: R.zero }, // UVXY "0"
        { row: 8, reason: R.futures },
        { row: 9, reason: R.futures },
        { row: 10, reason: R.cash }, // "Cash & Money Market"
        { row: 11, reason: R.total },
      ],
      accounts: ['Trading XXXX-YYYY'],
    });
  });

  it('reads an All-Accounts file block by block and sums a symbol over accounts', () => {
    expect(parseBrokerCsv('schwab', allAccounts)).toEqual({
      portfolio: { SCHB: 1290, SCHF: 12.5 }, // SCHB 40 + "1,250"
      skipped: [
        { row: 5, reason: R.cash },
        { row: 6, reason: R.total },
        { row: 13, reason: R.options }, // "IWM 06/18/2021 200.00 P", unquoted quantity, no trailing comma
        { row: 14, reason: R.cash },
        { row: 15, reason: R.total },
        { row: 21, reason: R.zero },
        { row: 22, reason: R.cash },
        { row: 23, reason: R.total },
      ],
      accounts: ['Brokerage XXXX-1111', 'Intelligent XXXX-2222', 'Roth XXXX-3333'],
    });
  });

  it('reads a single-account file and names the account from its preamble', () => {
    expect(parseBrokerCsv('schwab', intelligent)).toEqual({
      portfolio: { SCHX: 42, SCHH: 7.25 },
      skipped: [
        { row: 6, reason: R.cash },
        { row: 7, reason: R.total },
      ],
      accounts: ['Intelligent XXXX-2222'],
    });
  });

  it('reads the newer "Qty (Quantity)" header and "Positions Total" row', () => {
    const csv = [
      '"Positions for account Individual ...123 as of 10:02 PM ET, 2024/03/01","","","",',
      '',
      '"Symbol","Description","Qty (Quantity)","Price","Mkt Val (Market Value)","Security Type",',
      '"MSFT","MICROSOFT CORP","12","$400.00","$4,800.00","Equity",',
      '"Cash & Cash Investments","--","--","--","$10.00","Cash and Money Market",',
      '"Positions Total","","--","--","$4,810.00","--",',
    ].join('\r\n');
    expect(parseBrokerCsv('schwab', csv)).toEqual({
      portfolio: { MSFT: 12 },
      skipped: [
        { row: 5, reason: R.cash },
        { row: 6, reason: R.total },
      ],
      accounts: ['Individual ...123'],
    });
  });

  it('reads the 2025 layout: padded preamble, 21 columns without trailing comma, N/A values (own file)', () => {
    expect(parseBrokerCsv('schwab', roth2025)).toEqual({
      portfolio: { MSFT: 2.5, KO: 10.4123, IVV: 8, OBMCX: 52.75 },
      skipped: [
        { row: 8, reason: R.options }, // a short call, quantity -1
        { row: 9, reason: R.cash },
        { row: 10, reason: R.total },
      ],
      accounts: ['Roth Contributory IRA ...777'],
    });
  });
});
