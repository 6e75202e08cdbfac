// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERFORMANCE_MESSAGES } from '../../../contracts/performance';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { PerformanceView } from './performance-view';
import { MWR_EXPLANATION, TWR_EXPLANATION } from '../../../contracts/performance-text';
import {
  BASE_CURRENCY,
  fullAnswer,
  NO_HISTORY_REPLY,
  NO_INCOME,
  ok,
  PERFORMANCE_ME,
  savedBaseCurrency,
  USD_SETTING,
} from './testing/performance-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };

const region = (name: string) => screen.getByRole('region', { name });
const card = (testId: string) => screen.getByTestId(testId);
/** The cells of a table's body rows. */
const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

async function renderFull(answer = fullAnswer()) {
  const api = stubApi({ [PERFORMANCE_ME]: ok(answer), [BASE_CURRENCY]: USD_SETTING, ...NO_INCOME });
  renderAt('/performance?portfolio=me', <PerformanceView portfolio="me" />);
  await waitFor(() => card('twr'), WAIT);
  return api;
}

describe('the returns', () => {
  it('shows TWR and MWR with their explanations, yearly rates for a period over a year, and the benchmark beside them', async () => {
    const api = await renderFull();
    expect(card('twr').textContent).toBe(`Time-weighted return+21.00%+10.00% a year${TWR_EXPLANATION}`);
    expect(card('mwr').textContent).toBe(`Money-weighted return+19.50%+9.34% a year${MWR_EXPLANATION}`);
    expect(card('benchmark-return').textContent).toBe(
      'Benchmark: SPY+25.00%+11.80% a yearSPY over the same days, time-weighted.' +
        'Your deposits and withdrawals in SPY:+23.12% (+10.99% a year) money-weighted',
    );
    expect(screen.getByTestId('period').textContent).toBe(
      'From the close of Mar 31, 2022 to the close of Apr 5, 2024, in USD.',
    );
    expect(api.unexpected).toEqual([]);
  });

  it('gives no yearly rate for a period of a year or less', async () => {
    await renderFull(fullAnswer({ twrAnnualized: null, mwrAnnualized: null }));
    expect(card('twr').textContent).not.toContain('a year');
    expect(card('mwr').textContent).not.toContain('a year');
  });

  it('says why there is no money-weighted return instead of a number', async () => {
    await renderFull(fullAnswer({ mwr: null, mwrAnnualized: null, mwrUnavailable: 'NO_SIGN_CHANGE' }));
    expect(card('mwr').textContent).toBe(
      'Money-weighted return—None' +
        'No money-weighted return: all the money went the same way (only in, or only out), so no rate balances it.' +
        MWR_EXPLANATION,
    );
  });

  it("shows the benchmark's own message when it has no history, and says so when there is none", async () => {
    await renderFull(
      fullAnswer({ benchmark: { symbol: 'ZZZZ', available: false, message: 'ZZZZ has no price history' } }),
    );
    expect(card('benchmark-return').textContent).toBe('Benchmark: ZZZZZZZZ has no price history');
    cleanup();
    await renderFull(fullAnswer({ benchmark: null }));
    expect(card('benchmark-return').textContent).toBe('BenchmarkNo benchmark chosen.');
  });

  it('says when the period was moved to the history or to the last day with figures', async () => {
    await renderFull(
      fullAnswer({
        period: { ...fullAnswer().period, startsBeforeHistory: true, endsAfterAsOf: true, range: 'CUSTOM' },
      }),
    );
    const period = screen.getByTestId('period').textContent;
    expect(period).toContain('it starts the day before the first activity');
    expect(period).toContain('It ends on Apr 5, 2024, the last day with figures.');
  });
});

describe('the breakdown', () => {
  it('goes from the start value to the end value part by part, and the parts add up', async () => {
    await renderFull();
    const rows = rowsOf(screen.getByTestId('breakdown'));
    expect(rows).toEqual([
      ['Value at the close of Mar 31, 2022', '$10,000.00'],
      ['Money in less money outwhat you put in, less what you took out', '+$1,000.00'],
      ['Priceprices of what you held went up or down', '+$1,234.56'],
      ['Dividendspaid by what you held', '+$150.25'],
      ['Intereston cash and bonds', '+$12.34'],
      ['Feesof trades and of the account', '-$9.99'],
      ['Taxeswithheld or paid', '-$22.50'],
      ['Currencyexchange rates against your base currency', '+$86.01'],
      ['Value at the close of Apr 5, 2024', '$12,450.67'],
    ]);
    expect(rowsOf(screen.getByTestId('gains'))).toEqual([
      ['Realizedon what was sold', '+$400.10'],
      ['Unrealizedon what is still held', '+$910.48'],
    ]);
  });

  it("shows every figure in the answer's currency", async () => {
    await renderFull(fullAnswer({ currency: 'EUR' }));
    expect(rowsOf(screen.getByTestId('breakdown'))[0]).toEqual([
      'Value at the close of Mar 31, 2022',
      '€10,000.00',
    ]);
  });
});

