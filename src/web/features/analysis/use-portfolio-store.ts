import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { readStored, writeStored } from '../../lib/storage';
import {
  editorReducer,
  portfolioToRows,
  rowsToPortfolio,
  type EditorAction,
  type EditorRows,
  type PortfolioMap,
} from './portfolio-rows';
import { savedPortfolioQueryOptions, useSavePortfolio } from './saved-portfolio';

/** Spec 000 §3 and DESIGN.md deviation 7: a signed-out visitor's portfolio stays in this browser. */
export const PORTFOLIO_STORAGE_KEY = 'fw_portfolio';
/** Where the portfolio came from, so demo data stays marked as demo after a reload. */
export const PORTFOLIO_ORIGIN_STORAGE_KEY = 'fw_portfolio_origin';
const SAVE_DEBOUNCE_MS = 800;

export type PortfolioOrigin = 'manual' | 'sample' | 'brokerage' | 'brokerage-demo' | 'csv';
const ORIGINS: readonly PortfolioOrigin[] = ['manual', 'sample', 'brokerage', 'brokerage-demo', 'csv'];

/** A map of symbol -> positive finite number, or null for anything else. */
export function readPortfolioMap(value: unknown): PortfolioMap | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const portfolio: PortfolioMap = {};
  for (const [symbol, quantity] of Object.entries(value as Record<string, unknown>)) {
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) return null;
    if (symbol.trim() === '') return null;
    portfolio[symbol] = quantity;
  }
  return portfolio;
}

function readLocalPortfolio(): PortfolioMap {
  const text = readStored(PORTFOLIO_STORAGE_KEY);
  if (!text) return {};
  try {
    return readPortfolioMap(JSON.parse(text)) ?? {};
  } catch {
    return {};
  }
}

function readLocalOrigin(): PortfolioOrigin {
  const value = readStored(PORTFOLIO_ORIGIN_STORAGE_KEY);
  return ORIGINS.find((origin) => origin === value) ?? 'manual';
}

/**
 * Where a signed-in user's holdings are kept when they are not the saved portfolio: a client's (decision 032).
 * `key` names it; `load` reads it, `save` replaces it. Keep the object the same while the key is (useMemo): a new
 * object reads it again.
 */
export interface PortfolioSource {
  key: string;
  load: () => Promise<PortfolioMap>;
  save: (portfolio: PortfolioMap) => Promise<unknown>;
}

export interface PortfolioStore {
  rows: EditorRows;
  /** Rebuilt from the rows on every edit. */
  portfolio: PortfolioMap;
  origin: PortfolioOrigin;
  /** A row edit from the editor. */
  edit: (action: EditorAction) => void;
  /** Replaces every row with an imported (or sample) portfolio. */
  replace: (portfolio: Readonly<Record<string, number>>, origin: PortfolioOrigin) => void;
  /** One empty row per tab, empty portfolio. */
  clear: () => void;
  /** Signed in: true while the saved portfolio is read at sign-in. */
  isLoadingSaved: boolean;
  /** Where the portfolio is kept, for the privacy line. */
  storage: 'browser' | 'account';
}

/**
 * The analyzer's portfolio: the editor's rows and the map built from them. Signed out it lives in local storage
 * ('fw_portfolio'); signed in it is read from GET /api/portfolio once per sign-in and saved with PUT after each
 * change (debounced). Given a `source` (a client's portfolio), a signed-in user's rows are that source's
 * instead: read when the source changes, saved to it, and never mixed with the saved portfolio.
 */
