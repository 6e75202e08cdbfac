import { z } from 'zod';
import type { ServerErrorCode } from './errors';
import { text } from './text';

/**
 * The brokerage imports of spec 000 §2/§3/§7 that are not CSV files:
 * - brokerage B and C (POST /api/fidelity/import-portfolio, /api/etrade/import-portfolio): holdings typed by hand;
 * - brokerage A (POST /api/robinhood/import-portfolio): sign in to Robinhood and read the account's positions.
 */

export const HOLDING_TYPES = ['stock', 'etf', 'fund'] as const;
export type HoldingType = (typeof HOLDING_TYPES)[number];

export const HOLDINGS_BROKERS = ['fidelity', 'etrade'] as const;
export type HoldingsBroker = (typeof HOLDINGS_BROKERS)[number];

/** How each broker is named in messages: 'Imported 3 holdings from E*TRADE.' */
export const BROKER_LABELS: Readonly<Record<HoldingsBroker | 'robinhood', string>> = {
  fidelity: 'Fidelity',
  etrade: 'E*TRADE',
  robinhood: 'Robinhood',
};

export const HOLDINGS_IMPORT_LIMITS = {
  maxHoldings: 500,
  /** Spec 000 §3: shares are a numeric string with step 0.001. */
  sharesStep: 0.001,
  maxShares: 1_000_000_000_000,
  maxSymbolLength: 15,
} as const;

export const BROKER_IMPORT_MESSAGES = {
  /** Spec 000 §5 (brokerage B and C): the text of the 'No Valid Holdings' toast, and of the 400. */
  noValidHoldings: 'Please enter at least one valid holding with symbol and shares',
  tooManyHoldings: `Import at most ${HOLDINGS_IMPORT_LIMITS.maxHoldings} holdings at a time.`,
  symbol: 'Symbol must be 1-15 letters, digits, dots or dashes',
  shares: 'Shares must be a number above 0',
  sharesStep: 'Shares can have at most 3 decimal places',
  sharesTooLarge: 'Shares must be at most 1,000,000,000,000',
  type: 'Type must be stock, etf or fund',
  /** Spec 000 §5 (brokerage A): the text of the 'Missing Credentials' toast, and of the 400. */
  missingCredentials: 'Please enter both your username and password',
  usernameTooLong: 'Username must be at most 254 characters',
  passwordTooLong: 'Password must be at most 1024 characters',
} as const;

/**
 * Why a Robinhood import failed, as the person reads it. The answer is an error body
 * (`{ error: { code, message } }`) with the status of its code: the web falls back to its demo portfolio
 * on any non-OK answer (spec 000 §8), and the message says what happened. No message ever holds the
 * username, the password or anything Robinhood sent.
 */
export const ROBINHOOD_ERRORS = {
  mfaRequired:
    'Robinhood asked for a verification code (multi-factor authentication). Foliowise cannot complete MFA sign-in; use a CSV export instead.',
  rejected: 'Robinhood rejected these credentials.',
  timeout: 'Robinhood did not answer within 10 seconds. Try again later, or use a CSV export instead.',
  unreachable: 'Could not reach Robinhood. Try again later, or use a CSV export instead.',
  httpError: (status: number) =>
    `Robinhood answered with an error (HTTP ${status}). Try again later, or use a CSV export instead.`,
  unreadable:
    'Robinhood sent an answer Foliowise could not read. Try again later, or use a CSV export instead.',
  cancelled: 'The Robinhood import was cancelled.',
  /** 403 EMAIL_NOT_VERIFIED: the import tries a password at Robinhood, so it is for proven accounts only. */
  emailNotVerified: 'Verify your email to import from Robinhood.',
  /** 429 RATE_LIMITED: the imports of every account from one address (IP /64) in 15 minutes are used up. */
  tooManyFromAddress: (wait: string) => `Too many Robinhood imports from this network. Try again in ${wait}.`,
} as const;

/** The code of each failure of a brokerage connection (its status in `errorStatusByCode`, errors.ts). */
export type BrokerErrorCode = Extract<ServerErrorCode, `BROKER_${string}`>;

const SYMBOL = /^[A-Z0-9.-]{1,15}$/;
/** A plain decimal, as a number input writes it: `10`, `10.5`, `.5`, `+2`, `-3` (no exponent, no grouping). */
export const NUMERIC_SHARES = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Trimmed, upper case: `brk.b` -> `BRK.B`. */
export const ZHoldingSymbol = text({ field: 'Symbol', max: 100, message: BROKER_IMPORT_MESSAGES.symbol })
  .toUpperCase()
  .regex(SYMBOL, BROKER_IMPORT_MESSAGES.symbol);

