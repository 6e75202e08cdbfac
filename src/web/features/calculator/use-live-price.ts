import { useCallback, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZQuoteResponse, type MarketDataSourceName } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';
import { marketDataSymbol, type CalculatorAsset } from '../../../domain/calculator';

/** A price the 'Live Price' action filled in, and where it came from. */
export interface FilledPrice {
  ticker: string;
  price: number;
  source: MarketDataSourceName;
}

/** GET /api/market-data/{symbol} (crypto as CRYPTO:BTC): the asset's current price and its source. */
async function fetchLivePrice(asset: CalculatorAsset): Promise<Omit<FilledPrice, 'ticker'>> {
  const symbol = encodeURIComponent(marketDataSymbol(asset));
  const { currentPrice, source } = await api.get(`/api/market-data/${symbol}`, { schema: ZQuoteResponse });
  return { price: currentPrice, source };
}

/**
 * The 'Live Price' action. A finite price (0 included) is handed to `onPrice` with the ticker it is for, and kept
 * with its source as `filled` (a simulated one is labelled where it is shown); a failure is only logged, with
 * console.warn, and the person sees nothing (spec 000 §8).
 */
export function useLivePrice(onPrice: (ticker: string, price: number) => void) {
  const mutation = useMutation({ mutationFn: fetchLivePrice });
  const { mutate } = mutation;
  const [filled, setFilled] = useState<FilledPrice | null>(null);

  const fetchPrice = useCallback(
    (asset: CalculatorAsset) => {
      mutate(asset, {
        onSuccess: ({ price, source }) => {
          if (Number.isFinite(price)) {
            onPrice(asset.ticker, price);
            setFilled({ ticker: asset.ticker, price, source });
          } else console.warn(`Failed to fetch live price for ${asset.ticker}`, 'no finite currentPrice');
        },
        onError: (error) => {
          console.warn(`Failed to fetch live price for ${asset.ticker}`, error.message);
        },
      });
    },
    [mutate, onPrice],
  );

  return { fetchPrice, isFetching: mutation.isPending, filled };
}
