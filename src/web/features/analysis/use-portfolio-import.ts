import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { dismissToast, toast } from '../../components/ui/use-toast';
import { addPortfolios, isSamePortfolio, type PortfolioMap } from './portfolio-rows';
import { readPortfolioMap, type PortfolioOrigin, type PortfolioStore } from './use-portfolio-store';

/** The window event other pages dispatch to load a portfolio: `new CustomEvent('loadSamplePortfolio', { detail: map })`. */
export const LOAD_SAMPLE_EVENT = 'loadSamplePortfolio';

export interface PendingImport {
  portfolio: Readonly<PortfolioMap>;
  origin: PortfolioOrigin;
}

/**
 * Every import that changes the rows (brokerage forms, CSV files, samples, the 'loadSamplePortfolio' event)
 * goes through here: it shows 'Portfolio Updated' / 'Displaying N imported holdings' (spec 000 §4) with an
 * Undo that puts the previous rows back. A brokerage or CSV import over a non-empty portfolio first asks
 * (`pending`): replace it, add to it, or cancel. Samples replace at once (their Undo is the way back).
 * The toast belongs to the page that showed it: leaving the page (for /activity, say) or switching to a client's
 * portfolio closes it, since its Undo would put these rows back where the person no longer is.
 */
export function usePortfolioImport(store: Pick<PortfolioStore, 'portfolio' | 'origin' | 'replace'>) {
  const { portfolio, origin, replace } = store;
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [location] = useLocation();
  const search = useSearch();
  const undoToasts = useRef(new Set<string>());

  const apply = useCallback(
    (incoming: PendingImport, mode: 'replace' | 'add') => {
      const previous = { portfolio, origin };
      replace(
        mode === 'add' ? addPortfolios(portfolio, incoming.portfolio) : incoming.portfolio,
        incoming.origin,
      );
      setPending(null);
      const count = Object.keys(incoming.portfolio).length;
      const toastId = toast({
        title: 'Portfolio Updated',
        description: `Displaying ${count} imported holdings`,
        action: { label: 'Undo', onSelect: () => replace(previous.portfolio, previous.origin) },
      });
      undoToasts.current.add(toastId);
    },
    [portfolio, origin, replace],
  );

  const importPortfolio = useCallback(
    (incoming: Readonly<PortfolioMap>, incomingOrigin: PortfolioOrigin) => {
      const next = { portfolio: incoming, origin: incomingOrigin };
      const asks =
        incomingOrigin !== 'sample' &&
        Object.keys(portfolio).length > 0 &&
        !isSamePortfolio(portfolio, incoming);
      if (asks) setPending(next);
      else apply(next, 'replace');
    },
    [portfolio, apply],
  );

  // Runs its cleanup when the address (path or query) changes and when the page unmounts.
  useEffect(() => {
    const shown = undoToasts.current;
    return () => {
      for (const toastId of shown) dismissToast(toastId);
      shown.clear();
    };
  }, [location, search]);

  useEffect(() => {
    const onLoad = (event: Event) => {
      const map = readPortfolioMap((event as CustomEvent<unknown>).detail);
      if (map) importPortfolio(map, 'sample');
    };
    window.addEventListener(LOAD_SAMPLE_EVENT, onLoad);
    return () => window.removeEventListener(LOAD_SAMPLE_EVENT, onLoad);
  }, [importPortfolio]);

  return {
    importPortfolio,
    pending,
    replacePending: () => pending && apply(pending, 'replace'),
    addPending: () => pending && apply(pending, 'add'),
    cancelPending: () => setPending(null),
  };
}
