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
    await screen.findByText('BTC (crypto) moves 5.00% or more in a day');

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
      screen.getByRole('button', { name: 'Remove alert: BTC (crypto) moves 5.00% or more in a day' }),
    );
    await waitFor(() => expect(screen.queryByText('BTC (crypto) moves 5.00% or more in a day')).toBeNull());
    const posts = api.requests.filter((r) => r.route === 'POST /api/alerts/conditions');
    expect((posts.at(-1)?.body as { conditions: { type: string }[] }).conditions.map((c) => c.type)).toEqual([
      'price_above',
    ]);
    expect(api.unexpected).toEqual([]);
  });

  it('asks stock or crypto: BTC as Crypto is saved as the coin, shown without the internal key (issue 25 item 3)', async () => {
    const notFound = 'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.';
    const api = stubApi({
      [`GET /api/alerts/conditions/${USER_ID}`]: { status: 200, body: { conditions: [] } },
      'POST /api/alerts/conditions': (body) => {
        const [condition] = (body as { conditions: Omit<AlertCondition, 'createdAt' | 'id'>[] }).conditions;
        if (condition?.symbol === 'BTC') {
          return {
            status: 400,
            body: { error: { code: 'VALIDATION_ERROR', message: notFound, fields: { symbol: notFound } } },
          };
        }
        return {
          status: 200,
          body: {
            conditions: [{ ...condition, id: saved.id, createdAt: '2026-11-24T10:00:00.000Z' }],
          },
        };
      },
    });
    renderAt(
      '/app',
      <AlertConditionsCard portfolio={{ userId: USER_ID, clientId: null }} clientName={null} />,
    );
    await screen.findByTestId('no-alert-conditions');
    const stock = screen.getByLabelText<HTMLInputElement>('Stock or fund');
    expect(stock.checked).toBe(true);

    // As a stock, the server cannot find it: the reason shows at the field.
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'btc' } });
    fireEvent.change(screen.getByLabelText('Threshold ($)'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    expect((await screen.findByTestId('alert-symbol-error')).textContent).toBe(notFound);
    expect(screen.getByLabelText('Symbol').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByLabelText('Crypto'));
    expect(screen.queryByTestId('alert-symbol-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Alert' }));
    await screen.findByText('BTC (crypto) at or above $50,000.00');
    const posts = api.requests.filter((r) => r.route === 'POST /api/alerts/conditions');
    expect(posts.map((r) => (r.body as { conditions: { symbol: string }[] }).conditions[0]?.symbol)).toEqual([
      'BTC',
      'CRYPTO:BTC',
    ]);
    expect(document.body.textContent).not.toContain('CRYPTO:');
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
