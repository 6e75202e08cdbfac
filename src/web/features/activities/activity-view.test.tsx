// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity, Holding, HoldingsResponse } from '../../../contracts/activities';
import { AppError } from '../../../contracts/errors';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ActivityView } from './activity-view';
import { HOLDINGS_ME, LIST_ME, NO_OFFERS, OFFERS_ME } from './testing/activity-view-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 5_000 };

function holding(overrides: Partial<Holding>): Holding {
  return {
    symbol: 'AAPL',
    currency: 'USD',
    quantity: 6,
    costBasis: 540,
    averageCost: 90,
    lots: [],
    price: 200,
    marketValue: 1200,
    unrealizedGain: 660,
    unrealizedGainPercent: 122.2222,
    realizedGain: { total: 240, shortTerm: 240, longTerm: 0, thisYear: 240 },
    ...overrides,
  };
}

function holdingsReply(holdings: Holding[], overrides: Partial<HoldingsResponse> = {}) {
  const body: HoldingsResponse = {
    portfolio: 'me',
    costBasisMethod: 'fifo',
    hasHistory: true,
    holdings,
    currencies: [],
    ...overrides,
  };
  return { status: 200, body };
}

function activity(overrides: Partial<Activity>): Activity {
  return {
    id: '0b6c7c2e-0000-4000-8000-000000000001',
    portfolio: 'me',
    type: 'buy',
    date: '2025-06-02',
    symbol: 'AAPL',
    quantity: 10,
    price: 90,
    fee: null,
    amount: null,
    currency: 'USD',
    note: null,
    source: { kind: 'manual' },
    ...overrides,
  };
}

const holdingsRegion = () => screen.getByRole('region', { name: 'Holdings' });
const historyRegion = () => screen.getByRole('region', { name: 'Activity' });

