// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render-page';
import { stubApi, type StubReply } from '../../testing/stub-api';
import ReturnsAgainstBenchmark from './returns-against-benchmark';
import { SIMULATED_SOURCES_NOTE } from '../../../contracts/performance-text';
import { fullAnswer, NO_HISTORY_REPLY, ok } from './testing/performance-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };
const MAX = 'GET /api/performance?portfolio=paper%3Ap1&range=MAX&benchmark=SPY';
const ONE_MONTH = 'GET /api/performance?portfolio=paper%3Ap1&range=1M&benchmark=SPY';
const paper = (overrides: Parameters<typeof fullAnswer>[0] = {}) =>
  fullAnswer({ portfolio: 'paper:p1', ...overrides });

function renderCard(routes: Record<string, StubReply>, hidden = false) {
  const api = stubApi(routes);
  renderAt(
    '/paper-trading',
    <ReturnsAgainstBenchmark portfolio="paper:p1" name="Practice Fund" hidden={hidden} />,
  );
  return api;
}

const card = () => screen.getByRole('region', { name: 'Return against SPY' });
/** Each figure's label and what it shows, as read. */
const figures = () =>
  [...card().querySelectorAll('dl > div')].map((figure) => [
    figure.querySelector('dt')?.textContent,
    figure.querySelector('dd')?.textContent,
  ]);

describe("the paper dashboard's return against SPY", () => {
  it('shows the time-weighted return beside SPY and the money-weighted one, since the portfolio opened', async () => {
    const api = renderCard({ [MAX]: ok(paper()) });
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    expect(figures()).toEqual([
      ['This portfoliotime-weighted', '+21.00%+10.00% a year'],
      ['SPYthe same days', '+25.00%+11.80% a year'],
      ['Your moneymoney-weighted', '+19.50%+9.34% a year'],
    ]);
    expect(within(card()).getByTestId('period').textContent).toBe(
      'From the close of Mar 31, 2022 to the close of Apr 5, 2024, in USD.',
    );
    expect(screen.getByRole('list', { name: 'Chart legend' }).textContent).toBe('This portfolioSPY');
    expect(
      within(card()).getByText('Time-weighted return +21.00% over the period, against +25.00% for SPY.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Max' }).getAttribute('aria-pressed')).toBe('true');
    const link = screen.getByRole('link', {
      name: 'All returns, the breakdown and sources of Practice Fund',
    });
    expect(link.getAttribute('href')).toBe('/performance?portfolio=paper%3Ap1');
    expect(api.unexpected).toEqual([]);
  });

  it('says when the prices were simulated, as the Performance view does, and not otherwise', async () => {
    renderCard({ [MAX]: ok(paper()) });
    const simulated = await waitFor(() => screen.getByTestId('returns-simulated'), WAIT);
    expect(simulated.textContent).toBe(`Simulated prices${SIMULATED_SOURCES_NOTE}`);
    cleanup();
    renderCard({ [MAX]: ok(paper({ sources: { prices: { AAPL: 'yahoo', SPY: 'yahoo' }, fx: {} } })) });
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    expect(screen.queryByTestId('returns-simulated')).toBeNull();
    expect(within(card()).queryByText(/Simulated/)).toBeNull();
  });

  it('asks for the period chosen among 1M, YTD, 1Y and Max', async () => {
    const api = renderCard({
      [MAX]: ok(paper()),
      [ONE_MONTH]: ok(paper({ twr: -0.0125, twrAnnualized: null, mwr: -0.0125, mwrAnnualized: null })),
    });
    const group = await waitFor(() => screen.getByRole('group', { name: 'Period' }), WAIT);
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1M', 'YTD', '1Y', 'Max']);
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    fireEvent.click(screen.getByRole('button', { name: '1M' }));
    await waitFor(() => expect(figures()[0]?.[1]).toBe('-1.25%'), WAIT);
    expect(screen.getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.requests.map((request) => request.route)).toEqual([MAX, ONE_MONTH]);
    expect(api.unexpected).toEqual([]);
  });

  it("draws no chart over a portfolio's first day: the day before it opened and that day", async () => {
    renderCard({ [MAX]: ok(paper({ series: paper().series.slice(0, 2) })) });
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    expect(
      within(card()).getByText(
        'The chart starts tomorrow: it draws one point a day, and a line needs two days.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chart legend' })).toBeNull();
  });

  it("gives the benchmark's own message when SPY has no figure, and why there is no money-weighted return", async () => {
    renderCard({
      [MAX]: ok(
        paper({
          benchmark: { symbol: 'SPY', available: false, message: 'SPY has no price history.' },
          series: paper().series.map((point) => ({ ...point, benchmarkIndex: null })),
          mwr: null,
          mwrAnnualized: null,
          mwrUnavailable: 'NO_FLOWS',
        }),
      ),
    });
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    expect(figures()[1]).toEqual(['SPYthe same days', 'SPY has no price history.']);
    expect(figures()[2]).toEqual([
      'Your moneymoney-weighted',
      '—NoneNo money-weighted return: nothing was invested in this period, or all of it on one day.',
    ]);
    expect(screen.getByRole('list', { name: 'Chart legend' }).textContent).toBe('This portfolio');
  });

  it("masks the portfolio's figures and chart while balances are hidden, not SPY's", async () => {
    renderCard({ [MAX]: ok(paper()) }, true);
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
    expect(figures()).toEqual([
      ['This portfoliotime-weighted', '••••••Hidden••••••Hidden'],
      ['SPYthe same days', '+25.00%+11.80% a year'],
      ['Your moneymoney-weighted', '••••••Hidden••••••Hidden'],
    ]);
    expect(within(card()).getByText('The chart is hidden with the balances.')).toBeTruthy();
    expect(within(card()).queryByText(/Time-weighted return \+21/)).toBeNull();
  });

  it('says there is nothing to measure for a portfolio without a history (422 NO_HISTORY)', async () => {
    renderCard({ [MAX]: NO_HISTORY_REPLY });
    const empty = await waitFor(() => screen.getByTestId('returns-no-history'), WAIT);
    expect(empty.textContent).toBe('No returns yet: this portfolio has no day of history to measure.');
    expect(screen.queryByRole('group', { name: 'Period' })).toBeNull();
    expect(screen.getByRole('link', { name: /All returns/ })).toBeTruthy();
  });

  it("shows the server's message when the returns cannot be read, and asks again", async () => {
    const failure: StubReply = {
      status: 422,
      body: { error: { code: 'NO_FX_RATES', message: 'No exchange rates for SEK.' } },
    };
    const api = renderCard({ [MAX]: failure });
    const alert = await waitFor(() => within(card()).getByRole('alert'), WAIT);
    expect(alert.textContent).toBe('No exchange rates for SEK.Try again');
    api.routes[MAX] = ok(paper());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figures()).toHaveLength(3), WAIT);
  });
});
