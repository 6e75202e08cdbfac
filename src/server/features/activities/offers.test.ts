/**
 * GET /api/activities/offers and POST /api/activities/offers/accept (issue 27 item 4): a vendor's dividend and
 * split history (a scripted Yahoo adapter) against a history, the offers on the shares held, accepting them in one
 * transaction, and the simulator that has none and says so.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_OFFERS_MESSAGES as M,
  ZAcceptOffersResponse,
  ZActivityOffersResponse,
  type ActivityOffersResponse,
} from '../../../contracts/activity-offers';
import { ZActivityListResponse, ZHoldingsResponse } from '../../../contracts/activities';
import type { CorporateActions } from '../../../domain/corporate-actions';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { createTestAppWithVendors, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import type { FastifyInstance } from 'fastify';

const NOW = new Date('2024-06-30T12:00:00Z');

/** AAPL's 2020 as Yahoo gives it, and a dividend announced but not yet paid on NOW. */
const AAPL: CorporateActions = {
  dividends: [
    { exDate: '2020-02-07', payDate: '2020-02-13', amount: '0.77', currency: 'USD' },
    { exDate: '2020-05-08', payDate: '2020-05-14', amount: '0.82', currency: 'USD' },
    { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
    { exDate: '2024-06-28', payDate: '2024-07-15', amount: '0.25', currency: 'USD' },
  ],
  splits: [{ date: '2020-08-31', ratio: '4' }],
};

let t: TestApp;
let app: FastifyInstance;
const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1, supports: (s) => s === 'AAPL' });
yahoo.onCorporateActions = async () => AAPL;

beforeAll(async () => {
  t = await createTestAppWithVendors({ adapters: [yahoo], now: () => NOW });
  app = t.app;
});
afterAll(() => t.close());

