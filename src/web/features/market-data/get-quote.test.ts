import { QueryObserver } from '@tanstack/react-query';
import type { QuoteResponse } from '../../../contracts/market-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { errorCode } from '../../lib/api-client';
import { quoteOf } from '../../testing/fake-quote-query';
import { stubApi } from '../../testing/stub-api';
import { quoteQueryKey, quoteQueryOptions } from './get-quote';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const quoteReply = (symbol: string, currentPrice: number) => ({
  status: 200,
  body: quoteOf({ symbol, currentPrice, name: 'A listing' }),
});

describe('the quote query (GET /api/market-data/:ticker)', () => {
  it('asks for the symbol with its punctuation escaped, and gives the parsed quote', async () => {
    const api = stubApi({
      'GET /api/market-data/CRYPTO%3ABTC': quoteReply('CRYPTO:BTC', 64000),
      'GET /api/market-data/%5EVIX': quoteReply('^VIX', 14.2),
      'GET /api/market-data/BRK-B': quoteReply('BRK-B', 470),
    });
    const client = createQueryClient();
    expect((await client.fetchQuery(quoteQueryOptions('CRYPTO:BTC'))).currentPrice).toBe(64000);
    expect((await client.fetchQuery(quoteQueryOptions('^VIX'))).symbol).toBe('^VIX');
    expect((await client.fetchQuery(quoteQueryOptions('BRK-B'))).currentPrice).toBe(470);
    expect(api.unexpected).toEqual([]);
    expect(client.getQueryData<QuoteResponse>(quoteQueryKey('BRK-B'))?.name).toBe('A listing');
  });

  it('refuses an answer that is not a quote, and passes the server’s error on', async () => {
    stubApi({
      'GET /api/market-data/AAPL': { status: 200, body: { symbol: 'AAPL', currentPrice: '187.25' } },
      'GET /api/market-data/NOPE': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Unknown symbol NOPE' } },
      },
    });
    const client = createQueryClient();
    const malformed = await client.fetchQuery(quoteQueryOptions('AAPL')).catch((error: unknown) => error);
    expect(errorCode(malformed)).toBe('BAD_RESPONSE');
    const unknown = await client.fetchQuery(quoteQueryOptions('NOPE')).catch((error: unknown) => error);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
  });

  it('keeps a quote for 30 s, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-09T15:00:00Z'));
    const api = stubApi({ 'GET /api/market-data/AAPL': quoteReply('AAPL', 187.25) });
    const client = createQueryClient();
    await client.fetchQuery(quoteQueryOptions('AAPL'));
    vi.setSystemTime(new Date('2026-04-09T15:00:29Z'));
    await client.fetchQuery(quoteQueryOptions('AAPL'));
    expect(api.requests).toHaveLength(1);
    vi.setSystemTime(new Date('2026-04-09T15:00:31Z'));
    api.routes['GET /api/market-data/AAPL'] = quoteReply('AAPL', 188.5);
    expect((await client.fetchQuery(quoteQueryOptions('AAPL'))).currentPrice).toBe(188.5);
    expect(api.requests).toHaveLength(2);
  });

  it('sends no request while there is no symbol', async () => {
    const api = stubApi({});
    const client = createQueryClient();
    const observer = new QueryObserver(client, quoteQueryOptions(''));
    const unsubscribe = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    unsubscribe();
    expect(api.requests).toEqual([]);
  });
});
