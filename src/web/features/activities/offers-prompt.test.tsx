// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_OFFERS_MESSAGES,
  type ActivityOffersResponse,
  type DividendOffer,
} from '../../../contracts/activity-offers';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { OffersPrompt } from './offers-prompt';
import { OFFERS_ME } from './testing/activity-view-stubs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const WAIT = { timeout: 5_000 };
const ACCEPT = 'POST /api/activities/offers/accept';

const dividend = (exDate: string, date: string, perShare: number, sharesHeld: number): DividendOffer => ({
  id: `dividend:AAPL:${exDate}:USD:${perShare}`,
  symbol: 'AAPL',
  exDate,
  payDate: date,
  date,
  currency: 'USD',
  perShare,
  sharesHeld,
  amount: Math.round(perShare * sharesHeld * 100) / 100,
  source: 'yahoo',
});

const FOUND: ActivityOffersResponse = {
  portfolio: 'me',
  dividends: [
    dividend('2020-02-07', '2020-02-13', 0.77, 10),
    dividend('2020-11-06', '2020-11-12', 0.205, 40),
  ],
  splits: [
    // NVDA's 10-for-1 (the portfolio's other listing).
    {
      id: 'split:NVDA:2024-06-10',
      symbol: 'NVDA',
      date: '2024-06-10',
      ratio: 10,
      sharesBefore: 4,
      sharesAfter: 40,
      source: 'yahoo',
    },
  ],
  symbols: ['AAPL', 'NVDA'],
  sources: ['yahoo'],
  simulated: false,
  note: null,
};
const NONE: ActivityOffersResponse = { ...FOUND, dividends: [], splits: [] };

const prompt = () => screen.getByRole('region', { name: /^We found/ });

describe('the dividends and splits prompt', () => {
  it('lists what the vendor shows, all chosen, and adds the ones still checked', async () => {
    let answer = FOUND;
    const api = stubApi({
      [OFFERS_ME]: () => ({ status: 200, body: answer }),
      [ACCEPT]: () => {
        answer = NONE;
        return { status: 200, body: { added: 2 } };
      },
    });
    renderAt('/activity', <OffersPrompt portfolio="me" />);
    const region = await waitFor(prompt, WAIT);
    expect(within(region).getByRole('heading').textContent).toBe(
      'We found 2 dividends and 1 split you may have received',
    );
    expect(region.textContent).toContain('From Yahoo Finance');
    const boxes = within(region).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true']);
    expect(
      within(region).getByLabelText(/NVDA 10-for-1 split on Jun 10, 2024: 4 shares became 40/),
    ).toBeTruthy();
    expect(
      within(region).getByLabelText(/AAPL dividend of \$8\.20 paid Nov 12, 2020: 40 shares × \$0\.205/),
    ).toBeTruthy();

    fireEvent.click(within(region).getByLabelText(/dividend of \$7\.70/));
    fireEvent.click(within(region).getByRole('button', { name: 'Add selected (2)' }));

    await waitFor(() => expect(screen.queryByRole('region')).toBeNull(), WAIT);
    expect(api.requests.find((request) => request.route === ACCEPT)?.body).toEqual({
      portfolio: 'me',
      offers: ['split:NVDA:2024-06-10', 'dividend:AAPL:2020-11-06:USD:0.205'],
    });
    expect(api.unexpected).toEqual([]);
  });

  it("sets the offers aside with 'Not now' for the session", async () => {
    stubApi({ [OFFERS_ME]: { status: 200, body: FOUND } });
    renderAt('/activity', <OffersPrompt portfolio="me" />);
    fireEvent.click(within(await waitFor(prompt, WAIT)).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region')).toBeNull();

    cleanup();
    const more = {
      ...FOUND,
      dividends: [...FOUND.dividends, dividend('2021-02-05', '2021-02-11', 0.205, 40)],
    };
    stubApi({ [OFFERS_ME]: { status: 200, body: more } });
    renderAt('/activity', <OffersPrompt portfolio="me" />);
    // Only the dividend found since is offered again.
    const region = await waitFor(prompt, WAIT);
    expect(within(region).getByRole('heading').textContent).toBe('We found 1 dividend you may have received');
    expect(within(region).getAllByRole('checkbox')).toHaveLength(1);
  });

  it('says that simulated market data has no dividend history', async () => {
    const simulated = { ...NONE, sources: [], simulated: true, note: ACTIVITY_OFFERS_MESSAGES.simulated };
    stubApi({ [OFFERS_ME]: { status: 200, body: simulated } });
    renderAt('/activity', <OffersPrompt portfolio="me" />);
    const note = await waitFor(() => screen.getByRole('note'), WAIT);
    expect(note.textContent).toBe(ACTIVITY_OFFERS_MESSAGES.simulated);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