async function add(who: TestUser, activity: Record<string, unknown>) {
  const res = await injectAs(who, app, {
    method: 'POST',
    url: '/api/activities',
    payload: { portfolio: 'me', currency: 'USD', ...activity },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function offers(who: TestUser, portfolio = 'me'): Promise<ActivityOffersResponse> {
  const res = await injectAs(who, app, {
    method: 'GET',
    url: `/api/activities/offers?portfolio=${portfolio}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZActivityOffersResponse.parse(res.json());
}

const accept = (who: TestUser, ids: string[]) =>
  injectAs(who, app, {
    method: 'POST',
    url: '/api/activities/offers/accept',
    payload: { portfolio: 'me', offers: ids },
  });

async function activityCount(who: TestUser): Promise<number> {
  const res = await injectAs(who, app, { method: 'GET', url: '/api/activities?portfolio=me' });
  return ZActivityListResponse.parse(res.json()).activities.length;
}

describe('offers of dividends and splits', () => {
  it('offers the dividends paid on shares held that the history lacks, and the split, from the vendor', async () => {
    const user = await signUpUser(app);
    await add(user, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 300, date: '2020-01-02' });
    // May's dividend is recorded (paid on the 14th, typed on the 15th).
    await add(user, { type: 'dividend', symbol: 'AAPL', amount: 8.2, date: '2020-05-15' });

    const answer = await offers(user);

    expect(answer).toEqual({
      portfolio: 'me',
      splits: [
        {
          id: 'split:AAPL:2020-08-31',
          symbol: 'AAPL',
          date: '2020-08-31',
          ratio: 4,
          sharesBefore: 10,
          sharesAfter: 40,
          source: 'yahoo',
        },
      ],
      dividends: [
        {
          id: 'dividend:AAPL:2020-02-07:USD:0.77',
          symbol: 'AAPL',
          exDate: '2020-02-07',
          payDate: '2020-02-13',
          date: '2020-02-13',
          currency: 'USD',
          perShare: 0.77,
          sharesHeld: 10,
          amount: 7.7,
          source: 'yahoo',
        },
        // After the 4-for-1 split: 40 shares × $0.205. The dividend paid on 2024-07-15 is not received yet.
        {
          id: 'dividend:AAPL:2020-11-06:USD:0.205',
          symbol: 'AAPL',
          exDate: '2020-11-06',
          payDate: '2020-11-12',
          date: '2020-11-12',
          currency: 'USD',
          perShare: 0.205,
          sharesHeld: 40,
          amount: 8.2,
          source: 'yahoo',
        },
      ],
      symbols: ['AAPL'],
      sources: ['yahoo'],
      simulated: false,
      note: null,
    });
    expect(yahoo.callsOf('corporateActions').at(-1)?.args).toEqual(['AAPL', '2020-01-02', '2024-06-30']);
  });

  it('adds the chosen offers in one transaction, noting the vendor; they are then no longer offered', async () => {
    const user = await signUpUser(app);
    await add(user, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 300, date: '2020-01-02' });
    const { dividends, splits } = await offers(user);
    const ids = [...splits, ...dividends].map((offer) => offer.id);
    expect(ids).toHaveLength(4);

    const res = await accept(user, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAcceptOffersResponse.parse(res.json())).toEqual({ added: 4 });

    const listed = await injectAs(user, app, {
      method: 'GET',
      url: '/api/activities?portfolio=me&type=dividend',
    });
    const added = ZActivityListResponse.parse(listed.json()).activities;
    expect(added.map((a) => [a.date, a.amount, a.source.kind])).toEqual([
      ['2020-11-12', 8.2, 'manual'],
      ['2020-05-14', 8.2, 'manual'],
      ['2020-02-13', 7.7, 'manual'],
    ]);
    expect(added[0]?.note).toBe(
      "Added from Yahoo Finance's dividend history: ex-date 2020-11-06, 0.205 USD a share on 40 shares.",
    );
    const holdings = ZHoldingsResponse.parse(
      (await injectAs(user, app, { method: 'GET', url: '/api/holdings?portfolio=me' })).json(),
    );
    expect(holdings.holdings[0]).toMatchObject({ symbol: 'AAPL', quantity: 40 });
    expect(holdings.currencies[0]?.dividends).toBe(24.1);

    expect(await offers(user)).toMatchObject({ dividends: [], splits: [] });
  });

  it('refuses the whole accept when one offer chosen is no longer offered: nothing is added', async () => {
    const user = await signUpUser(app);
    await add(user, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 300, date: '2020-01-02' });
    const { dividends } = await offers(user);
    const february = dividends[0]?.id as string;
    // Typed meanwhile: February's dividend is recorded, so it is no longer offered.
    await add(user, { type: 'dividend', symbol: 'AAPL', amount: 7.7, date: '2020-02-13' });
    const before = await activityCount(user);

    expectError(await accept(user, [dividends[1]?.id as string, february]), 409, 'CONFLICT', M.offerGone);
    expectError(await accept(user, ['dividend:AAPL:1999-01-01:USD:1']), 409, 'CONFLICT', M.offerGone);
    expect(await activityCount(user)).toBe(before);
  });

  it('with no vendor for the listings held (the simulator), offers nothing and says so', async () => {
    const user = await signUpUser(app);
    await add(user, { type: 'buy', symbol: 'MSFT', quantity: 5, price: 200, date: '2020-01-02' });
    expect(await offers(user)).toEqual({
      portfolio: 'me',
      dividends: [],
      splits: [],
      symbols: ['MSFT'],
      sources: [],
      simulated: true,
      note: M.simulated,
    });
  });

  it('answers an empty portfolio with nothing looked up, and refuses a paper portfolio and a plan without accounts', async () => {
    const user = await signUpUser(app);
    expect(await offers(user)).toMatchObject({ dividends: [], symbols: [], simulated: false, note: null });
    const paper = await injectAs(user, app, {
      method: 'GET',
      url: `/api/activities/offers?portfolio=paper:${randomUUID()}`,
    });
    expectError(paper, 403, 'FORBIDDEN');
    const account = await injectAs(user, app, {
      method: 'GET',
      url: `/api/activities/offers?portfolio=account:${randomUUID()}`,
    });
    expectError(account, 403, 'SUBSCRIPTION_REQUIRED');
    expectError(
      await injectAs(undefined, app, { method: 'GET', url: '/api/activities/offers?portfolio=me' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
