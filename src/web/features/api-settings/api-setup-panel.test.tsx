// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VENDOR_DETAILS, type ApiKeyEntry, type Vendor } from '../../../contracts/api-settings';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ApiSetupPanel } from './api-setup-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (vendor: Vendor, saved: string | null): ApiKeyEntry => ({
  vendor,
  ...VENDOR_DETAILS[vendor],
  configured: saved !== null,
  maskedKey: saved,
  updatedAt: saved === null ? null : '2026-04-09T15:00:00.000Z',
});
const list = (polygon: string | null) => ({
  status: 200,
  body: { vendors: [entry('alphavantage', null), entry('polygon', polygon), entry('fmp', null)] },
});

const card = (name: string) => screen.getByRole('group', { name });
const routes = (api: ReturnType<typeof stubApi>) => api.requests.map(({ route }) => route);

describe('the API Setup tab', () => {
  it('saves a key, shows only its masked form from the refreshed list, and empties the field', async () => {
    const api = stubApi({
      'GET /api/settings/api-keys': list(null),
      'PUT /api/settings/api-keys/polygon': { status: 200, body: entry('polygon', '••••WXYZ') },
    });
    renderAt('/api-settings', <ApiSetupPanel />);
    const polygon = await screen.findByRole('group', { name: 'Polygon' });
    expect(within(polygon).getByText('Not set')).toBeTruthy();
    const input = within(polygon).getByLabelText<HTMLInputElement>('Polygon API key');
    fireEvent.change(input, { target: { value: '  abcd_1234-WXYZ  ' } });
    api.routes['GET /api/settings/api-keys'] = list('••••WXYZ');
    fireEvent.click(within(polygon).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card('Polygon')).getByText('••••WXYZ')).toBeTruthy());
    expect(within(card('Polygon')).getByText('API key saved')).toBeTruthy();
    expect(within(card('Polygon')).getByText('Configured')).toBeTruthy();
    expect(input.value).toBe('');
    expect(api.requests.find(({ route }) => route.startsWith('PUT'))?.body).toEqual({
      apiKey: 'abcd_1234-WXYZ',
    });
    expect(routes(api)).toEqual([
      'GET /api/settings/api-keys',
      'PUT /api/settings/api-keys/polygon',
      'GET /api/settings/api-keys',
    ]);
  });

  it('refuses a key that is not one before sending it', async () => {
    const api = stubApi({ 'GET /api/settings/api-keys': list(null) });
    renderAt('/api-settings', <ApiSetupPanel />);
    const polygon = await screen.findByRole('group', { name: 'Polygon' });
    const input = within(polygon).getByLabelText('Polygon API key');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(within(polygon).getByRole('button', { name: 'Save' }));
    expect(within(polygon).getByRole('alert').textContent).toBe('Please enter a valid API key');
    fireEvent.change(input, { target: { value: 'has spaces in it' } });
    fireEvent.click(within(polygon).getByRole('button', { name: 'Test' }));
    expect(within(polygon).getByRole('alert').textContent).toBe('Please enter a valid API key');
    expect(routes(api)).toEqual(['GET /api/settings/api-keys']);
  });

  it('tests the saved key when none is typed, and removes it', async () => {
    const api = stubApi({
      'GET /api/settings/api-keys': list('••••WXYZ'),
      'POST /api/settings/api-keys/polygon/test': {
        status: 200,
        body: { ok: false, message: 'The vendor rejected this key.' },
      },
      'DELETE /api/settings/api-keys/polygon': { status: 204 },
    });
    renderAt('/api-settings', <ApiSetupPanel />);
    const polygon = await screen.findByRole('group', { name: 'Polygon' });
    fireEvent.click(within(polygon).getByRole('button', { name: 'Test' }));
    expect(await within(polygon).findByText('The vendor rejected this key.')).toBeTruthy();
    expect(api.requests.find(({ route }) => route.endsWith('/test'))?.body).toEqual({});

    api.routes['GET /api/settings/api-keys'] = list(null);
    fireEvent.click(within(polygon).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card('Polygon')).getByText('Not set')).toBeTruthy());
    expect(within(card('Polygon')).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });

  it('says when the keys cannot be loaded, and tries again', async () => {
    const api = stubApi({
      'GET /api/settings/api-keys': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } },
      },
    });
    renderAt('/api-settings', <ApiSetupPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your API keys');
    api.routes['GET /api/settings/api-keys'] = list(null);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Alpha Vantage' })).toBeTruthy();
  });
});
