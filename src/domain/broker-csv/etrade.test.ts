import { describe, expect, it } from 'vitest';
import { SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import portfolioDownload from './fixtures/quantfolio__PortfolioDownload.csv?raw';
import portfolioDownloadWithLots from './fixtures/own__etrade_PortfolioDownload_lots.csv?raw';

describe('E*TRADE PortfolioDownload', () => {
  it('reads the positions after the summary and filter blocks; CUSIP, CASH and TOTAL skipped', () => {
    expect(parseBrokerCsv('etrade', portfolioDownload)).toEqual({
      portfolio: {
        ALFIQ: 3, // delisted, $0: still a position
        ACN: 1.014,
        MMATQ: 1,
        BA: 1,
        MRVL: 1.007,
        LUV: 2.156,
        QBTS: 2,
        SPY: 0.125, // ".1250"
        HOOD: 1,
        ANET: 1,
        NVS: 1.024,
        SCHD: 17.664,
        SOXL: 3.032,
        ONON: 7,
        AAPL: 1.034,
        TSM: 1.023,
        TSLA: 3,
        NVDA: 10.008,
        TQQQ: 73.183,
        VOO: 6.437,
      },
      skipped: [
        { row: 15, reason: R.cusip }, // 629999590
        { row: 32, reason: R.cash },
        { row: 33, reason: R.total },
      ],
      lots: [
        { symbol: 'ALFIQ', quantity: '3', cost: '41.37', acquired: null, line: 11 },
        { symbol: 'ACN', quantity: '1.014', cost: '247.960011', acquired: null, line: 12 }, // Price Paid $ 244.5365 × 1.0140
        { symbol: 'MMATQ', quantity: '1', cost: '15.87', acquired: null, line: 13 },
        { symbol: 'BA', quantity: '1', cost: '246.48', acquired: null, line: 14 },
        { symbol: 'MRVL', quantity: '1.007', cost: '70.4399521', acquired: null, line: 16 },
        { symbol: 'LUV', quantity: '2.156', cost: '96.1099524', acquired: null, line: 17 },
        { symbol: 'QBTS', quantity: '2', cost: '13.53', acquired: null, line: 18 },
        { symbol: 'SPY', quantity: '0.125', cost: '57.63', acquired: null, line: 19 },
        { symbol: 'HOOD', quantity: '1', cost: '45.27', acquired: null, line: 20 },
        { symbol: 'ANET', quantity: '1', cost: '102.18', acquired: null, line: 21 },
        { symbol: 'NVS', quantity: '1.024', cost: '109.7299968', acquired: null, line: 22 },
        { symbol: 'SCHD', quantity: '17.664', cost: '491.58912', acquired: null, line: 23 },
        { symbol: 'SOXL', quantity: '3.032', cost: '108.7799736', acquired: null, line: 24 },
        { symbol: 'ONON', quantity: '7', cost: '225.9397', acquired: null, line: 25 },
        { symbol: 'AAPL', quantity: '1.034', cost: '139.1900488', acquired: null, line: 26 },
        { symbol: 'TSM', quantity: '1.023', cost: '104.7499827', acquired: null, line: 27 },
        { symbol: 'TSLA', quantity: '3', cost: '662.8401', acquired: null, line: 28 },
        { symbol: 'NVDA', quantity: '10.008', cost: '765.6900624', acquired: null, line: 29 },
        { symbol: 'TQQQ', quantity: '73.183', cost: '1959.9285596', acquired: null, line: 30 },
        { symbol: 'VOO', quantity: '6.437', cost: '2335.9602646', acquired: null, line: 31 },
      ],
    });
  });

  it('counts tax lots as part of their position (2023 download re-saved by a spreadsheet, own file)', () => {
    // Each position is followed by its lots, indented, with the acquisition date as symbol; lines padded
    // to 10 fields; LF.
    expect(parseBrokerCsv('etrade', portfolioDownloadWithLots)).toEqual({
      portfolio: { VTTSX: 250.5, VTI: 55, BND: 18.2034 },
      skipped: [
        { row: 21, reason: R.cash },
        { row: 22, reason: R.total },
      ],
      lots: [
        { symbol: 'VTTSX', quantity: '120', cost: '5872.8', acquired: '2021-08-02', line: 13 }, // 120 × 48.94, the lot row "     08/02/2021"
        { symbol: 'VTTSX', quantity: '2.5', cost: '120.25', acquired: '2021-12-30', line: 14 },
        { symbol: 'VTTSX', quantity: '12', cost: '533.28', acquired: '2022-02-22', line: 15 },
        { symbol: 'VTTSX', quantity: '116', cost: '4642.32', acquired: '2023-09-19', line: 16 },
        { symbol: 'VTI', quantity: '40', cost: '7420', acquired: '2022-03-10', line: 18 },
        { symbol: 'VTI', quantity: '15', cost: '3031.5', acquired: '2022-04-05', line: 19 },
        { symbol: 'BND', quantity: '18.2034', cost: '1317.92616', acquired: null, line: 20 }, // no lot rows: the position, 18.2034 × 72.4, date unknown
      ],
    });
  });

  it('skips option positions written the E*TRADE way', () => {
    const csv = [
      "Symbol,Last Price $,Change $,Change %,Quantity,Price Paid $,Day's Gain $,Total Gain $,Total Gain %,Value $",
      'AAPL,255.78,-5.95,-2.27,1.0340,134.6132,-6.1523,125.2865,90.0112,264.4765',
      "AAPL Jan 16 '26 $200 Call,55.00,1.00,1.85,1.0000,40.00,100.00,1500.00,37.50,5500.00",
    ].join('\r\n');
    expect(parseBrokerCsv('etrade', csv)).toEqual({
      portfolio: { AAPL: 1.034 },
      skipped: [{ row: 3, reason: R.options }],
      lots: [{ symbol: 'AAPL', quantity: '1.034', cost: '139.1900488', acquired: null, line: 2 }],
    });
  });

  it('keeps a position as one lot of unknown date when its lot rows do not add up to it; a blank price stays null', () => {
    const csv = [
      "Symbol,Last Price $,Change $,Change %,Quantity,Price Paid $,Day's Gain $,Total Gain $,Total Gain %,Value $",
      'VTI,221.33,0,0,55,190.12,0,0,0,12173.15',
      '     03/10/2022,221.33,0,0,40,185.5,0,0,0,8853.2', // 40 of 55: a lot is missing
      'BND,70.72,0,0,10,--,0,0,0,707.2',
      '     02/30/2022,70.72,0,0,10,,0,0,0,707.2', // no such day, no price
    ].join('\n');
    expect(parseBrokerCsv('etrade', csv).lots).toEqual([
      { symbol: 'VTI', quantity: '55', cost: '10456.6', acquired: null, line: 2 },
      { symbol: 'BND', quantity: '10', cost: null, acquired: null, line: 5 },
    ]);
  });
});
