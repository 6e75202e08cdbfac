import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketDataSourceName } from '../../../contracts/market-data';
import type { QuoteQuery } from '../../lib/quote';
import { marketDataSymbol, type CalculatorAsset } from '../../../domain/calculator';

/** A price the 'Live Price' action filled in, and where it came from. */
export interface FilledPrice {
  ticker: string;
  price: number;
  source: MarketDataSourceName;
}

/**
 * The 'Live Price' action, on market data's quote query (`quoteQuery`, which the page passes in) for the asset's
 * market-data symbol (crypto as CRYPTO:BTC). Each click asks the server again, and leaves the answer in the
 * query cache for anything else on the page that quotes the same symbol. A finite price (0 included) is
 * handed to `onPrice` with the ticker it is for, and kept with its source as `filled` (a simulated one is
 * labelled where it is shown); a failure is only logged, with console.warn, and the person sees nothing
 * (spec 000 §8).
 */
export function useLivePrice(quoteQuery: QuoteQuery, onPrice: (ticker: string, price: number) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (asset: CalculatorAsset) =>
      queryClient.fetchQuery({ ...quoteQuery(marketDataSymbol(asset)), staleTime: 0 }),
  });
  const { mutate } = mutation;
  const [filled, setFilled] = useState<FilledPrice | null>(null);

  const fetchPrice = useCallback(
    (asset: CalculatorAsset) => {
      mutate(asset, {
        onSuccess: ({ currentPrice: price, source }) => {
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
