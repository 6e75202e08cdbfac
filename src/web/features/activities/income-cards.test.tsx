// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HoldingsResponse } from '../../../contracts/activities';
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type HoldingIncome,
  type RealizedByYearResponse,
} from '../../../contracts/income';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ActivityView } from './activity-view';
import { DividendIncomeCard } from './dividend-income-card';
import { RealizedByYearCard } from './realized-by-year-card';
import {
  HOLDINGS_ME,
  INCOME_ME,
  LIST_ME,
  NO_INCOME,
  NO_OFFERS,
  OFFERS_ME,
  REALIZED_ME,
} from './testing/activity-view-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };

function holdingIncome(overrides: Partial<HoldingIncome>): HoldingIncome {
  return {
    symbol: 'AAPL',
    currency: 'USD',
    quantity: 5,
    total: 13.25,
    trailing12m: 10.85,
    costBasis: 600,
    marketValue: 1000,
    yieldOnCost: 0.01808333,
    yieldOnValue: 0.01085,
    forward12m: { kind: 'estimate', amount: 4.85, payments: 4, unscaled: 0 },
    ...overrides,
  };
}

function incomeReply(overrides: Partial<DividendIncomeResponse>) {
  const body: DividendIncomeResponse = {
    portfolio: 'me',
    currency: 'USD',
    asOf: '2024-07-01',
    trailingFrom: '2023-07-02',
    hasHistory: true,
    total: { amount: 16.25, byCurrency: [{ currency: 'USD', amount: 16.25 }] },
    trailing12m: { amount: 13.85, byCurrency: [{ currency: 'USD', amount: 13.85 }] },
    byMonth: [
      { period: '2023-05', amount: 2.4, byCurrency: [{ currency: 'USD', amount: 2.4 }] },
      { period: '2024-05', amount: 4.25, byCurrency: [{ currency: 'USD', amount: 4.25 }] },
    ],
    byYear: [
      { period: '2023', amount: 7.2, byCurrency: [{ currency: 'USD', amount: 7.2 }] },
      { period: '2024', amount: 9.05, byCurrency: [{ currency: 'USD', amount: 9.05 }] },
    ],
    holdings: [
      holdingIncome({}),
      holdingIncome({
        symbol: 'KO',
        quantity: 0,
        total: 3,
        trailing12m: 3,
        costBasis: null,
        marketValue: null,
        yieldOnCost: null,
        yieldOnValue: null,
        forward12m: { kind: 'estimate', amount: 0, payments: 0, unscaled: 0 },
      }),
    ],
    yield: {
      onCost: 0.01808333,
      onValue: 0.01085,
      costBasis: 600,
      marketValue: 1000,
      unknownCost: [],
      unpriced: [],
    },
    forward12m: { kind: 'estimate', note: FORWARD_ESTIMATE_NOTE, amount: 4.85, byCurrency: [] },
    missingRates: [],
    sources: ['simulated'],
    ...overrides,
  };
  return { status: 200, body };
}

function realizedReply(overrides: Partial<RealizedByYearResponse>) {
  const body: RealizedByYearResponse = {
    portfolio: 'me',
    costBasisMethod: 'fifo',
    hasHistory: true,
    years: [],
    ...overrides,
  };
  return { status: 200, body };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the dividend income card', () => {
  it('shows the last 12 months, both yields and the estimate labelled an estimate, and the rows by holding', async () => {
    const api = stubApi({ [INCOME_ME]: incomeReply({}) });
    renderAt('/activity', <DividendIncomeCard portfolio="me" />);
    const card = await waitFor(() => screen.getByRole('region', { name: /Dividend income/ }), WAIT);
    await waitFor(() => expect(within(card).getByText('$13.85')).toBeTruthy(), WAIT);
    expect(within(card).getByText('Since Jul 2, 2023')).toBeTruthy();
    expect(within(card).getAllByText('1.81%').length).toBeGreaterThan(0);
    expect(within(card).getByText('Estimate')).toBeTruthy();
    expect(within(card).getByText(FORWARD_ESTIMATE_NOTE)).toBeTruthy();
    expect(within(card).getByText('Simulated prices')).toBeTruthy();
    const byHolding = within(card).getByRole('region', { name: 'Dividends by holding' });
    expect(cellsOf(within(byHolding).getByRole('row', { name: /^AAPL/ }))).toEqual([
      '$10.85',
      '$13.25',
      '1.81%',
      '1.09%',
      '$4.85',
    ]);
    // Not held: no yield, shown as — with the reason, never 0 %.
    const ko = within(byHolding).getByRole('row', { name: /^KO/ });
    expect(within(ko).getByText('Not held')).toBeTruthy();
    expect(cellsOf(ko).slice(2, 4)).toEqual([
      expect.stringMatching(/^—no yield/),
      expect.stringMatching(/^—no yield/),
    ]);
    const byYear = within(card).getByRole('region', { name: 'Dividends by year' });
    expect(
      within(byYear)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['YearDividends', '2024$9.05', '2023$7.20']);
    // Only the months of the last 12: May 2023 is before the window.
    const byMonth = within(card).getByRole('region', { name: 'Dividends by month, last 12 months' });
    expect(
      within(byMonth)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthDividends', 'May 2024$4.25']);
    expect(api.unexpected).toEqual([]);
  });

  it('shows a payment without a rate to USD in its own currency and says why', async () => {
    stubApi({
      [INCOME_ME]: incomeReply({
        trailing12m: {
          amount: null,
          byCurrency: [
            { currency: 'GBP', amount: 3 },
            { currency: 'USD', amount: 4.6 },
          ],
        },
        yield: {
          onCost: 0.0092,
          onValue: null,
          costBasis: 500,
          marketValue: null,
          unknownCost: ['PEP'],
          unpriced: ['KO'],
        },
        missingRates: ['GBP'],
        sources: [],
      }),
    });
    renderAt('/activity', <DividendIncomeCard portfolio="me" />);
    const card = await waitFor(() => screen.getByRole('region', { name: /Dividend income/ }), WAIT);
    await waitFor(() => expect(within(card).getByText('£3.00 + $4.60')).toBeTruthy(), WAIT);
    expect(within(card).getByText(/Payments in GBP are not converted to US dollars yet/)).toBeTruthy();
    expect(within(card).getByText('The yield on cost leaves out PEP: cost unknown.')).toBeTruthy();
    expect(within(card).getByText('The yield on value leaves out KO: no price today.')).toBeTruthy();
    expect(within(card).queryByText('Simulated prices')).toBeNull();
  });

  it('says so when no dividend is recorded', async () => {
    stubApi({ ...NO_INCOME });
    renderAt('/activity', <DividendIncomeCard portfolio="me" />);
    await waitFor(() => expect(screen.getByText(/No dividends recorded yet/)).toBeTruthy(), WAIT);
    expect(screen.queryByText('Estimate')).toBeNull();
  });

  it('leaves both cards out for a portfolio without a history: they could only say "nothing yet"', async () => {
    const api = stubApi({
      [INCOME_ME]: incomeReply({ hasHistory: false, holdings: [], byMonth: [], byYear: [] }),
      [REALIZED_ME]: realizedReply({ hasHistory: false }),
    });
    renderAt(
      '/activity',
      <>
        <DividendIncomeCard portfolio="me" />
        <RealizedByYearCard portfolio="me" />
      </>,
    );
    await waitFor(() => expect(api.requests).toHaveLength(2), WAIT);
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull(), WAIT);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it("shows the server's message when the income cannot be loaded", async () => {
    stubApi({
      [INCOME_ME]: {
        status: 403,
        body: { error: { code: 'SUBSCRIPTION_REQUIRED', message: 'Portfolio accounts need Premium.' } },
      },
    });
    renderAt('/activity', <DividendIncomeCard portfolio="me" />);
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toContain('Portfolio accounts need Premium.'),
      WAIT,
    );
  });
});

