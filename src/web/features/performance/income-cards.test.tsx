// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type HoldingIncome,
  type RealizedByYearResponse,
  type RealizedYear,
} from '../../../contracts/income';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { DividendIncomeCard } from './dividend-income-card';
import { PerformanceView } from './performance-view';
import { RealizedByYearCard } from './realized-by-year-card';
import {
  fullAnswer,
  INCOME_ME,
  NO_INCOME,
  NO_REALIZED,
  ok,
  PERFORMANCE_ME,
  REALIZED_ME,
  savedBaseCurrency,
} from './testing/performance-stubs';

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
    inBase: { total: 13.25, trailing12m: 10.85, forward12m: 4.85 },
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
        inBase: { total: 3, trailing12m: 3, forward12m: 0 },
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
    sources: { prices: ['simulated'], fx: {} },
    ...overrides,
  };
  return { status: 200, body };
}

const figures = (shortTerm: number | null, longTerm: number | null, total: number | null) => ({
  proceeds: 1000,
  costBasis: total === null ? null : 900,
  shortTerm,
  longTerm,
  total,
});

function yearOf(year: number, overrides: Partial<RealizedYear>): RealizedYear {
  return {
    year,
    inBase: figures(50, 300, 350),
    byCurrency: [{ currency: 'USD', ...figures(50, 300, 350) }],
    holdings: [{ symbol: 'AAPL', currency: 'USD', inBase: figures(50, 300, 350) }],
    ...overrides,
  };
}

