/**
 * The CSP allows no eval. zod's object parser would otherwise probe `new Function` (to compile a fast path), and
 * the browser reports that probe as a CSP violation even though zod catches it. jitless parsing avoids both.
 * Imported first in main.tsx, before any schema runs. zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (so that every copy of zod shares it) and adopts an object already there:
 * setting it here keeps zod itself out of the entry script every page loads (zod-csp.test.ts checks it holds).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
