import { describe, expect, it } from 'vitest';
import { SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import positions2025 from './fixtures/own__fidelity_Portfolio_Positions_2025.csv?raw';
import statement2019 from './fixtures/bankroll__fidelity_positions.csv?raw';
import positionsMock from './fixtures/fidelity-account-overview__example.csv?raw';
import statement2025 from './fixtures/opensteuerauszug__Statement12312025.csv?raw';
import ownPositions from './fixtures/own__fidelity_Portfolio_Positions.csv?raw';

describe('Fidelity Portfolio_Positions download', () => {
  it('reads the three-account mock (BOM, CRLF, $ and +/- values, 401(k) trailing comma, footer)', () => {
    expect(positionsMock.charCodeAt(0)).toBe(0xfeff);
    expect(positionsMock).toContain('\r\n');
    expect(parseBrokerCsv('fidelity', positionsMock)).toEqual({
      portfolio: {
        ABC: 56.724, // 41.28 (individual) + 15.444 (Roth IRA), summed exactly
        DEF: 48.208,
        GHI: 59.452,
        JKL: 10.194,
        WTF: 11.415,
        FFXYZ: 99.195,
        FFPDQ: 81.854,
      },
      skipped: [],
      accounts: ['Z1234567', '12345678', '12345'],
      lots: [
        { symbol: 'ABC', quantity: '41.28', cost: '1440.09', acquired: null, line: 2 },
        { symbol: 'DEF', quantity: '48.208', cost: '1111.14', acquired: null, line: 3 },
        { symbol: 'GHI', quantity: '59.452', cost: '4188.94', acquired: null, line: 4 },
        { symbol: 'JKL', quantity: '10.194', cost: '4191.12', acquired: null, line: 5 },
        { symbol: 'ABC', quantity: '15.444', cost: '1518.41', acquired: null, line: 6 }, // the Roth IRA's ABC: its own lot
        { symbol: 'WTF', quantity: '11.415', cost: '4111.1', acquired: null, line: 7 },
        { symbol: 'FFXYZ', quantity: '99.195', cost: '1482.91', acquired: null, line: 8 },
        { symbol: 'FFPDQ', quantity: '81.854', cost: '1424.51', acquired: null, line: 9 },
      ],
    });
  });

  it('skips SPAXX**/FDRXX** core cash, Pending Activity, options and T-bills by CUSIP (own file)', () => {
    expect(ownPositions.charCodeAt(0)).toBe(0xfeff);
    expect(parseBrokerCsv('fidelity', ownPositions)).toEqual({
      portfolio: { AAPL: 29.125, MSFT: 1005.5, FXAIX: 10.001 },
      skipped: [
        { row: 2, reason: R.cash }, // SPAXX**
        { row: 5, reason: R.options }, // " -AAPL250117C200"
        { row: 6, reason: R.pending },
        { row: 7, reason: R.cash }, // FDRXX**
        { row: 10, reason: R.cusip }, // 912797GK7
      ],
      accounts: ['X11111111', '222222222'],
      lots: [
        { symbol: 'AAPL', quantity: '25', cost: '3500', acquired: null, line: 3 },
        { symbol: 'MSFT', quantity: '1005.5', cost: '5000', acquired: null, line: 4 },
        { symbol: 'AAPL', quantity: '4.125', cost: '600', acquired: null, line: 8 },
        { symbol: 'FXAIX', quantity: '10.001', cost: '1500', acquired: null, line: 9 },
      ],
    });
  });
});

describe('Fidelity Portfolio_Positions, 2023+ layout', () => {
  it('reads Cost Basis Total / Average Cost Basis, padded lines, "$1.00 " values; skips FIMM money market (own file)', () => {
    expect(parseBrokerCsv('fidelity', positions2025)).toEqual({
      portfolio: { FXAIX: 50.712, IAU: 100, VGK: 1005.5 },
      skipped: [
        { row: 2, reason: R.cash }, // SPAXX**
        { row: 5, reason: R.cash }, // FRGXX, FIMM GOVERNMENT PORTFOLIO
        { row: 6, reason: R.pending },
        { row: 7, reason: R.cash }, // FZFXX**
      ],
      accounts: ['Z11122233', 'Z99988877'],
      lots: [
        { symbol: 'FXAIX', quantity: '40.512', cost: '7500', acquired: null, line: 3 }, // "$7,500.00 " (Cost Basis Total)
        { symbol: 'IAU', quantity: '100', cost: '5000', acquired: null, line: 4 },
        { symbol: 'FXAIX', quantity: '10.2', cost: '2000', acquired: null, line: 8 },
        { symbol: 'VGK', quantity: '1005.5', cost: '70000', acquired: null, line: 9 },
      ],
    });
  });
});

describe('Fidelity monthly statement CSV', () => {
  it('reads the 2019 statement: stocks kept; bond CUSIP, options, core CASH and subtotals skipped', () => {
    expect(parseBrokerCsv('fidelity', statement2019)).toEqual({
      portfolio: { ROBO: 10, AAPL: 100, V: 20 },
      skipped: [
        { row: 13, reason: R.total },
        { row: 15, reason: R.cusip },
        { row: 17, reason: R.total },
        { row: 19, reason: R.options },
        { row: 20, reason: R.options },
        { row: 22, reason: R.total },
        { row: 24, reason: R.cash },
        { row: 26, reason: R.total },
      ],
      accounts: ['X12345678'],
      lots: [
        { symbol: 'ROBO', quantity: '10', cost: '300', acquired: null, line: 9 },
        { symbol: 'AAPL', quantity: '100', cost: '14000', acquired: null, line: 10 },
        { symbol: 'V', quantity: '20', cost: '2600', acquired: null, line: 11 },
      ],
    });
  });

  it('reads the 2025 statement: VT kept, the FDIC sweep rows of the Core Account are cash', () => {
    expect(statement2025.endsWith('\n')).toBe(false);
    expect(parseBrokerCsv('fidelity', statement2025)).toEqual({
      portfolio: { VT: 200.8724 },
      skipped: [
        { row: 12, reason: R.total },
        { row: 16, reason: R.cash },
        { row: 17, reason: R.cash },
        { row: 18, reason: R.total },
      ],
      accounts: ['U12349876'],
      lots: [{ symbol: 'VT', quantity: '200.8724', cost: '28295.8', acquired: null, line: 11 }],
    });
  });
});
