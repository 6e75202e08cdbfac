import { describe, expect, it } from 'vitest';
import type { CorporateActions } from '../corporate-actions';
import type { ActivityDraft } from './activity';
import { findCorporateActionOffers } from './dividend-offers';

function activity(fields: Partial<ActivityDraft> & Pick<ActivityDraft, 'type' | 'date'>): ActivityDraft {
  return {
    symbol: 'AAPL',
    quantity: null,
    price: null,
    fee: null,
    amount: null,
    currency: 'USD',
    note: null,
    ...fields,
  };
}
const buy = (date: string, quantity: string, symbol = 'AAPL') =>
  activity({ type: 'buy', date, quantity, price: '100', symbol });
const sell = (date: string, quantity: string) => activity({ type: 'sell', date, quantity, price: '100' });
const dividend = (date: string, amount: string) => activity({ type: 'dividend', date, amount });
const split = (date: string, ratio: string) => activity({ type: 'split', date, quantity: ratio });

/** AAPL's 2020 as the vendors give it (Polygon's and FMP's fixtures). */
const AAPL_2020: CorporateActions = {
  dividends: [
    { exDate: '2020-02-07', payDate: '2020-02-13', amount: '0.77', currency: 'USD' },
    { exDate: '2020-05-08', payDate: '2020-05-14', amount: '0.82', currency: 'USD' },
    { exDate: '2020-08-07', payDate: '2020-08-13', amount: '0.82', currency: 'USD' },
    { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
  ],
  splits: [{ date: '2020-08-31', ratio: '4' }],
};

const offer = (exDate: string, payDate: string, perShare: string, sharesHeld: string, amount: string) => ({
  symbol: 'AAPL',
  exDate,
  payDate,
  currency: 'USD',
  perShare,
  sharesHeld,
  amount,
});

describe('findCorporateActionOffers', () => {
  it('offers the dividends a holder of 100 shares lacks, and the 4-for-1 split, paying the last one on 400', () => {
    const history = [buy('2020-01-15', '100'), dividend('2020-05-14', '82')];

    expect(findCorporateActionOffers(history, 'AAPL', AAPL_2020)).toEqual({
      dividends: [
        offer('2020-02-07', '2020-02-13', '0.77', '100', '77'),
        offer('2020-08-07', '2020-08-13', '0.82', '100', '82'),
        offer('2020-11-06', '2020-11-12', '0.205', '400', '82'),
      ],
      splits: [{ symbol: 'AAPL', date: '2020-08-31', ratio: '4', sharesBefore: '100', sharesAfter: '400' }],
    });
  });

  it('offers nothing for a history that records every one (dividends a few days off their pay date, the split the next day)', () => {
    const history = [
      buy('2020-01-15', '100'),
      dividend('2020-02-13', '77'),
      dividend('2020-05-18', '82'), // 4 days after the pay date
      dividend('2020-08-07', '82'), // entered on the ex-date
      split('2020-09-01', '4'),
      dividend('2020-11-09', '82'), // 3 days before the pay date
    ];
    expect(findCorporateActionOffers(history, 'AAPL', AAPL_2020)).toEqual({ dividends: [], splits: [] });
  });

  it('a dividend recorded more than 5 days after its pay date is not that one', () => {
    const history = [buy('2020-01-15', '100'), dividend('2020-02-19', '77')];
    const offers = findCorporateActionOffers(history, 'AAPL', {
      dividends: AAPL_2020.dividends.slice(0, 1),
      splits: [],
    });
    expect(offers.dividends).toEqual([offer('2020-02-07', '2020-02-13', '0.77', '100', '77')]);
  });

  it('counts shares held before the ex-date session: a buy on the ex-date is not paid, a sell on it is', () => {
    const actions: CorporateActions = {
      dividends: [{ exDate: '2020-02-07', payDate: '2020-02-13', amount: '0.77', currency: 'USD' }],
      splits: [],
    };
    const boughtOnExDate = [buy('2020-01-15', '10'), buy('2020-02-07', '90')];
    expect(findCorporateActionOffers(boughtOnExDate, 'AAPL', actions).dividends).toEqual([
      offer('2020-02-07', '2020-02-13', '0.77', '10', '7.7'),
    ]);
    const soldOnExDate = [buy('2020-01-15', '100'), sell('2020-02-07', '100')];
    expect(findCorporateActionOffers(soldOnExDate, 'AAPL', actions).dividends).toEqual([
      offer('2020-02-07', '2020-02-13', '0.77', '100', '77'),
    ]);
    const soldBefore = [buy('2020-01-15', '100'), sell('2020-02-06', '100')];
    expect(findCorporateActionOffers(soldBefore, 'AAPL', actions)).toEqual({ dividends: [], splits: [] });
  });

  it('keeps fractional shares exact: 12.5 shares at 0.205 is 2.5625', () => {
    const history = [buy('2020-10-01', '12.5')];
    expect(findCorporateActionOffers(history, 'AAPL', AAPL_2020).dividends).toEqual([
      offer('2020-11-06', '2020-11-12', '0.205', '12.5', '2.5625'),
    ]);
  });

  it('on the day of a split, trades are at the new count: 100 before, 50 bought that day, 450 at the ex-date', () => {
    const history = [buy('2020-01-15', '100'), buy('2020-08-31', '50')];
    const offers = findCorporateActionOffers(history, 'AAPL', {
      dividends: AAPL_2020.dividends.slice(3),
      splits: AAPL_2020.splits,
    });
    expect(offers).toEqual({
      dividends: [offer('2020-11-06', '2020-11-12', '0.205', '450', '92.25')],
      splits: [{ symbol: 'AAPL', date: '2020-08-31', ratio: '4', sharesBefore: '100', sharesAfter: '400' }],
    });
  });

  it('a reverse split of 1-for-10 and a ratio recorded in the history both count', () => {
    const history = [buy('2019-01-02', '1000'), split('2019-06-03', '2')];
    const offers = findCorporateActionOffers(history, 'AAPL', {
      dividends: [{ exDate: '2020-03-02', amount: '1.5', currency: 'USD' }],
      splits: [
        { date: '2019-06-03', ratio: '2' },
        { date: '2020-01-06', ratio: '0.1' },
      ],
    });
    expect(offers).toEqual({
      dividends: [
        {
          symbol: 'AAPL',
          exDate: '2020-03-02',
          currency: 'USD',
          perShare: '1.5',
          sharesHeld: '200',
          amount: '300',
        },
      ],
      splits: [
        { symbol: 'AAPL', date: '2020-01-06', ratio: '0.1', sharesBefore: '2000', sharesAfter: '200' },
      ],
    });
  });

  it('without a pay date, a dividend recorded within 60 days of the ex-date is that one; each recorded one answers once', () => {
    // A monthly payer (no pay dates, as Yahoo gives them): one recorded dividend, two paid.
    const actions: CorporateActions = {
      dividends: [
        { exDate: '2020-01-30', amount: '0.2', currency: 'USD' },
        { exDate: '2020-02-27', amount: '0.2', currency: 'USD' },
      ],
      splits: [],
    };
    const history = [
      buy('2019-12-02', '50', 'O'),
      activity({ type: 'dividend', date: '2020-03-05', amount: '10', symbol: 'O' }), // within both windows
    ];
    expect(findCorporateActionOffers(history, 'o', actions).dividends).toEqual([
      { symbol: 'O', exDate: '2020-02-27', currency: 'USD', perShare: '0.2', sharesHeld: '50', amount: '10' },
    ]);
  });

  it("leaves other symbols' activities aside, and a split of shares no longer held is not offered", () => {
    const history = [
      buy('2020-01-15', '100', 'MSFT'),
      dividend('2020-02-13', '77'), // an AAPL dividend on no AAPL shares: nothing to match
      activity({ type: 'dividend', date: '2020-11-12', amount: '51', symbol: 'MSFT' }),
    ];
    expect(findCorporateActionOffers(history, 'AAPL', AAPL_2020)).toEqual({ dividends: [], splits: [] });
  });

  it('transfers in and out change the shares held', () => {
    const history = [
      activity({ type: 'transfer_in', date: '2020-01-15', quantity: '30' }),
      activity({ type: 'transfer_out', date: '2020-04-01', quantity: '10' }),
    ];
    const offers = findCorporateActionOffers(history, 'AAPL', {
      dividends: AAPL_2020.dividends.slice(0, 2),
      splits: [],
    });
    expect(offers.dividends.map(({ sharesHeld, amount }) => [sharesHeld, amount])).toEqual([
      ['30', '23.1'],
      ['20', '16.4'],
    ]);
  });

  it('a history the ledger refuses before the ex-date (more sold than held) gets no offer on that date', () => {
    const history = [buy('2020-01-15', '10'), sell('2020-01-20', '20')];
    const offers = findCorporateActionOffers(history, 'AAPL', {
      dividends: AAPL_2020.dividends.slice(0, 1),
      splits: [],
    });
    expect(offers).toEqual({ dividends: [], splits: [] });
  });
});
