// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../../../contracts/api-tokens';
import { renderAt } from '../../testing/render-page';
import { stubApi, testUser } from '../../testing/stub-api';
import { ApiTokensPanel } from './api-tokens-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROFESSIONAL = testUser({ plan: 'professional' });
const SPREADSHEET: ApiToken = {
  id: 'tok-1',
  name: 'Spreadsheet',
  scopes: ['read:portfolio'],
  last4: 'AbCd',
  createdAt: '2026-04-01T12:00:00.000Z',
  lastUsedAt: null,
};
const TOKEN = `fw_${'x'.repeat(39)}AbCd`;
const tokenList = (...tokens: ApiToken[]) => ({ status: 200, body: { tokens } });
const routes = (api: ReturnType<typeof stubApi>) => api.requests.map(({ route }) => route);

describe('the API tokens panel', () => {
  it('offers the Professional plan instead, and asks nothing, below Professional', () => {
    const api = stubApi({});
    renderAt('/api-settings', <ApiTokensPanel user={testUser({ plan: 'premium' })} />);
    expect(screen.getByText('API access is part of the Professional plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Professional' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(api.requests).toEqual([]);
  });

  it('creates a token with the scopes ticked (in the contract’s order), shows it once, and lists it', async () => {
    const api = stubApi({
      'GET /api/api-tokens': tokenList(),
      'POST /api/api-tokens': {
        status: 201,
        body: { ...SPREADSHEET, scopes: ['read:portfolio', 'read:analysis'], token: TOKEN },
      },
    });
    renderAt('/api-settings', <ApiTokensPanel user={PROFESSIONAL} />);
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: '  Spreadsheet ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /read:analysis/ }));
    api.routes['GET /api/api-tokens'] = tokenList({
      ...SPREADSHEET,
      scopes: ['read:portfolio', 'read:analysis'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect((await screen.findByTestId('new-api-token')).textContent).toBe(TOKEN);
    expect(api.requests.find(({ route }) => route === 'POST /api/api-tokens')?.body).toEqual({
      name: 'Spreadsheet',
      scopes: ['read:portfolio', 'read:analysis'],
    });
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('fw_…AbCd')).toBeTruthy();
    expect(within(list).getByText('Never used', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Token name').value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-token')).toBeNull();
  });

  it('asks for a name and at least one scope before sending anything', async () => {
    const api = stubApi({ 'GET /api/api-tokens': tokenList() });
    renderAt('/api-settings', <ApiTokensPanel user={PROFESSIONAL} />);
    await screen.findByText('No API tokens yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a token name');
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Script' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /read:portfolio/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one scope');
    expect(routes(api)).toEqual(['GET /api/api-tokens']);
  });

  it('revokes a token and lists what is left', async () => {
    const api = stubApi({
      'GET /api/api-tokens': tokenList(SPREADSHEET),
      'DELETE /api/api-tokens/tok-1': { status: 204 },
    });
    renderAt('/api-settings', <ApiTokensPanel user={PROFESSIONAL} />);
    api.routes['GET /api/api-tokens'] = tokenList();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke token Spreadsheet' }));
    await waitFor(() => expect(screen.getByText('No API tokens yet.')).toBeTruthy());
    expect(routes(api)).toEqual([
      'GET /api/api-tokens',
      'DELETE /api/api-tokens/tok-1',
      'GET /api/api-tokens',
    ]);
  });
});
