import { z } from 'zod';

/** Every error code the API answers with, and the HTTP status each one maps to. */
export const errorStatusByCode = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  SUBSCRIPTION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload of a supported type whose content cannot be decoded (a logo that is not a whole image). */
  IMAGE_UNREADABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  AI_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

/** The one error type of the app: thrown by services, turned into ErrorBody by the server, parsed back by the web client. */
export class AppError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: ErrorCode | (string & {}),
    message: string,
    options: { status?: number; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorStatusByCode[code as ErrorCode] ?? 500;
    this.fields = options.fields;
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}