export function usePortfolioStore(source: PortfolioSource | null = null): PortfolioStore {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const sourceKey = userId === null ? null : (source?.key ?? null);
  /** Whose rows are loaded: the user and the source (`''` for the saved portfolio). */
  const loadKey = userId === null ? null : `${userId}|${sourceKey ?? ''}`;
  /** Set once another portfolio than the first one loaded was shown: an empty one then clears the rows. */
  const hasSwitched = useRef(false);
  const [rows, dispatch] = useReducer(editorReducer, undefined, () => portfolioToRows(readLocalPortfolio()));
  const [origin, setOrigin] = useState<PortfolioOrigin>(readLocalOrigin);
  const portfolio = useMemo(() => rowsToPortfolio(rows), [rows]);

  const queryClient = useQueryClient();
  const { mutate: savePortfolio } = useSavePortfolio();
  /** The user whose saved portfolio has been applied; saving starts only after that. */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const lastSaved = useRef<string | null>(null);

  // Sign-in: the saved portfolio replaces the rows; with nothing saved, what is on screen is kept (and saved).
  // A client's portfolio, or any portfolio after a switch, replaces them even when empty.
  useEffect(() => {
    if (loadKey === null) return;
    let isCurrent = true;
    const currentSource = userId === null ? null : source;
    const read = currentSource
      ? currentSource.load()
      : queryClient.fetchQuery(savedPortfolioQueryOptions).then((saved) => saved.portfolio);
    read.then(
      (holdings) => {
        if (!isCurrent) return;
        const stored = readPortfolioMap(holdings) ?? {};
        lastSaved.current = JSON.stringify(stored);
        if (Object.keys(stored).length > 0 || currentSource !== null || hasSwitched.current) {
          dispatch({ type: 'replace', portfolio: stored });
          setOrigin('manual');
        }
        if (currentSource !== null) hasSwitched.current = true;
        setLoadedFor(loadKey);
      },
      (error: unknown) => {
        // Without the saved copy nothing is saved either, so a failed read never overwrites it.
        if (isCurrent) console.warn('Reading the saved portfolio failed', error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [loadKey, userId, source, queryClient]);

  // Signed in: save each change, debounced, to where the rows were loaded from.
  const isAccountReady = loadKey !== null && loadedFor === loadKey;
  /** The save waiting for its debounce: a newer change of the same rows replaces it. */
  const pendingSave = useRef<{ timer: number; run: () => void } | null>(null);
  const flushPendingSave = useCallback(() => {
    const pending = pendingSave.current;
    if (!pending) return;
    pendingSave.current = null;
    window.clearTimeout(pending.timer);
    pending.run();
  }, []);
  useEffect(() => {
    if (!isAccountReady) return;
    const text = JSON.stringify(portfolio);
    if (pendingSave.current) window.clearTimeout(pendingSave.current.timer);
    pendingSave.current = null;
    if (text === lastSaved.current) return;
    const currentSource = userId === null ? null : source;
    const onError = (error: unknown) => {
      lastSaved.current = null;
      console.warn('Saving the portfolio failed', error);
    };
    const run = () => {
      lastSaved.current = text;
      if (currentSource) currentSource.save(portfolio).catch(onError);
      else savePortfolio(portfolio, { onError });
    };
    pendingSave.current = { run, timer: window.setTimeout(flushPendingSave, SAVE_DEBOUNCE_MS) };
  }, [isAccountReady, userId, source, portfolio, savePortfolio, flushPendingSave]);
  // Leaving these rows (another page, another portfolio, signing out, closing the tab) saves a change still
  // waiting for its debounce to where it belongs, instead of dropping it with the timer.
  useEffect(() => {
    window.addEventListener('pagehide', flushPendingSave);
    return () => {
      window.removeEventListener('pagehide', flushPendingSave);
      flushPendingSave();
    };
  }, [loadKey, flushPendingSave]);

  // Signed out: keep it in this browser.
  const isSignedOut = !session.isLoading && userId === null;
  useEffect(() => {
    if (!isSignedOut) return;
    writeStored(PORTFOLIO_STORAGE_KEY, Object.keys(portfolio).length > 0 ? JSON.stringify(portfolio) : null);
  }, [isSignedOut, portfolio]);

  useEffect(() => {
    writeStored(PORTFOLIO_ORIGIN_STORAGE_KEY, origin === 'manual' ? null : origin);
  }, [origin]);

  const replace = useCallback((next: Readonly<Record<string, number>>, nextOrigin: PortfolioOrigin) => {
    dispatch({ type: 'replace', portfolio: next });
    setOrigin(nextOrigin);
  }, []);

  const clear = useCallback(() => {
    dispatch({ type: 'clear' });
    setOrigin('manual');
  }, []);

  return {
    rows,
    portfolio,
    origin,
    edit: dispatch,
    replace,
    clear,
    isLoadingSaved: loadKey !== null && loadedFor !== loadKey,
    storage: userId === null ? 'browser' : 'account',
  };
}
