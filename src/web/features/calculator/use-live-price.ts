import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZQuoteResponse } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';
import { marketDataSymbol, type CalculatorAsset } from '../../../domain/calculator';

/** GET /api/market-data/{symbol} (crypto as CRYPTO:BTC): the asset's current price. */
export async function fetchLivePrice(asset: CalculatorAsset): Promise<number> {
  const symbol = encodeURIComponent(marketDataSymbol(asset));
  const { currentPrice } = await api.get(`/api/market-data/${symbol}`, { schema: ZQuoteResponse });
  return currentPrice;
}

/**
 * The 'Live Price' action. A finite price (0 included) is handed to `onPrice` with the ticker it is for; a failure
 * is only logged, with console.warn, and the person sees nothing (spec 000 §8).
 */
export function useLivePrice(onPrice: (ticker: string, price: number) => void) {
  const mutation = useMutation({ mutationFn: fetchLivePrice });
  const { mutate } = mutation;

  const fetchPrice = useCallback(
    (asset: CalculatorAsset) => {
      mutate(asset, {
        onSuccess: (price) => {
          if (Number.isFinite(price)) onPrice(asset.ticker, price);
          else console.warn(`Failed to fetch live price for ${asset.ticker}`, 'no finite currentPrice');
        },
        onError: (error) => {
          console.warn(`Failed to fetch live price for ${asset.ticker}`, error.message);
        },
      });
    },
    [mutate, onPrice],
  );

  return { fetchPrice, isFetching: mutation.isPending };
}
