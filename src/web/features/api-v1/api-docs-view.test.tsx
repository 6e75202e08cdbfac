// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenApiDocument } from '../../../contracts/api-v1';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ApiDocsView } from './api-docs-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Foliowise read API', version: '1', description: 'Read your data with a token.' },
  paths: {
    '/api/v1/portfolio': {
      get: {
        operationId: 'getPortfolio',
        summary: 'The saved portfolio',
        description: 'Symbols and quantities.',
        security: [{ bearer: ['read:portfolio'] }],
        responses: {
          '200': {
            description: 'The portfolio.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Portfolio' } } },
          },
          '401': { description: 'No token, or a revoked one.' },
        },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document',
        description: 'Public.',
        security: [],
        responses: { '200': { description: 'The description.' } },
      },
    },
  },
  components: { schemas: { Portfolio: { type: 'object', properties: { holdings: { type: 'object' } } } } },
};

describe('the API reference', () => {
  it('lists each operation with its scope, its answers and a link to the schema it returns', async () => {
    stubApi({ 'GET /api/v1/openapi.json': { status: 200, body: DOCUMENT } });
    renderAt('/api-docs', <ApiDocsView />);
    expect(await screen.findByText('Foliowise read API')).toBeTruthy();
    const portfolio = document.getElementById('getPortfolio')!;
    expect(within(portfolio).getByText('/api/v1/portfolio')).toBeTruthy();
    expect(within(portfolio).getByText('read:portfolio')).toBeTruthy();
    expect(within(portfolio).getByRole('link', { name: 'Portfolio' }).getAttribute('href')).toBe(
      '#schema-Portfolio',
    );
    expect(within(portfolio).getByText('No token, or a revoked one.')).toBeTruthy();
    expect(within(document.getElementById('getOpenApi')!).getByText('none (no token needed)')).toBeTruthy();
    const schema = screen.getByRole('region', { name: 'Portfolio schema' });
    expect(JSON.parse(schema.textContent ?? '')).toEqual(DOCUMENT.components.schemas.Portfolio);
    expect(screen.getByRole('region', { name: 'Example request' }).textContent).toBe(
      `curl -H "Authorization: Bearer $FOLIOWISE_TOKEN" \\\n  ${window.location.origin}/api/v1/portfolio`,
    );
  });

  it('refuses a document that is not an OpenAPI description, and tries again', async () => {
    const api = stubApi({
      'GET /api/v1/openapi.json': { status: 200, body: { openapi: '3.1.0', paths: [] } },
    });
    renderAt('/api-docs', <ApiDocsView />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the API reference');
    expect(alert.textContent).toContain('The server sent an unexpected response.');
    api.routes['GET /api/v1/openapi.json'] = { status: 200, body: DOCUMENT };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Foliowise read API')).toBeTruthy();
  });
});
