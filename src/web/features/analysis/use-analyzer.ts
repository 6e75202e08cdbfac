import { useRef, useState } from 'react';
import { PORTFOLIO_MESSAGES, type AnalyzeResponse } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import { readStored, writeStored } from '../../lib/storage';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAnalyzePortfolio } from './analyze-portfolio';
import { portfolioCacheKey, useValuation } from './get-valuation';
import { usePortfolioStore, type PortfolioSource } from './use-portfolio-store';

const VALUATION_DEBOUNCE_MS = 500;
/** 'Hide values' is kept in this browser across reloads (issue 12 §6); absent means shown. */
const HIDE_VALUES_KEY = 'fw_hide_values';

export type AnalysisMode = 'ai' | 'demo';

/**
 * The analyzer page's state: the portfolio, its valuation (fetched once the holdings stop changing), the last
 * analysis and whether it still matches the holdings, and the hidden-values switch. A successful analysis
 * scrolls to and focuses `resultsRef`. `source`: a client's portfolio instead of the saved one.
 */
export function useAnalyzer(source: PortfolioSource | null = null) {
  const store = usePortfolioStore(source);
  const { portfolio } = store;
  const [valuesHidden, setValuesHidden] = useState(() => readStored(HIDE_VALUES_KEY) === 'true');
  const resultsRef = useRef<HTMLDivElement>(null);

  const settledPortfolio = useDebouncedValue(portfolio, VALUATION_DEBOUNCE_MS);
  const valuation = useValuation(settledPortfolio);
  const hasHoldings = Object.keys(portfolio).length > 0;

  const analyze = useAnalyzePortfolio();
  const [mode, setMode] = useState<AnalysisMode>('ai');
  const [result, setResult] = useState<{ response: AnalyzeResponse; portfolioKey: string } | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);

  const runAnalysis = (nextMode: AnalysisMode) => {
    setMode(nextMode);
    if (!hasHoldings) {
      analyze.reset();
      setInputError(PORTFOLIO_MESSAGES.empty);
      return;
    }
    setInputError(null);
    const sent = portfolio;
    // Signed in, the rows are a saved portfolio's: the server adds its recorded history's returns.
    const portfolioKey = store.storage === 'account' ? (source?.key ?? 'me') : undefined;
    analyze.mutate(
      { portfolio: sent, mode: nextMode, portfolioKey },
      {
        onSuccess: (response) => {
          setResult({ response, portfolioKey: portfolioCacheKey(sent) });
          window.setTimeout(() => {
            resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            resultsRef.current?.focus({ preventScroll: true });
          }, 0);
        },
      },
    );
  };

  return {
    store,
    hasHoldings,
    /** The holdings once they stop changing: what the valuation and the value history are of. */
    settledPortfolio,
    valuation: {
      data: valuation.isError ? undefined : valuation.data,
      isLoading: valuation.isPending || valuation.isFetching,
      isUnavailable: valuation.isError,
      /** Why, when the server said (a listing outside the US on a plan below Professional). */
      unavailableMessage:
        valuation.error instanceof AppError && valuation.error.code === 'SUBSCRIPTION_REQUIRED'
          ? valuation.error.message
          : undefined,
    },
    analysis: {
      run: runAnalysis,
      mode,
      isPending: analyze.isPending,
      error: analyze.isError ? analyze.error : null,
      inputError,
      result: result?.response ?? null,
      isStale: result !== null && result.portfolioKey !== portfolioCacheKey(portfolio),
    },
    resultsRef,
    valuesHidden,
    toggleValues: () => {
      const hidden = !valuesHidden;
      setValuesHidden(hidden);
      writeStored(HIDE_VALUES_KEY, hidden ? 'true' : null);
    },
  };
}
