import { defineFeature } from '../../feature';
import { createGuidePdfCache, type GuidePdfCache } from './guide-pdf';
import { resourcesRoutes } from './routes';

/** The guide PDFs of /resources (rendered once per process), robots.txt and sitemap.xml, at the root. */
export const resourcesFeature = defineFeature({
  name: 'resources',
  tables: [],
  context: (): { guidePdfs: GuidePdfCache } => ({ guidePdfs: createGuidePdfCache() }),
  routes: [{ plugin: resourcesRoutes }],
});