describe('the holdings table', () => {
  it('shows cost basis, average cost and gains, and an unknown cost as — with the reason, never $0', async () => {
    const api = stubApi({
      [HOLDINGS_ME]: holdingsReply([
        holding({}),
        holding({
          symbol: 'MSFT',
          quantity: 3,
          costBasis: null,
          averageCost: null,
          unrealizedGain: null,
          unrealizedGainPercent: null,
          realizedGain: { total: null, shortTerm: null, longTerm: null, thisYear: null },
        }),
      ]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [activity({})], nextCursor: null } },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    const aapl = await waitFor(() => within(holdingsRegion()).getByRole('row', { name: /^AAPL/ }), WAIT);
    expect(
      within(aapl)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', '$540.00', '$90.00', '+$660.00', '+122.22%', '+$240.00']);
    const msft = within(holdingsRegion()).getByRole('row', { name: /^MSFT/ });
    const cells = within(msft)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '3',
      '—unknown cost',
      '—unknown cost',
      '—unknown cost',
      '—unknown cost',
      '—unknown cost',
    ]);
    expect(msft.textContent).not.toContain('$0');
    expect(
      within(holdingsRegion()).getByText(/Unknown cost: some shares came in without a price/),
    ).toBeTruthy();
    expect(api.unexpected).toEqual([]);
  });

  it('switches the cost basis method and shows the holdings the server answers', async () => {
    const api = stubApi({
      [HOLDINGS_ME]: holdingsReply([holding({})]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [activity({})], nextCursor: null } },
      'PUT /api/holdings/cost-basis-method?portfolio=me': holdingsReply([holding({ averageCost: 95 })], {
        costBasisMethod: 'average',
      }),
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    const average = await waitFor(
      () => within(holdingsRegion()).getByRole('button', { name: 'Average cost' }),
      WAIT,
    );
    expect(average.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(average);
    await waitFor(() => expect(average.getAttribute('aria-pressed')).toBe('true'), WAIT);
    expect(within(holdingsRegion()).getByText('$95.00')).toBeTruthy();
    expect(api.requests.find((r) => r.route.startsWith('PUT'))?.body).toEqual({ costBasisMethod: 'average' });
  });
});

describe('the activity list', () => {
  it('loads the next page with the cursor of the last one', async () => {
    const api = stubApi({
      [HOLDINGS_ME]: holdingsReply([]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [activity({})], nextCursor: 'page-2' } },
      [`${LIST_ME}&cursor=page-2`]: {
        status: 200,
        body: {
          activities: [
            activity({
              id: '0b6c7c2e-0000-4000-8000-000000000002',
              type: 'deposit',
              symbol: null,
              quantity: null,
              price: null,
              amount: 5000,
              date: '2024-01-02',
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    const loadMore = await waitFor(
      () => within(historyRegion()).getByRole('button', { name: 'Load more' }),
      WAIT,
    );
    fireEvent.click(loadMore);
    await waitFor(() => expect(within(historyRegion()).getByText('$5,000.00')).toBeTruthy(), WAIT);
    expect(within(historyRegion()).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });

  it('shows a paper portfolio read-only: no add, import, edit, delete or selection', async () => {
    const key = 'paper:0b6c7c2e-0000-4000-8000-00000000000f';
    stubApi({
      [`GET /api/holdings?portfolio=${encodeURIComponent(key)}`]: holdingsReply([holding({})], {
        portfolio: key,
      }),
      [`GET /api/activities?portfolio=${encodeURIComponent(key)}`]: {
        status: 200,
        body: { activities: [activity({ portfolio: key, source: { kind: 'paper' } })], nextCursor: null },
      },
    });
    renderAt('/activity', <ActivityView portfolio={key} />);
    await waitFor(() => expect(within(historyRegion()).getByText('Paper trade')).toBeTruthy(), WAIT);
    expect(screen.queryByRole('button', { name: 'Add activity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import activities' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Cost basis method' })).toBeNull();
  });

  it('says why when the list cannot be loaded (a plan the portfolio needs)', async () => {
    const key = 'account:0b6c7c2e-0000-4000-8000-00000000000a';
    const refusal = new AppError(
      'SUBSCRIPTION_REQUIRED',
      'This feature requires a Premium or Professional plan.',
    );
    stubApi({
      [`GET /api/holdings?portfolio=${encodeURIComponent(key)}`]: { status: 403, body: refusal.toBody() },
      [`GET /api/activities?portfolio=${encodeURIComponent(key)}`]: { status: 403, body: refusal.toBody() },
    });
    renderAt('/activity', <ActivityView portfolio={key} />);
    await waitFor(
      () => expect(within(historyRegion()).getByRole('alert').textContent).toContain('Premium'),
      WAIT,
    );
    expect(within(holdingsRegion()).getByRole('alert').textContent).toContain('Premium');
  });
});

describe('the activity form', () => {
  it("sends what was typed and shows the server's message under each field it names", async () => {
    const fields = {
      symbol: 'Symbol is required for buy',
      date: 'Date cannot be in the future (today is 2026-11-27)',
    };
    const api = stubApi({
      [HOLDINGS_ME]: holdingsReply([]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [], nextCursor: null } },
      'POST /api/activities': {
        status: 400,
        body: new AppError('VALIDATION_ERROR', fields.date, { fields }).toBody(),
      },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: 'Add activity' }), WAIT));
    const dialog = screen.getByRole('dialog', { name: 'Add activity' });
    // A deposit takes an amount only: the share fields are not shown.
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'deposit' } });
    expect(within(dialog).queryByLabelText('Quantity')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'buy' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-01-01' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '0.1' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '187.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add activity' }));

    const symbol = within(dialog).getByLabelText('Symbol');
    await waitFor(() => expect(symbol.getAttribute('aria-invalid')).toBe('true'), WAIT);
    const describedBy = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy(symbol)).toContain(fields.symbol);
    expect(describedBy(within(dialog).getByLabelText('Date'))).toContain(fields.date);
    expect(api.requests.find((r) => r.route === 'POST /api/activities')?.body).toEqual({
      portfolio: 'me',
      type: 'buy',
      date: '2030-01-01',
      symbol: null,
      quantity: '0.1',
      price: '187.25',
      fee: null,
      amount: null,
      currency: 'USD',
      note: null,
    });
  });

  it('says a refusal of the whole activity above the buttons', async () => {
    const message = 'Cannot sell 11 NVDA on 2024-03-01: only 10 held then.';
    stubApi({
      [HOLDINGS_ME]: holdingsReply([]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [], nextCursor: null } },
      'POST /api/activities': { status: 422, body: new AppError('INSUFFICIENT_SHARES', message).toBody() },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: 'Add activity' }), WAIT));
    const dialog = screen.getByRole('dialog', { name: 'Add activity' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add activity' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(message), WAIT);
  });
  it('asks stock or crypto, shows a coin as BTC and sends the key of the market chosen', async () => {
    const coin = activity({ symbol: 'CRYPTO:BTC', quantity: 0.5, price: 60000 });
    const api = stubApi({
      [HOLDINGS_ME]: holdingsReply([]),
      [OFFERS_ME]: NO_OFFERS,
      [LIST_ME]: { status: 200, body: { activities: [coin], nextCursor: null } },
      [`PATCH /api/activities/${coin.id}`]: { status: 200, body: { activity: coin } },
      'POST /api/activities': { status: 201, body: { activity: coin } },
    });
    renderAt('/activity', <ActivityView portfolio="me" />);
    const edit = await waitFor(() => within(historyRegion()).getByRole('button', { name: /^Edit / }), WAIT);
    expect(edit.getAttribute('aria-label')).not.toContain('CRYPTO:');
    fireEvent.click(edit);
    let dialog = screen.getByRole('dialog', { name: 'Edit activity' });
    // No screen shows the internal key: the coin reads 'BTC', its market 'Crypto'.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Symbol').value).toBe('BTC');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Crypto').checked).toBe(true);
    expect(dialog.textContent).not.toContain('CRYPTO:');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(
      () =>
        expect(api.requests.find((r) => r.route.startsWith('PATCH'))?.body).toMatchObject({
          symbol: 'CRYPTO:BTC',
        }),
      WAIT,
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Add activity' }));
    dialog = screen.getByRole('dialog', { name: 'Add activity' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Stock or fund').checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Crypto'));
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: 'eth' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add activity' }));
    await waitFor(
      () =>
        expect(api.requests.find((r) => r.route === 'POST /api/activities')?.body).toMatchObject({
          symbol: 'CRYPTO:ETH',
        }),
      WAIT,
    );
  });
});
