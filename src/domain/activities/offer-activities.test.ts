import { describe, expect, it } from 'vitest';
import type { DividendOffer, SplitOffer } from './dividend-offers';
import { dividendActivity, dividendOfferId, splitActivity, splitOfferId } from './offer-activities';

const AAPL_AUGUST: DividendOffer = {
  symbol: 'AAPL',
  exDate: '2020-08-07',
  payDate: '2020-08-13',
  currency: 'USD',
  perShare: '0.82',
  sharesHeld: '12.345',
  amount: '10.1229',
};

describe('offer activities', () => {
  it('keys an offer by listing, date, currency and amount per share', () => {
    expect(dividendOfferId(AAPL_AUGUST)).toBe('dividend:AAPL:2020-08-07:USD:0.82');
    expect(
      splitOfferId({ symbol: 'AAPL', date: '2020-08-31', ratio: '4', sharesBefore: '1', sharesAfter: '4' }),
    ).toBe('split:AAPL:2020-08-31');
  });

  it('dates a dividend by its pay date and rounds its amount half away from zero to the cent', () => {
    expect(dividendActivity(AAPL_AUGUST, 'from Yahoo')).toEqual({
      type: 'dividend',
      date: '2020-08-13',
      symbol: 'AAPL',
      quantity: '12.345',
      price: '0.82',
      fee: null,
      // 12.345 × 0.82 = 10.1229
      amount: '10.12',
      currency: 'USD',
      note: 'from Yahoo',
    });
    // 0.5 × 0.205 = 0.1025 -> 0.10; 0.5 × 0.21 = 0.105 -> 0.11 (half away from zero)
    const half = { ...AAPL_AUGUST, sharesHeld: '0.5', perShare: '0.21' };
    expect(dividendActivity(half, '').amount).toBe('0.11');
  });

  it('dates a dividend without a pay date by its ex-date, and records pence in pounds', () => {
    const { payDate: _none, ...noPayDate } = AAPL_AUGUST;
    expect(dividendActivity(noPayDate, '').date).toBe('2020-08-07');
    const vodafone: DividendOffer = {
      symbol: 'VOD.L',
      exDate: '2024-06-06',
      currency: 'GBX',
      perShare: '4.5',
      sharesHeld: '1001',
      amount: '4504.5',
    };
    expect(dividendActivity(vodafone, '')).toMatchObject({
      currency: 'GBP',
      price: '0.045',
      // 1001 × £0.045 = £45.045 -> £45.05
      amount: '45.05',
    });
  });

  it("records a split's ratio as its quantity, in the holding's currency", () => {
    const split: SplitOffer = {
      symbol: 'VOD.L',
      date: '2024-01-02',
      ratio: '0.1',
      sharesBefore: '10',
      sharesAfter: '1',
    };
    expect(splitActivity(split, 'GBP', 'from FMP')).toEqual({
      type: 'split',
      date: '2024-01-02',
      symbol: 'VOD.L',
      quantity: '0.1',
      price: null,
      fee: null,
      amount: null,
      currency: 'GBP',
      note: 'from FMP',
    });
  });
});
