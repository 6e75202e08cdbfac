import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../contracts/errors';
import { attachmentDisposition } from '../../../domain/reports/report-layout';
import {
  ZPortfolioReportQuery,
  ZSaveReportBrandingRequest,
  type ReportBrandingResponse,
} from '../../../contracts/reports';
import { requireFeature, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  buildAccountPortfolioReport,
  getReportBranding,
  getReportLogo,
  removeReportLogo,
  saveReportBranding,
  saveReportLogo,
} from './service';

/**
 * Bodies up to 1 MB reach the logo route, so that one over the logo's own limit (512 KB) gets the logo's message;
 * anything larger is refused by Fastify with the app's 413.
 */
const LOGO_BODY_LIMIT = 1024 * 1024;

/** A report reads a year of closes per holding and draws tens of pages: a few a minute is plenty for a person. */
const reportLimit = perUserLimit(20, 60_000);
const uploadLimit = perUserLimit(30, 60_000);

/**
 * /api/report-branding and /api/reports (decision 033): a Professional user's report branding and the PDF report
 * of their saved portfolio. Every route needs the Professional plan (403 SUBSCRIPTION_REQUIRED naming it).
 */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  const context = app.services.reports;
  const { db } = context;
  app.addHook('preHandler', requireFeature('white-label-reports'));

  // The logo arrives as the image's own bytes: any image type or none is read as a buffer, and its first bytes,
  // not this header, decide whether it is a PNG or JPEG (a GIF gets the logo's message, not a generic 415).
  app.addContentTypeParser(
    /^(?:image\/|application\/octet-stream)/,
    { parseAs: 'buffer', bodyLimit: LOGO_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get('/report-branding', async (request) => {
    const body: ReportBrandingResponse = await getReportBranding({ db, userId: signedInUser(request).id });
    return body;
  });

  app.put('/report-branding', async (request) => {
    const { firmName, color } = parseWith(ZSaveReportBrandingRequest, request.body);
    const body: ReportBrandingResponse = await saveReportBranding({
      db,
      userId: signedInUser(request).id,
      firmName,
      color,
    });
    return body;
  });

  app.get('/report-branding/logo', async (request, reply) => {
    const logo = await getReportLogo({ db, userId: signedInUser(request).id });
    return reply.type(logo.type).header('Cache-Control', 'private, no-cache').send(logo.bytes);
  });

  app.put('/report-branding/logo', { bodyLimit: LOGO_BODY_LIMIT, config: uploadLimit }, async (request) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the logo as the image file itself (image/png or image/jpeg).',
      );
    }
    const body: ReportBrandingResponse = await saveReportLogo({
      db,
      userId: signedInUser(request).id,
      bytes: request.body,
    });
    return body;
  });

  app.delete('/report-branding/logo', async (request) => {
    const body: ReportBrandingResponse = await removeReportLogo({ db, userId: signedInUser(request).id });
    return body;
  });

  app.get('/reports/portfolio.pdf', { config: reportLimit }, async (request, reply) => {
    const { clientId } = parseWith(ZPortfolioReportQuery, request.query);
    const report = await buildAccountPortfolioReport({
      context,
      user: signedInUser(request),
      ip: request.ip,
      clientId,
    });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(report.fileName))
      .header('Cache-Control', 'private, no-store')
      .send(report.pdf);
  });
};
