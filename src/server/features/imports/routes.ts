import type { FastifyPluginAsync } from 'fastify';
import { ZCsvImportRequest, type CsvImportResponse } from '../../../contracts/imports';
import { assertGlobalMarketCoverage, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { importCsv, recordImport } from './service';

/** Public (listings outside the US are Professional's: 403 otherwise): parsing is pure and bounded (1 MB body, 20,000 rows); limited per IP (/64, shared by the instances). */
const rateLimit = { max: 30, timeWindow: '1 minute' };

/**
 * /api/import: brokerage positions CSV -> portfolio. With `portfolio` (signed in), also recorded in that
 * portfolio's history with the file's costs (decision 038).
 */
export const importRoutes: FastifyPluginAsync = async (app) => {
  const { imports: context } = app.services;
  app.post('/csv', { config: { rateLimit } }, async (request) => {
    const { broker, csv, portfolio } = parseWith(ZCsvImportRequest, request.body);
    const user = portfolio === undefined ? undefined : signedInUser(request);
    const { body, result } = importCsv(broker, csv);
    assertGlobalMarketCoverage(request.user, Object.keys(body.portfolio));
    if (user === undefined || portfolio === undefined) return body;
    const history = await recordImport(context, { user, portfolio, broker, result });
    const recorded: CsvImportResponse = { ...body, history };
    return recorded;
  });
};
