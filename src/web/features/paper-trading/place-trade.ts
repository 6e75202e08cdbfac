import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZPaperTradeResponse,
  type PaperTradeRequest,
  type PaperTradeResponse,
} from '../../../contracts/paper-trading';
import { PAPER_TRADING_MESSAGES } from '../../../domain/paper-trading';
import { api, serverMessage } from '../../lib/api-client';
import { toast } from '../../components/ui/use-toast';
import { trackEvent } from '../../lib/analytics';
import { performanceQueryKeyOf, rewardsQueryRoot } from '../../lib/query-keys';
import { paperTradingRootKey } from './query-keys';

const TRADE_SUCCESS = 'Your virtual trade has been executed successfully.';
const TRADE_FAILED = 'Failed to execute trade';

export interface PlaceTradeVariables {
  /** undefined when no portfolio is selected: the mutation fails with 'No portfolio selected' (spec 001 §8). */
  portfolioId: string | undefined;
  order: Pick<PaperTradeRequest, 'symbol' | 'kind' | 'side' | 'quantity'>;
  /** One per submission: the server fills a retried request with the same key once. */
  idempotencyKey: string;
}

/** A random v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /api/paper-trading/trade with an Idempotency-Key header. Refusals are 422 with the server's
 * 'Insufficient cash: ...' / 'Insufficient shares: ...' / 'Minimum order value is $1.00: ...' message.
 */
export async function placeTrade({
  portfolioId,
  order,
  idempotencyKey,
  userId,
}: PlaceTradeVariables & { userId: string }): Promise<PaperTradeResponse> {
  if (!portfolioId) throw new Error(PAPER_TRADING_MESSAGES.noPortfolioSelected);
  const body = { portfolioId, userId, ...order, symbol: order.symbol.trim().toUpperCase() };
  return api.post('/api/paper-trading/trade', body, {
    schema: ZPaperTradeResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Places a trade, then refetches every paper-trading query (portfolios, trades, performance), the portfolio's return
 * against SPY and the points (spec 001 §4) before it settles, and shows the spec's toasts (§8): 'Trade Executed!'
 * with the server's message, or 'Trade Failed' with the error's.
 */
export function usePlaceTrade(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: PlaceTradeVariables) => placeTrade({ ...variables, userId }),
    onSuccess: async ({ message, trade }) => {
      trackEvent('paper_trade_executed', {
        category: 'paper_trading',
        label: trade.side,
        value: trade.quantity,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paperTradingRootKey }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
        // The dashboard's return against SPY is the performance feature's query of this portfolio.
        queryClient.invalidateQueries({ queryKey: performanceQueryKeyOf(`paper:${trade.portfolioId}`) }),
      ]);
      toast({ title: 'Trade Executed!', description: message || TRADE_SUCCESS });
    },
    onError: (error) => {
      toast({
        title: 'Trade Failed',
        description: serverMessage(error, TRADE_FAILED),
        variant: 'destructive',
      });
    },
  });
}
