import type { FastifyPluginAsync } from 'fastify';
import { ZCsvImportRequest, type CsvImportResponse } from '../../../contracts/imports';
import { assertGlobalMarketCoverage } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { importCsv } from './service';

/** Public (listings outside the US are Professional's: 403 otherwise): parsing is pure and bounded (1 MB body, 20,000 rows); limited per IP (/64, shared by the instances). */
const rateLimit = { max: 30, timeWindow: '1 minute' };

/** /api/import: brokerage positions CSV -> portfolio. */
export const importRoutes: FastifyPluginAsync = async (app) => {
  app.post('/csv', { config: { rateLimit } }, async (request) => {
    const { broker, csv } = parseWith(ZCsvImportRequest, request.body);
    const body: CsvImportResponse = importCsv(broker, csv);
    assertGlobalMarketCoverage(request.user, Object.keys(body.portfolio));
    return body;
  });
};
