// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertCondition } from '../../../contracts/alerts';
import { renderAt, watchToasts } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { AlertConditionsCard } from './alert-conditions-card';

const USER_ID = '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const saved: AlertCondition = {
  id: '0b3f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
  type: 'percent_change',
  symbol: 'CRYPTO:BTC',
  threshold: 5,
  enabled: true,
  createdAt: '2026-11-24T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AlertConditionsCard', () => {
  it('refuses a threshold of 0 with the spec toast, then saves the whole list with the new one', async () => {
    const api = stubApi({
      [`GET /api/alerts/conditions/${USER_ID}`]: { status: 200, body: { conditions: [saved] } },
      'POST /api/alerts/conditions': (body) => ({
        status: 200,
        body: {
          conditions: (body as { conditions: Omit<AlertCondition, 'createdAt'>[] }).conditions.map(
            (c, i) => ({
              ...c,
              id: c.id ?? `1b3f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c${i}`,
              createdAt: '2026-11-24T10:00:00.000Z',
            }),
          ),
        },
      }),
    });
    const toasts = watchToasts();
    renderAt(
      '/app',
      <AlertConditionsCard portfolio={{ userId: USER_ID, clientId: null }} clientName={null} />,
    );
    // Percent types show their threshold as a percent.
    await screen.findByText('CRYPTO:BTC moves 5.00% or more in a day');

    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'aapl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    expect(toasts.current()).toEqual(['Invalid Threshold: Please enter a valid threshold value']);
    expect(api.requests.filter((r) => r.route.startsWith('POST'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Threshold ($)'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    await screen.findByText('AAPL at or above $250.00');
    expect(toasts.current()).toEqual(['Alert Saved: Your alert conditions have been saved.']);
    expect(api.requests.find((r) => r.route === 'POST /api/alerts/conditions')?.body).toEqual({
      userId: USER_ID,
      conditions: [
        { id: saved.id, type: 'percent_change', symbol: 'CRYPTO:BTC', threshold: 5, enabled: true },
        { type: 'price_above', symbol: 'AAPL', threshold: 250, enabled: true },
      ],
    });

    // Removing one saves the rest.
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove alert: CRYPTO:BTC moves 5.00% or more in a day' }),
    );
    await waitFor(() => expect(screen.queryByText('CRYPTO:BTC moves 5.00% or more in a day')).toBeNull());
    const posts = api.requests.filter((r) => r.route === 'POST /api/alerts/conditions');
    expect((posts.at(-1)?.body as { conditions: { type: string }[] }).conditions.map((c) => c.type)).toEqual([
      'price_above',
    ]);
    expect(api.unexpected).toEqual([]);
  });

  it("on a client's portfolio: reads and saves the client's list, and names the client", async () => {
    const clientId = '2c4e6a8b-1d3f-4a5b-9c7d-8e9f0a1b2c3d';
    const api = stubApi({
      [`GET /api/alerts/conditions/${USER_ID}?clientId=${clientId}`]: {
        status: 200,
        body: { conditions: [] },
      },
      'POST /api/alerts/conditions': { status: 200, body: { conditions: [] } },
    });
    renderAt(
      '/app',
      <AlertConditionsCard portfolio={{ userId: USER_ID, clientId }} clientName="Okafor Family Trust" />,
    );
    await screen.findByText(/Okafor Family Trust's portfolio\s+crosses a line you set/);
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'msft' } });
    fireEvent.change(screen.getByLabelText('Threshold ($)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.route === 'POST /api/alerts/conditions')?.body).toEqual({
        userId: USER_ID,
        clientId,
        conditions: [{ type: 'price_above', symbol: 'MSFT', threshold: 300, enabled: true }],
      }),
    );
    expect(api.unexpected).toEqual([]);
  });
});
