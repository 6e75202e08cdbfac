import { z } from 'zod';

/**
 * Every error code the server answers with, and the HTTP status it answers it with. A code exists only here, with
 * its status: `new AppError(code)` takes no other code, so adding one without a status does not typecheck.
 */
export const errorStatusByCode = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** Robinhood refused the username or password. */
  BROKER_REJECTED: 401,
  /** Stripe declined the card. */
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  SUBSCRIPTION_REQUIRED: 403,
  /** The Free plan's AI analyses of the month are used up. */
  ANALYSIS_LIMIT_REACHED: 403,
  /** A brokerage import tries a password at Robinhood, so it is for accounts with a verified email only. */
  EMAIL_NOT_VERIFIED: 403,
  /** A period of returns that cannot be measured: dates out of order or after today (performance). */
  INVALID_DATES: 400,
  /** A period of returns that ends before the portfolio's first activity. */
  BEFORE_HISTORY: 400,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload of a supported type whose content cannot be decoded (a logo that is not a whole image). */
  IMAGE_UNREADABLE: 422,
  /** Paper trades the ledger refuses: the request was understood, the ledger says no. */
  INSUFFICIENT_CASH: 422,
  INSUFFICIENT_SHARES: 422,
  ORDER_TOO_SMALL: 422,
  /** Returns of a portfolio without a history of activities (the view's empty state). */
  NO_HISTORY: 422,
  /** Returns in a base currency that a currency of the history has no exchange rates to. */
  NO_FX_RATES: 422,
  /** A history whose activities of one symbol are in different currencies. */
  CURRENCY_MISMATCH: 422,
  /** Robinhood wants a verification code, SMS/e-mail challenge or device approval. */
  BROKER_MFA_REQUIRED: 422,
  RATE_LIMITED: 429,
  /** The advisor's questions of the day are used up. */
  ADVISOR_LIMIT_REACHED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  /** Stripe refused a request (a payment, a portal session). */
  PAYMENT_SERVICE_ERROR: 502,
  /** Stripe refused to cancel the subscriptions of an account being deleted. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** Robinhood is down, timed out, answered 5xx/429 or something unreadable. */
  BROKER_UNAVAILABLE: 502,
  AI_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  /** Stripe could not be reached to cancel the subscriptions of an account being deleted. */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ServerErrorCode = keyof typeof errorStatusByCode;
/** Every code of the map, in its order: the enum of error codes in the API's OpenAPI document. */
export const SERVER_ERROR_CODES = Object.keys(errorStatusByCode) as [ServerErrorCode, ...ServerErrorCode[]];
/**
 * The codes the web client gives an answer it could not read as the server's error: no answer at all
 * (NETWORK_ERROR, status 0), a body it cannot parse (BAD_RESPONSE), an error answer not in the error shape or with
 * a code this app does not know (HTTP_ERROR).
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'HTTP_ERROR';
export type AppErrorCode = ServerErrorCode | ClientErrorCode;

export function isServerErrorCode(code: string): code is ServerErrorCode {
  return Object.hasOwn(errorStatusByCode, code);
}

/** The code of an error body as the web client keeps it: the server's own, else HTTP_ERROR. */
export function appErrorCodeOf(code: string): AppErrorCode {
  return isServerErrorCode(code) ? code : 'HTTP_ERROR';
}

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

/** The error body as the server writes it: always one of its own codes (the web client reads any, ZErrorBody). */
export const ZServerErrorBody = z.object({
  error: ZErrorBody.shape.error.extend({ code: z.enum(SERVER_ERROR_CODES) }),
});

/** The one error type of the app: thrown by services, turned into ErrorBody by the server, parsed back by the web client. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  /**
   * `options.status` only where the answer's status is not the code's own: a client-side code (the status the
   * web client got), or BAD_REQUEST for another 4xx the framework answered.
   */
  constructor(
    code: AppErrorCode,
    message: string,
    options: { status?: number; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (isServerErrorCode(code) ? errorStatusByCode[code] : 500);
    this.fields = options.fields;
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}
