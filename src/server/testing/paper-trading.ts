/**
 * Test helpers for paper trading: a quote source with exact prices, and calls as a user. Used by the paper
 * trading feature's integration tests only.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { AppError } from '../../contracts/errors';
import type { HistoryRange } from '../../contracts/market-data';
import type { DailyClose } from '../../domain/paper-trading';
import { injectAs, type TestUser } from './users';
import type { QuoteSource } from '../features/paper-trading/service';

export const FAKE_AS_OF = '2025-01-02T15:30:00.000Z';

/** Quotes and daily closes the test sets; an unknown or failing symbol answers 404 like the real service. */
export class FakeQuoteSource implements QuoteSource {
  readonly prices = new Map<string, number>();
  readonly histories = new Map<string, DailyClose[]>();
  readonly failing = new Set<string>();
  readonly historyCalls: { symbol: string; range: HistoryRange }[] = [];
  quoteCalls = 0;

  async getQuote(symbol: string) {
    this.quoteCalls++;
    const key = symbol.trim().toUpperCase();
    const price = this.prices.get(key);
    if (price === undefined || this.failing.has(key))
      throw new AppError('NOT_FOUND', `Unknown symbol ${key}`);
    return { symbol: key, currentPrice: price, source: 'fake', asOf: FAKE_AS_OF };
  }

  async getUsdCloses(symbols: readonly string[], range: HistoryRange) {
    const histories: Record<string, { source: string; closes: DailyClose[] }> = {};
    const errors: Record<string, string> = {};
    for (const symbol of symbols) {
      this.historyCalls.push({ symbol, range });
      if (this.failing.has(symbol)) errors[symbol] = 'no history';
      else histories[symbol] = { source: 'fake', closes: this.histories.get(symbol) ?? [] };
    }
    return { histories, errors };
  }
}

export function call(
  app: FastifyInstance,
  who: TestUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return injectAs(who, app, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers,
  });
}

/** Creates a portfolio through the API; returns its id. */
export async function createPortfolio(
  app: FastifyInstance,
  who: TestUser,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(app, who, 'POST', '/api/paper-trading/portfolio', { name: 'Test', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ portfolio: { id: string } }>().portfolio.id;
}

export function trade(
  app: FastifyInstance,
  who: TestUser,
  body: {
    portfolioId: string;
    symbol: string;
    side: 'buy' | 'sell';
    quantity: number;
    [key: string]: unknown;
  },
  idempotencyKey?: string,
) {
  return call(
    app,
    who,
    'POST',
    '/api/paper-trading/trade',
    body,
    idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
  );
}
