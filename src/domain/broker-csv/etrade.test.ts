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
    });
  });
});
