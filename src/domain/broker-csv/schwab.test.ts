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
      lots: [
        { symbol: 'BND', quantity: '36.8179', cost: '1801.19', acquired: null, line: 4 }, // "$1,801.19" (Cost Basis, the total)
        { symbol: 'VTI', quantity: '48.2304', cost: '3283.04', acquired: null, line: 5 },
      ],
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
      lots: [
        { symbol: 'SCHB', quantity: '40', cost: '900', acquired: null, line: 11 },
        { symbol: 'SCHF', quantity: '12.5', cost: '900', acquired: null, line: 12 },
        { symbol: 'SCHB', quantity: '1250', cost: '900', acquired: null, line: 20 },
      ],
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
      lots: [
        { symbol: 'SCHX', quantity: '42', cost: '900', acquired: null, line: 4 },
        { symbol: 'SCHH', quantity: '7.25', cost: '900', acquired: null, line: 5 },
      ],
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
      lots: [
        { symbol: 'MSFT', quantity: '2.5', cost: '1001.12', acquired: null, line: 4 },
        { symbol: 'KO', quantity: '10.4123', cost: '650', acquired: null, line: 5 },
        { symbol: 'IVV', quantity: '8', cost: '4200', acquired: null, line: 6 },
        { symbol: 'OBMCX', quantity: '52.75', cost: '2000', acquired: null, line: 7 },
      ],
    });
  });

  it('keeps a cost of N/A or -- as unknown (null), never 0', () => {
    const csv = [
      '"Symbol","Description","Quantity","Price","Market Value","Cost Basis","Security Type",',
      '"MSFT","MICROSOFT CORP","12","$400.00","$4,800.00","N/A","Equity",',
      '"KO","COCA-COLA CO","3","$70.00","$210.00","--","Equity",',
      '"IVV","ISHARES CORE S&P 500 ETF","1","$600.00","$600.00","$0.00","ETFs & Closed End Funds",',
    ].join('\r\n');
    expect(parseBrokerCsv('schwab', csv).lots).toEqual([
      { symbol: 'MSFT', quantity: '12', cost: null, acquired: null, line: 2 },
      { symbol: 'KO', quantity: '3', cost: null, acquired: null, line: 3 },
      { symbol: 'IVV', quantity: '1', cost: '0', acquired: null, line: 4 }, // what the file says
    ]);
  });
});
