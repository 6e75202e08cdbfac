import { describe, expect, it } from 'vitest';
import { SKIP_REASONS as R } from './brokers';
import { parseBrokerCsv } from './index';
import activity from './fixtures/own__robinhood_activity.csv?raw';

const HEADER =
  '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"';

describe('Robinhood account activity report', () => {
  it('derives holdings from Buy and Sell rows (own file in the report layout)', () => {
    expect(parseBrokerCsv('robinhood', activity)).toEqual({
      // AAPL 10 + 2.5 - 4; F 43.70681 + 0.615384 (dividend reinvestment, a three-line description)
      portfolio: { AAPL: 8.5, F: 44.322194 },
      skipped: [
        { row: 2, reason: R.notATrade('INT') },
        { row: 3, reason: R.options }, // STC
        { row: 4, reason: R.options }, // BTO
        { row: 7, reason: R.soldMoreThanBought }, // NVDA: a sell, no buy in the report
        { row: 9, reason: R.closedInReport }, // TSLA: 3 bought, 3 sold
        { row: 11, reason: R.notATrade('GOLD') },
        { row: 12, reason: R.notATrade('SLIP') },
        { row: 16, reason: R.notATrade('CDIV') },
      ],
    });
  });

  it('numbers rows by the line they start on, across multi-line descriptions', () => {
    const csv = [
      HEADER,
      '"1/3/2024","1/3/2024","1/5/2024","F","Ford Motor\nCUSIP: 345370860","Buy","2","$11.80","($23.60)"',
      '"1/3/2024","1/3/2024","1/5/2024","GME","GameStop\nCUSIP: 36467W109","Buy","","$11.80","($23.60)"',
    ].join('\n');
    expect(parseBrokerCsv('robinhood', csv)).toEqual({
      portfolio: { F: 2 },
      skipped: [{ row: 4, reason: R.noQuantity }],
    });
  });

  it('names the other layouts when the header is missing', () => {
    expect(() => parseBrokerCsv('robinhood', 'Symbol,Quantity\nAAPL,1\n')).toThrow(
      'No Robinhood activity header found. Expected columns named "Instrument", "Trans Code" and "Quantity". This looks like a list of positions: choose the broker that exported it, or generic CSV.',
    );
    expect(() => parseBrokerCsv('fidelity', activity)).toThrow(
      'No Fidelity positions header found. Expected columns named "Symbol" and "Quantity". This looks like a Robinhood account activity report: choose Robinhood.',
    );
  });
});
