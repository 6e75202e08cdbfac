import type { MarketDataSourceName, QuoteResponse } from '../../contracts/market-data';
import { AppError } from '../../contracts/errors';
import type { QuoteQuery } from '../lib/quote';

/** A quote as GET /api/market-data/:ticker answers it: Apple at $187.25 from Yahoo unless told otherwise. */
export function quoteOf(
  overrides: Partial<QuoteResponse> & { source?: MarketDataSourceName } = {},
): QuoteResponse {
  return {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    currentPrice: 187.25,
    change: 1.5,
    changePercent: 0.81,
    previousClose: 185.75,
    currency: 'USD',
    source: 'yahoo',
    asOf: '2026-04-09T20:00:00.000Z',
    ...overrides,
  };
}

/**
 * A quote query shaped as market data's (`features/market-data/get-quote.ts`, which a page passes to the features
 * that quote), for a feature's own tests: each symbol is answered from `answers` in turn (an Error is thrown as
 * the server's error would be; a symbol with no answer left is NOT_FOUND), and `asked` lists the symbols fetched.
 */
export function fakeQuoteQuery(answers: Record<string, (QuoteResponse | Error)[]>) {
  const asked: string[] = [];
  const quoteQuery: QuoteQuery = (symbol) => ({
    queryKey: ['market-data', 'quote', symbol],
    queryFn: async () => {
      asked.push(symbol);
      const answer = answers[symbol]?.shift();
      if (!answer) throw new AppError('NOT_FOUND', `No price source knows ${symbol}`, { status: 404 });
      if (answer instanceof Error) throw answer;
      return answer;
    },
    staleTime: 30_000,
    enabled: symbol !== '',
  });
  return { quoteQuery, asked };
}
