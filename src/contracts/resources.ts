import { z } from 'zod';
import { text } from './text';

/** GET /api/resources/guides/{slug}.pdf */
export const ZGuideParams = z.object({
  slug: text({ field: 'Guide', max: 100, trim: false, message: 'Unknown guide' }).regex(
    /^[a-z0-9-]{1,100}$/,
    'Unknown guide',
  ),
});
