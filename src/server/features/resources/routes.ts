import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../contracts/errors';
import { ZGuideParams } from '../../../contracts/resources';
import { findGuide, guideFileName } from '../../../domain/guides';
import { parseWith } from '../../http/errors';
import { robotsTxt, siteOrigin, sitemapXml } from './sitemap';

/** The PDFs change only with a deploy; browsers and proxies may keep them for an hour. */
const PDF_CACHE_CONTROL = 'public, max-age=3600';
const TEXT_CACHE_CONTROL = 'public, max-age=3600';
/** robots.txt and sitemap.xml name the origin the request came in on, so caches must key on it. */
const ORIGIN_VARY = 'Host, X-Forwarded-Host, X-Forwarded-Proto';

function originOf(request: { protocol: string; host: string }): string {
  const origin = siteOrigin(request.protocol, request.host);
  if (!origin) throw new AppError('BAD_REQUEST', 'Invalid Host header');
  return origin;
}

/**
 * Registered at the root (not under /api): the guide PDFs of /resources, robots.txt and sitemap.xml.
 * Guides render once per process and are then served from memory.
 */
export const resourcesRoutes: FastifyPluginAsync = async (app) => {
  const { guidePdfs } = app.services.resources;

  app.get('/api/resources/guides/:slug.pdf', async (request, reply) => {
    const { slug } = parseWith(ZGuideParams, request.params);
    const guide = findGuide(slug);
    if (!guide) throw new AppError('NOT_FOUND', `No such guide: ${slug}`);
    const bytes = await guidePdfs.get(guide);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${guideFileName(guide)}"`)
      .header('Cache-Control', PDF_CACHE_CONTROL)
      .send(bytes);
  });

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', TEXT_CACHE_CONTROL)
      .header('Vary', ORIGIN_VARY)
      .send(robotsTxt(originOf(request))),
  );

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', TEXT_CACHE_CONTROL)
      .header('Vary', ORIGIN_VARY)
      .send(sitemapXml(originOf(request))),
  );
};
