import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZPublicConfigResponse, type PublicConfigResponse } from '../../contracts/config';
import { stubApi } from '../testing/stub-api';
import { configQueryOptions, readPublicConfig } from './config';

const CONFIG: PublicConfigResponse = {
  version: '0.1.0',
  stripePublishableKey: null,
  analyticsId: 'G-TEST123',
  demoFeatures: true,
  marketDataSource: 'auto',
  mailInServerLog: false,
  hasLanguageModel: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readPublicConfig', () => {
  it('rebuilds the config field by field, dropping anything the contract does not name', () => {
    expect(readPublicConfig({ ...CONFIG, secret: 'x' })).toEqual(CONFIG);
  });

  it('reads an absent key or analytics id as null', () => {
    const { stripePublishableKey: _key, analyticsId: _id, ...rest } = CONFIG;
    expect(readPublicConfig(rest)).toEqual({ ...CONFIG, stripePublishableKey: null, analyticsId: null });
  });

  const bodies: [string, unknown][] = [
    ['a valid config', CONFIG],
    ['a Stripe key', { ...CONFIG, stripePublishableKey: 'pk_test_123' }],
    ['demo features off', { ...CONFIG, demoFeatures: false }],
    ['a numeric version', { ...CONFIG, version: 1 }],
    ['demo features as a string', { ...CONFIG, demoFeatures: 'true' }],
    ['no market-data source', { ...CONFIG, marketDataSource: undefined }],
    ['a language model', { ...CONFIG, hasLanguageModel: true }],
    ['no word on a language model', { ...CONFIG, hasLanguageModel: undefined }],
    ['a numeric analytics id', { ...CONFIG, analyticsId: 42 }],
    ['an array', [CONFIG]],
    ['null', null],
  ];
  it.each(bodies)('accepts what ZPublicConfigResponse accepts: %s', (_name, body) => {
    const parsed = ZPublicConfigResponse.safeParse(body);
    // An array passes neither: zod rejects it, the reader finds no string version on it.
    expect(readPublicConfig(body)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('configQueryOptions (GET /api/config)', () => {
  it('answers the public config', async () => {
    const api = stubApi({ 'GET /api/config': { status: 200, body: CONFIG } });
    await expect(new QueryClient().fetchQuery(configQueryOptions)).resolves.toEqual(CONFIG);
    expect(api.unexpected).toEqual([]);
  });

  it('fails with BAD_RESPONSE when the body is not a config', async () => {
    stubApi({ 'GET /api/config': { status: 200, body: { version: '0.1.0' } } });
    await expect(new QueryClient().fetchQuery(configQueryOptions)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });
});