describe('the realized gains by year card', () => {
  it('shows each year short and long term, newest first, and an unknown gain as — with the reason', async () => {
    stubApi({
      [REALIZED_ME]: realizedReply({
        years: [
          {
            year: 2025,
            currency: 'USD',
            proceeds: 900,
            costBasis: null,
            shortTerm: 50,
            longTerm: null,
            total: null,
            holdings: [
              { symbol: 'KO', proceeds: 900, costBasis: null, shortTerm: 50, longTerm: null, total: null },
            ],
          },
          {
            year: 2024,
            currency: 'USD',
            proceeds: 1950,
            costBasis: 1600,
            shortTerm: 50,
            longTerm: 300,
            total: 350,
            holdings: [
              { symbol: 'AAPL', proceeds: 1950, costBasis: 1600, shortTerm: 50, longTerm: 300, total: 350 },
            ],
          },
        ],
      }),
    });
    renderAt('/activity', <RealizedByYearCard portfolio="me" />);
    const card = await waitFor(() => screen.getByRole('region', { name: 'Realized gains by year' }), WAIT);
    const table = await waitFor(() => within(card).getByRole('table'), WAIT);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2025KO', '2024AAPL']);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual(['+$50.00', '+$300.00', '+$350.00']);
    expect(cellsOf(rows[0] as HTMLElement)).toEqual(['+$50.00', '—unknown cost', '—unknown cost']);
    expect(within(card).getByText(/Matched by first in, first out \(FIFO\)/)).toBeTruthy();
    expect(within(card).getByText(/Unknown cost: some shares sold came in without a price/)).toBeTruthy();
  });

  it('says so when nothing was sold', async () => {
    stubApi({ [REALIZED_ME]: realizedReply({}) });
    renderAt('/activity', <RealizedByYearCard portfolio="me" />);
    await waitFor(() => expect(screen.getByText(/No sales yet/)).toBeTruthy(), WAIT);
  });

  it('asks again for the realized gains when the cost basis method changes', async () => {
    const holdings: HoldingsResponse = {
      portfolio: 'me',
      costBasisMethod: 'fifo',
      hasHistory: true,
      holdings: [
        {
          symbol: 'AAPL',
          currency: 'USD',
          quantity: 5,
          costBasis: 600,
          averageCost: 120,
          lots: [],
          price: 200,
          marketValue: 1000,
          unrealizedGain: 400,
          unrealizedGainPercent: 66.67,
          realizedGain: { total: 350, shortTerm: 50, longTerm: 300, thisYear: 350 },
        },
      ],
      currencies: [],
    };
    const api = stubApi({
      [HOLDINGS_ME]: { status: 200, body: holdings },
      [OFFERS_ME]: NO_OFFERS,
      ...NO_INCOME,
      [LIST_ME]: { status: 200, body: { activities: [], nextCursor: null } },
      'PUT /api/holdings/cost-basis-method?portfolio=me': {
        status: 200,
        body: { ...holdings, costBasisMethod: 'average' },
      },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    const average = await waitFor(() => screen.getByRole('button', { name: 'Average cost' }), WAIT);
    await waitFor(() => expect(api.requests.filter((r) => r.route === REALIZED_ME)).toHaveLength(1), WAIT);
    fireEvent.click(average);
    await waitFor(() => expect(api.requests.filter((r) => r.route === REALIZED_ME)).toHaveLength(2), WAIT);
    await waitFor(() => expect(api.requests.filter((r) => r.route === INCOME_ME)).toHaveLength(2), WAIT);
    expect(api.unexpected).toEqual([]);
  });
});
