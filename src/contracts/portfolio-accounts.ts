/**
 * Multi-account aggregation, /api/portfolio-accounts (spec 000 §3, §7; premium and professional only). Money
 * figures are plain numbers in USD (display figures, like the analyzer's valuation).
 */
import { z } from 'zod';
import { ACCOUNT_TYPES, PORTFOLIO_ACCOUNT_LIMITS } from '../domain/portfolio-accounts';
import { ZPortfolio } from './analysis';
import { ZMarketDataSource } from './market-data';
import { text } from './text';

export const PORTFOLIO_ACCOUNT_MESSAGES = {
  /** Spec 000 §5: the toast title and text when the holdings are not JSON. */
  holdingsInvalidTitle: 'Invalid Holdings Format',
  holdingsInvalid: 'Please enter valid JSON format for holdings',
  nameRequired: 'Account name is required',
  nameTooLong: `Account name can be at most ${PORTFOLIO_ACCOUNT_LIMITS.nameMaxLength} characters`,
  typeInvalid: `Account type must be one of: ${ACCOUNT_TYPES.join(', ')}`,
  tooManyAccounts: `You can keep at most ${PORTFOLIO_ACCOUNT_LIMITS.maxAccounts} accounts. Delete one to add another.`,
  demoExists: 'Demo accounts are created only while you have no accounts.',
  notFound: 'Account not found',
  notManual: 'Only manual accounts can be deleted.',
} as const;
const M = PORTFOLIO_ACCOUNT_MESSAGES;

export const ZAccountType = z.enum(ACCOUNT_TYPES, { error: M.typeInvalid });

/** A JSON text or an object, as the form's textarea or another client sends it; anything else is not holdings. */
function parseHoldingsText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Holdings: a JSON object (or its text) of symbol -> positive quantity, checked as the analyzer's portfolio is
 * (ZPortfolio: tickers, positive numbers, at most 1,000). Not an object: 400 'Please enter valid JSON format
 * for holdings' (spec 000 §5).
 */
export const ZAccountHoldings = z
  .unknown()
  .transform((value, ctx) => {
    const parsed = parseHoldingsText(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: M.holdingsInvalid });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(ZPortfolio);

export const ZAccountName = text({
  field: 'Account name',
  max: PORTFOLIO_ACCOUNT_LIMITS.nameMaxLength,
  min: 1,
  required: M.nameRequired,
  tooShort: M.nameRequired,
  tooLong: M.nameTooLong,
});

/** POST /api/portfolio-accounts/manual (spec 000 §3 "Manual account payload"). */
export const ZManualAccountRequest = z.object({
  accountType: ZAccountType.default(PORTFOLIO_ACCOUNT_LIMITS.defaultAccountType),
  accountName: ZAccountName,
  holdings: ZAccountHoldings,
});
export type ManualAccountInput = z.input<typeof ZManualAccountRequest>;

/** DELETE /api/portfolio-accounts/{id}: any text; one that is no account of the user's is a 404. */
export const ZPortfolioAccountParams = z.object({ id: text({ field: 'Account', max: 100 }) });

/** Spec 000 §3 "Portfolio account". `totalValue` at the quotes of the answer. */
export const ZPortfolioAccount = z.object({
  id: z.string(),
  accountType: ZAccountType,
  accountName: z.string(),
  holdings: z.record(z.string(), z.number()),
  totalValue: z.number(),
  isManual: z.boolean(),
  /** ISO time of the last sync (or the account's creation). */
  lastUpdated: z.string(),
});
export type PortfolioAccount = z.infer<typeof ZPortfolioAccount>;

export const ZCombinedHolding = z.object({
  totalShares: z.number(),
  /** totalShares × price; 0 when no price is known. */
  value: z.number(),
  accounts: z.array(z.object({ accountName: z.string(), shares: z.number() })),
});

/**
 * Spec 000 §3 "Account list response", the answer of GET, POST .../demo and POST .../sync; plus where the
 * prices came from, so that simulated ones are labelled.
 */
export const ZPortfolioAccountListResponse = z.object({
  accounts: z.array(ZPortfolioAccount),
  totalValue: z.number(),
  combinedHoldings: z.record(z.string(), ZCombinedHolding),
  sources: z.array(ZMarketDataSource),
  isSimulated: z.boolean(),
});
export type PortfolioAccountListResponse = z.infer<typeof ZPortfolioAccountListResponse>;

/** POST /api/portfolio-accounts/manual -> 201. */
export const ZManualAccountResponse = z.object({ account: ZPortfolioAccount });
export type ManualAccountResponse = z.infer<typeof ZManualAccountResponse>;