/** A number, or a numeric string (`"12.5"`), above 0 in steps of 0.001; always a number once parsed. */
export const ZHoldingShares = z
  .union(
    [
      z.number(),
      text({ field: 'Shares', max: 100, message: BROKER_IMPORT_MESSAGES.shares })
        .regex(NUMERIC_SHARES, BROKER_IMPORT_MESSAGES.shares)
        .transform((value) => Number(value)),
    ],
    { error: BROKER_IMPORT_MESSAGES.shares },
  )
  .pipe(
    z
      .number()
      .positive(BROKER_IMPORT_MESSAGES.shares)
      .max(HOLDINGS_IMPORT_LIMITS.maxShares, BROKER_IMPORT_MESSAGES.sharesTooLarge)
      .multipleOf(HOLDINGS_IMPORT_LIMITS.sharesStep, BROKER_IMPORT_MESSAGES.sharesStep),
  );

export const ZHoldingType = z.enum(HOLDING_TYPES, { error: BROKER_IMPORT_MESSAGES.type });

/** Spec 000 §3 "Holding entry": a valid row of the brokerage B/C forms. */
export const ZHoldingEntry = z.object({
  symbol: ZHoldingSymbol,
  shares: ZHoldingShares,
  type: ZHoldingType,
});

/**
 * A row as the form sends it. Rows with a blank symbol, or shares that are not a number above 0, are
 * dropped by the import (spec 000 §5: only valid rows count), so they pass here; every other row must be
 * a valid ZHoldingEntry. `type` defaults to stock (the brokerage B form has no type selector).
 */
export const ZHoldingRow = z.object({
  symbol: text({ field: 'Symbol', max: 100, trim: false, message: BROKER_IMPORT_MESSAGES.symbol }).nullish(),
  shares: z
    .union(
      [z.number(), text({ field: 'Shares', max: 100, trim: false, message: BROKER_IMPORT_MESSAGES.shares })],
      {
        error: BROKER_IMPORT_MESSAGES.shares,
      },
    )
    .nullish(),
  type: ZHoldingType.default('stock'),
});
export type HoldingRow = z.output<typeof ZHoldingRow>;

/** POST /api/fidelity/import-portfolio and /api/etrade/import-portfolio: `{ holdings: [{ symbol, shares, type }] }`. */
export const ZHoldingsImportRequest = z.object({
  holdings: z
    .array(ZHoldingRow, { error: BROKER_IMPORT_MESSAGES.noValidHoldings })
    .min(1, BROKER_IMPORT_MESSAGES.noValidHoldings)
    .max(HOLDINGS_IMPORT_LIMITS.maxHoldings, BROKER_IMPORT_MESSAGES.tooManyHoldings),
});
export type HoldingsImportRequest = z.input<typeof ZHoldingsImportRequest>;

/**
 * Spec 000 §3 "Import response": `success`, `portfolio` (symbol -> positive quantity), `message`, `error`;
 * `isDemo` marks demo data (the server never sends demo data as an import: the web keeps its fallback).
 */
export const ZImportResponse = z.object({
  success: z.boolean(),
  portfolio: z.record(z.string(), z.number().positive()),
  message: z.string().optional(),
  error: z.string().optional(),
  isDemo: z.boolean().optional(),
});
export type ImportResponse = z.infer<typeof ZImportResponse>;

/** POST /api/robinhood/import-portfolio. Never stored, logged or echoed. */
export const ZRobinhoodImportRequest = z.object({
  username: text({
    field: 'Username',
    max: 254,
    min: 1,
    required: BROKER_IMPORT_MESSAGES.missingCredentials,
    tooShort: BROKER_IMPORT_MESSAGES.missingCredentials,
    tooLong: BROKER_IMPORT_MESSAGES.usernameTooLong,
  }),
  password: text({
    field: 'Password',
    max: 1024,
    min: 1,
    trim: false,
    required: BROKER_IMPORT_MESSAGES.missingCredentials,
    tooShort: BROKER_IMPORT_MESSAGES.missingCredentials,
    tooLong: BROKER_IMPORT_MESSAGES.passwordTooLong,
  }),
});
export type RobinhoodImportRequest = z.infer<typeof ZRobinhoodImportRequest>;

/**
 * 200: `{ success: true, portfolio, message: 'Imported 5 holdings from Robinhood.', accounts }` (stocks and
 * ETFs of every account the positions list covers, and the crypto account's coins as `CRYPTO:BTC`, summed;
 * options are not read). Failures, of either part, are error bodies with a BrokerErrorCode and a
 * ROBINHOOD_ERRORS message: no partial portfolio is sent.
 */
export const ZRobinhoodImportResponse = ZImportResponse.extend({
  success: z.literal(true),
  message: z.string(),
  /** How many Robinhood accounts the positions came from (the crypto account counts as one). */
  accounts: z.number().int().nonnegative(),
});
export type RobinhoodImportResponse = z.infer<typeof ZRobinhoodImportResponse>;