describe('the charts', () => {
  it('describes the charts in words and gives their figures as a table on request', async () => {
    await renderFull();
    expect(screen.getByTestId('chart-summary').textContent).toBe(
      'Value from $10,000.00 on Mar 31, 2022 to $12,450.67 on Apr 5, 2024; net invested from $10,000.00 to $11,000.00.' +
        'Time-weighted return +21.00% over the period, against +25.00% for SPY.',
    );
    expect(screen.queryByTestId('series-table')).toBeNull();
    const details = screen.getByText('Show the figures as a table').closest('details');
    if (!details) throw new Error('no details');
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const table = await waitFor(() => screen.getByTestId('series-table'), WAIT);
    expect(rowsOf(table)).toEqual([
      ['Mar 31, 2022', '$10,000.00', '$10,000.00', '0.00%', '0.00%'],
      ['Mar 31, 2023', '$11,500.00', '$11,000.00', '+5.00%', '+10.00%'],
      ['Apr 5, 2024', '$12,450.67', '$11,000.00', '+21.00%', '+25.00%'],
    ]);
  });
});

describe('where the figures came from', () => {
  it('lists each approximation in words, labels simulated sources Simulated, and gives the date of the figures', async () => {
    await renderFull();
    expect(
      within(screen.getByTestId('approximations'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'AAPL: last close carried forward, 2024-03-29 to 2024-04-01',
      'GBP: last rate carried forward, 2024-03-29',
    ]);
    expect(
      within(screen.getByTestId('sources'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Prices: Simulated (AAPL, SPY)',
      'Prices: Yahoo Finance (VOD.L)',
      'Exchange rates: Simulated (GBP)',
    ]);
    expect(within(region('About these figures')).getByText('Simulated')).toBeTruthy();
    expect(screen.getByTestId('as-of').textContent).toBe('Figures as of Apr 5, 2024.');
  });

  it('lists the first five approximations and the rest on request', async () => {
    const days = ['01-09', '01-20', '02-17', '04-18', '05-26', '06-19', '07-04'];
    await renderFull(
      fullAnswer({
        approximations: days.map((day) => ({
          subject: 'AAPL',
          kind: 'carried' as const,
          from: `2025-${day}`,
          to: `2025-${day}`,
        })),
      }),
    );
    const items = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items('approximations')).toEqual(
      days.slice(0, 5).map((day) => `AAPL: last close carried forward, 2025-${day}`),
    );
    expect(screen.getByText('Show 2 more')).toBeTruthy();
    expect(items('approximations-more')).toEqual([
      'AAPL: last close carried forward, 2025-06-19',
      'AAPL: last close carried forward, 2025-07-04',
    ]);
  });

  it('labels nothing Simulated when every source is a vendor', async () => {
    await renderFull(fullAnswer({ sources: { prices: { AAPL: 'yahoo' }, fx: {} }, approximations: [] }));
    expect(within(region('About these figures')).queryByText(/Simulated/)).toBeNull();
    expect(screen.queryByTestId('approximations')).toBeNull();
  });
});

describe('the period, benchmark and base currency', () => {
  it('asks for the period chosen, and for from–to dates only with both', async () => {
    const api = stubApi({
      ...NO_INCOME,
      [PERFORMANCE_ME]: ok(fullAnswer()),
      [BASE_CURRENCY]: USD_SETTING,
      'GET /api/performance?portfolio=me&range=YTD&benchmark=SPY': ok(
        fullAnswer({ twr: 0.03, twrAnnualized: null }),
      ),
      'GET /api/performance?portfolio=me&from=2024-01-02&to=2024-02-01&benchmark=SPY': ok(
        fullAnswer({ twr: -0.015, twrAnnualized: null }),
      ),
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    const ytd = await waitFor(() => screen.getByRole('button', { name: 'YTD' }), WAIT);
    expect(screen.getByRole('button', { name: 'Max' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(ytd);
    await waitFor(() => expect(card('twr').textContent).toContain('+3.00%'), WAIT);
    expect(ytd.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'From–to' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show these dates' }));
    expect(screen.getByText(PERFORMANCE_MESSAGES.datesTogether)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show these dates' }));
    await waitFor(() => expect(card('twr').textContent).toContain('-1.50%'), WAIT);
    expect(api.unexpected).toEqual([]);
  });

  it('compares with the benchmark typed, refuses one that is not a ticker, and asks for none when emptied', async () => {
    const api = stubApi({
      ...NO_INCOME,
      [PERFORMANCE_ME]: ok(fullAnswer()),
      [BASE_CURRENCY]: USD_SETTING,
      'GET /api/performance?portfolio=me&range=MAX&benchmark=QQQ': ok(
        fullAnswer({
          benchmark: {
            symbol: 'QQQ',
            available: true,
            twr: 0.4,
            twrAnnualized: null,
            mwr: null,
            mwrAnnualized: null,
            mwrUnavailable: 'NO_FLOWS',
          },
        }),
      ),
      'GET /api/performance?portfolio=me&range=MAX&benchmark=none': ok(fullAnswer({ benchmark: null })),
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    const field = await waitFor(() => screen.getByLabelText<HTMLInputElement>('Benchmark'), WAIT);
    expect(field.value).toBe('SPY');
    fireEvent.change(field, { target: { value: 'A B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(screen.getByText(PERFORMANCE_MESSAGES.benchmarkInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'qqq' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(
      () => expect(card('benchmark-return').textContent).toContain('Benchmark: QQQ+40.00%'),
      WAIT,
    );

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(
      () => expect(card('benchmark-return').textContent).toBe('BenchmarkNo benchmark chosen.'),
      WAIT,
    );
    expect(api.unexpected).toEqual([]);
  });

  it('saves the base currency and reads the returns again in it', async () => {
    const currency = savedBaseCurrency();
    const api = stubApi({
      ...NO_INCOME,
      ...currency.routes,
      [PERFORMANCE_ME]: () => ok(fullAnswer({ currency: currency.saved() })),
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    const select = await waitFor(() => screen.getByLabelText<HTMLSelectElement>('Base currency'), WAIT);
    await waitFor(() => expect(select.value).toBe('USD'), WAIT);
    fireEvent.change(select, { target: { value: 'EUR' } });
    await waitFor(() => expect(screen.getByTestId('period').textContent).toContain('in EUR.'), WAIT);
    expect(select.value).toBe('EUR');
    expect(api.requests.find((r) => r.route.startsWith('PUT'))?.body).toEqual({ currency: 'EUR' });
    expect(api.requests.filter((r) => r.route === PERFORMANCE_ME)).toHaveLength(2);
  });
});

describe('the states', () => {
  it('shows a skeleton while the returns load', async () => {
    stubApi({ [BASE_CURRENCY]: USD_SETTING, [PERFORMANCE_ME]: ok(fullAnswer()), ...NO_INCOME });
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderAt('/performance', <PerformanceView portfolio="me" />);
    expect(screen.getByText('Loading the returns…')).toBeTruthy();
    expect(screen.queryByTestId('twr')).toBeNull();
  });

  it("shows the server's message when the returns cannot be had, with the controls to change the period", async () => {
    stubApi({
      ...NO_INCOME,
      [BASE_CURRENCY]: USD_SETTING,
      [PERFORMANCE_ME]: {
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'The period ends before the first activity' } },
      },
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    const alert = await waitFor(() => screen.getByRole('alert'), WAIT);
    expect(alert.textContent).toContain('The period ends before the first activity');
    expect(screen.getByRole('button', { name: 'YTD' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What changed the value' })).toBeNull();
  });

  it('shows the empty state of a portfolio without a history, with where to add one', async () => {
    const api = stubApi({ [BASE_CURRENCY]: USD_SETTING, [PERFORMANCE_ME]: NO_HISTORY_REPLY, ...NO_INCOME });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    const empty = await waitFor(() => screen.getByTestId('no-history'), WAIT);
    expect(empty.textContent).toBe('Add your transactions or import a file to see returns');
    expect(screen.getByRole('link', { name: 'Add your transactions' }).getAttribute('href')).toBe(
      '/activity?portfolio=me',
    );
    expect(screen.getByRole('link', { name: 'Import a file' }).getAttribute('href')).toBe(
      '/activity?portfolio=me',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Returns' })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });

  it("sends a paper portfolio's empty state to Paper Trading", async () => {
    const key = 'paper:0b6c7c2e-0000-4000-8000-000000000009';
    stubApi({
      ...NO_INCOME,
      [BASE_CURRENCY]: USD_SETTING,
      [`GET /api/performance?portfolio=${encodeURIComponent(key)}&range=MAX&benchmark=SPY`]: NO_HISTORY_REPLY,
    });
    renderAt('/performance', <PerformanceView portfolio={key} />);
    await waitFor(() => screen.getByTestId('no-history'), WAIT);
    expect(screen.getByRole('link', { name: 'Trade on Paper Trading' }).getAttribute('href')).toBe(
      '/paper-trading',
    );
  });

  it('treats another 422 as an error, not as the empty state', async () => {
    stubApi({
      ...NO_INCOME,
      [BASE_CURRENCY]: USD_SETTING,
      [PERFORMANCE_ME]: {
        status: 422,
        body: { error: { code: 'NO_FX_RATES', message: 'No exchange rates for XYZ' } },
      },
    });
    renderAt('/performance', <PerformanceView portfolio="me" />);
    await waitFor(() => screen.getByRole('alert'), WAIT);
    expect(screen.queryByTestId('no-history')).toBeNull();
  });
});