function realizedReply(overrides: Partial<RealizedByYearResponse>) {
  const body: RealizedByYearResponse = { ...NO_REALIZED, ...overrides };
  return { status: 200, body };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function incomeCard() {
  renderAt('/performance', <DividendIncomeCard portfolio="me" />);
  return waitFor(() => screen.getByRole('region', { name: /Dividend income/ }), WAIT);
}

describe('the dividend income card', () => {
  it('shows the last 12 months, both yields and the estimate labelled an estimate, and the rows by holding', async () => {
    const api = stubApi({ [INCOME_ME]: incomeReply({}) });
    const card = await incomeCard();
    await waitFor(() => expect(within(card).getByText('$13.85')).toBeTruthy(), WAIT);
    expect(within(card).getByText(/in USD, each at its day's exchange rate/)).toBeTruthy();
    expect(within(card).getByText('Since Jul 2, 2023')).toBeTruthy();
    expect(within(card).getAllByText('1.81%').length).toBeGreaterThan(0);
    expect(within(card).getByText('Estimate')).toBeTruthy();
    expect(within(card).getByText(FORWARD_ESTIMATE_NOTE)).toBeTruthy();
    expect(within(card).getByText('Simulated prices')).toBeTruthy();
    expect(within(card).queryByText('Simulated rates')).toBeNull();
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

  it('shows every figure in the base currency, a holding’s own currency beneath, and simulated rates said so', async () => {
    stubApi({
      [INCOME_ME]: incomeReply({
        currency: 'EUR',
        trailing12m: { amount: 12.04, byCurrency: [{ currency: 'USD', amount: 13.85 }] },
        byYear: [{ period: '2024', amount: 7.87, byCurrency: [{ currency: 'USD', amount: 9.05 }] }],
        holdings: [holdingIncome({ inBase: { total: 11.52, trailing12m: 9.43, forward12m: 4.22 } })],
        sources: { prices: ['yahoo'], fx: { USD: 'simulated' } },
      }),
    });
    const card = await incomeCard();
    await waitFor(() => expect(within(card).getByText('€12.04')).toBeTruthy(), WAIT);
    expect(within(card).getByText(/in EUR, each at its day's exchange rate/)).toBeTruthy();
    const byHolding = within(card).getByRole('region', { name: 'Dividends by holding' });
    expect(cellsOf(within(byHolding).getByRole('row', { name: /^AAPL/ }))).toEqual([
      '€9.43$10.85',
      '€11.52$13.25',
      '1.81%',
      '1.09%',
      '€4.22$4.85',
    ]);
    const byYear = within(card).getByRole('region', { name: 'Dividends by year' });
    expect(within(byYear).getByRole('row', { name: /2024/ }).textContent).toBe('2024€7.87');
    expect(within(card).getByText('Simulated rates')).toBeTruthy();
    expect(within(card).queryByText('Simulated prices')).toBeNull();
    expect(within(card).getByText(/^Simulated exchange rates \(USD\): no market data provider/)).toBeTruthy();
  });

  it('shows a payment without a rate in its own currency and says why', async () => {
    stubApi({
      [INCOME_ME]: incomeReply({
        trailing12m: {
          amount: null,
          byCurrency: [
            { currency: 'SEK', amount: 30 },
            { currency: 'USD', amount: 4.6 },
          ],
        },
        holdings: [
          holdingIncome({
            symbol: 'VOLV-B.ST',
            currency: 'SEK',
            total: 30,
            trailing12m: 30,
            inBase: { total: null, trailing12m: null, forward12m: null },
          }),
        ],
        yield: {
          onCost: 0.0092,
          onValue: null,
          costBasis: 500,
          marketValue: null,
          unknownCost: ['PEP'],
          unpriced: ['KO'],
        },
        missingRates: ['SEK'],
        sources: { prices: [], fx: {} },
      }),
    });
    const card = await incomeCard();
    await waitFor(() => expect(within(card).getByText('SEK 30.00 + $4.60')).toBeTruthy(), WAIT);
    const byHolding = within(card).getByRole('region', { name: 'Dividends by holding' });
    expect(cellsOf(within(byHolding).getByRole('row', { name: /^VOLV-B\.ST/ })).slice(0, 2)).toEqual([
      'SEK\u00a030.00',
      'SEK\u00a030.00',
    ]);
    expect(
      within(card).getByText(
        'Payments in SEK have no exchange rate to USD on their day: a figure that includes them is shown in each currency.',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('The yield on cost leaves out PEP: cost unknown.')).toBeTruthy();
    expect(within(card).getByText('The yield on value leaves out KO: no price today.')).toBeTruthy();
    expect(within(card).queryByText('Simulated prices')).toBeNull();
  });

  it('says so when no dividend is recorded', async () => {
    stubApi({ ...NO_INCOME });
    renderAt('/performance', <DividendIncomeCard portfolio="me" />);
    await waitFor(() => expect(screen.getByText(/No dividends recorded yet/)).toBeTruthy(), WAIT);
    expect(screen.queryByText('Estimate')).toBeNull();
  });

  it('shows skeleton rows while it loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderAt('/performance', <DividendIncomeCard portfolio="me" />);
    expect(screen.getByText('Loading the dividend income…')).toBeTruthy();
    expect(screen.getByText(/in your base currency/)).toBeTruthy();
  });

  it('leaves both cards out for a portfolio without a history: they could only say "nothing yet"', async () => {
    const api = stubApi({
      [INCOME_ME]: incomeReply({ hasHistory: false, holdings: [], byMonth: [], byYear: [] }),
      [REALIZED_ME]: realizedReply({ hasHistory: false }),
    });
    renderAt(
      '/performance',
      <>
        <DividendIncomeCard portfolio="me" />
        <RealizedByYearCard portfolio="me" />
      </>,
    );
    await waitFor(() => expect(api.requests).toHaveLength(2), WAIT);
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull(), WAIT);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it("shows the server's message when the income cannot be loaded, and asks again on 'Try again'", async () => {
    const api = stubApi({
      [INCOME_ME]: {
        status: 403,
        body: { error: { code: 'SUBSCRIPTION_REQUIRED', message: 'Portfolio accounts need Premium.' } },
      },
    });
    renderAt('/performance', <DividendIncomeCard portfolio="me" />);
    const alert = await waitFor(() => screen.getByRole('alert'), WAIT);
    expect(alert.textContent).toContain('Portfolio accounts need Premium.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.requests.filter((r) => r.route === INCOME_ME)).toHaveLength(2), WAIT);
  });
});

async function realizedTable() {
  renderAt('/performance', <RealizedByYearCard portfolio="me" />);
  const card = await waitFor(() => screen.getByRole('region', { name: 'Realized gains by year' }), WAIT);
  const table = await waitFor(() => within(card).getByRole('table'), WAIT);
  return { card, rows: within(table).getAllByRole('row').slice(1) };
}

describe('the realized gains by year card', () => {
  it('shows each year short and long term, newest first, and an unknown gain as — with the reason', async () => {
    stubApi({
      [REALIZED_ME]: realizedReply({
        years: [
          yearOf(2025, {
            inBase: figures(50, null, null),
            byCurrency: [{ currency: 'USD', ...figures(50, null, null) }],
            holdings: [{ symbol: 'KO', currency: 'USD', inBase: figures(50, null, null) }],
          }),
          yearOf(2024, {}),
        ],
      }),
    });
    const { card, rows } = await realizedTable();
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2025KO', '2024AAPL']);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual(['+$50.00', '+$300.00', '+$350.00']);
    expect(cellsOf(rows[0] as HTMLElement)).toEqual(['+$50.00', '—unknown cost', '—unknown cost']);
    expect(within(card).getByText(/Matched by first in, first out \(FIFO\)/)).toBeTruthy();
    expect(within(card).getByText(/Unknown cost: some shares sold came in without a price/)).toBeTruthy();
    expect(within(card).queryByText(/each purchase at its day's exchange rate/)).toBeNull();
  });

  it('shows the years in the base currency, says how sales in other currencies convert, and simulated rates', async () => {
    stubApi({
      [REALIZED_ME]: realizedReply({
        currency: 'EUR',
        years: [
          yearOf(2024, {
            inBase: figures(0, 206.25, 206.25),
            holdings: [
              { symbol: 'AAPL', currency: 'USD', inBase: figures(0, 6.25, 6.25) },
              { symbol: 'SAP.DE', currency: 'EUR', inBase: figures(0, 200, 200) },
            ],
          }),
        ],
        sources: { fx: { USD: 'simulated' } },
      }),
    });
    const { card, rows } = await realizedTable();
    expect(within(card).getByText(/gained or lost in EUR/)).toBeTruthy();
    expect(cellsOf(rows[0] as HTMLElement)).toEqual(['€0.00', '+€206.25', '+€206.25']);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('2024AAPL, SAP.DE');
    expect(
      within(card).getByText(
        "In EUR: each purchase at its day's exchange rate and each sale at its own, so a gain includes what the currency did while the shares were held.",
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Simulated rates')).toBeTruthy();
    expect(within(card).getByText(/^Simulated exchange rates \(USD\)/)).toBeTruthy();
  });

  it('shows a year with a sale without a rate in each currency, and says why', async () => {
    stubApi({
      [REALIZED_ME]: realizedReply({
        currency: 'EUR',
        years: [
          yearOf(2024, {
            inBase: null,
            byCurrency: [
              { currency: 'SEK', ...figures(100, 0, 100) },
              { currency: 'USD', ...figures(-20, 0, -20) },
            ],
            holdings: [
              { symbol: 'AAPL', currency: 'USD', inBase: figures(-62.5, 0, -62.5) },
              { symbol: 'VOLV-B.ST', currency: 'SEK', inBase: null },
            ],
          }),
        ],
        missingRates: ['SEK'],
      }),
    });
    const { card, rows } = await realizedTable();
    expect(cellsOf(rows[0] as HTMLElement)).toEqual([
      // Intl writes a no-break space after a currency code.
      '+SEK\u00a0100.00-$20.00',
      'SEK\u00a00.00$0.00',
      '+SEK\u00a0100.00-$20.00',
    ]);
    expect(
      within(card).getByText(/^Sales in SEK have no exchange rate to EUR on a trade's day/),
    ).toBeTruthy();
  });

  it('says so when nothing was sold', async () => {
    stubApi({ [REALIZED_ME]: realizedReply({}) });
    renderAt('/performance', <RealizedByYearCard portfolio="me" />);
    await waitFor(() => expect(screen.getByText(/No sales yet/)).toBeTruthy(), WAIT);
  });
});

describe('on the Performance view', () => {
  it('shows both sections beside the returns, and asks again for them when the base currency changes', async () => {
    const currency = savedBaseCurrency();
    const api = stubApi({
      ...currency.routes,
      [PERFORMANCE_ME]: () => ok(fullAnswer({ currency: currency.saved() })),
      [INCOME_ME]: () => incomeReply({ currency: currency.saved() }),
      [REALIZED_ME]: () => realizedReply({ currency: currency.saved(), years: [yearOf(2024, {})] }),
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    await waitFor(() => screen.getByRole('region', { name: /Dividend income/ }), WAIT);
    const realized = await waitFor(
      () => screen.getByRole('region', { name: 'Realized gains by year' }),
      WAIT,
    );
    await waitFor(
      () => expect(within(realized).getByText('+$350.00', { selector: 'td' })).toBeTruthy(),
      WAIT,
    );
    const select = await waitFor(() => screen.getByLabelText<HTMLSelectElement>('Base currency'), WAIT);
    await waitFor(() => expect(select.value).toBe('USD'), WAIT);
    fireEvent.change(select, { target: { value: 'EUR' } });
    await waitFor(
      () => expect(within(realized).getByText('+€350.00', { selector: 'td' })).toBeTruthy(),
      WAIT,
    );
    expect(api.requests.filter((r) => r.route === INCOME_ME)).toHaveLength(2);
    expect(api.requests.filter((r) => r.route === REALIZED_ME)).toHaveLength(2);
    expect(api.unexpected).toEqual([]);
  });
});
