import { config } from 'zod/v4/core';

/**
 * The CSP allows no eval. zod's object parser would otherwise probe `new Function` (to compile a fast path), and
 * the browser reports that probe as a CSP violation even though zod catches it. jitless parsing avoids both.
 * Imported first in main.tsx, before any schema runs; `zod/v4/core` is the same module instance `zod` uses.
 */
config({ jitless: true });
