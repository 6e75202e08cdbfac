/**
 * Between the build (scripts/prerender.mjs, src/web/prerender.tsx) and the server that serves its output.
 *
 * The prerendered public pages are written to this folder of the web root, one `<name>.html` per page
 * (`index.html` for /), and so is every other page of PAGE_PATHS: the shell with its route chunks preloaded.
 * A dot folder: the static file server never lists it, so the files are reachable only through their page
 * paths.
 */
export const PRERENDERED_PAGES_DIR = '.prerendered';

/**
 * Stands for the site's origin in prerendered HTML (the canonical link and og:url are absolute URLs, and the
 * build cannot know the host). The server writes the origin of each request in its place. `.invalid` is a
 * reserved top-level domain, so the placeholder can never be a real address.
 */
export const PRERENDER_ORIGIN = 'https://prerender-origin.invalid';
