/**
 * White-label portfolio reports (issue #16 item 2, decision 033): the Professional user's branding and the
 * report's query. Shared by the /account branding form, the analyzer's download card and the Fastify routes.
 */
import { z } from 'zod';
import { ZClientIdField } from './clients';
import { text } from './text';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_DIMENSION,
  LOGO_MESSAGES,
  LOGO_MIN_DIMENSION,
  type LogoType,
} from '../domain/reports/report-logo';

export { LOGO_MAX_BYTES, LOGO_MAX_DIMENSION, LOGO_MESSAGES, LOGO_MIN_DIMENSION, type LogoType };

export const FIRM_NAME_MAX = 80;
/** The colour of Foliowise's own reports, and of a firm that has not chosen one. */
export const FOLIOWISE_REPORT_COLOR = '#1e4d8c';
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const REPORT_MESSAGES = {
  firmNameTooLong: `The firm name can be at most ${FIRM_NAME_MAX} characters.`,
  colorInvalid: 'The colour must be a hex colour such as #1e4d8c.',
  noPortfolio: 'There is no saved portfolio to report on. Add holdings in the analyzer first.',
  clientWithoutHoldings: 'This client has no holdings to report on. Add holdings in the analyzer first.',
  noLogo: 'No logo has been uploaded.',
} as const;

/** '#1E4D8C' -> '#1e4d8c'; three-digit colours are widened ('#fa0' -> '#ffaa00'). */
export const ZReportColor = text({ field: 'Colour', max: 7, message: REPORT_MESSAGES.colorInvalid })
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, REPORT_MESSAGES.colorInvalid)
  .transform((hex) => {
    const digits = hex.slice(1).toLowerCase();
    return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
  });

/** PUT /api/report-branding: an empty firm name or colour means Foliowise's own. */
export const ZSaveReportBrandingRequest = z.object({
  firmName: text({ field: 'Firm name', max: FIRM_NAME_MAX, tooLong: REPORT_MESSAGES.firmNameTooLong })
    .nullish()
    .transform((name) => (name ? name : null)),
  color: z.preprocess(
    (color) => (color === '' || color === undefined ? null : color),
    ZReportColor.nullable(),
  ),
});
export type SaveReportBrandingRequest = z.input<typeof ZSaveReportBrandingRequest>;

export const ZReportLogo = z.object({
  type: z.enum(LOGO_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Changes with every upload, so the preview's URL does too. */
  updatedAt: z.string(),
});

/** GET and PUT /api/report-branding, PUT and DELETE /api/report-branding/logo. */
export const ZReportBrandingResponse = z.object({
  firmName: z.string().nullable(),
  color: z.string().nullable(),
  logo: ZReportLogo.nullable(),
  /** Why the stored logo is left out of reports (it no longer decodes); null when it is drawn or there is none. */
  logoProblem: z.string().nullable(),
});
export type ReportBrandingResponse = z.infer<typeof ZReportBrandingResponse>;

/** GET /api/reports/portfolio.pdf: the saved portfolio, or a client's (`clientId`, a uuid). */
export const ZPortfolioReportQuery = z.object({
  clientId: ZClientIdField.optional(),
});

export const PORTFOLIO_REPORT_PATH = '/api/reports/portfolio.pdf';
export const REPORT_BRANDING_PATH = '/api/report-branding';
export const REPORT_LOGO_PATH = '/api/report-branding/logo';
