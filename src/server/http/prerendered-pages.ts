import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../../contracts/prerendered-pages';
import { encodeAtMaxQuality, type EncodedBodies } from './content-encoding';

/**
 * Origins whose pages are kept compressed. A deployment answers on one or two; the Host header is the
 * client's to choose, so past this many the pages of a new origin are sent uncompressed rather than
 * compressed per request (an attacker rotating Host headers must not buy CPU time or memory).
 */
const MAX_COMPRESSED_ORIGINS = 16;

/** A prerendered page for one origin: its text, and compressed variants when that origin has them. */
export type RenderedPage = Pick<EncodedBodies, 'identity'> & Partial<EncodedBodies>;

/**
 * The build's prerendered pages (scripts/prerender.mjs), by path: `<name>.html` is /<name>, `index.html` is /.
 * Read once: they change only with a deploy. Each request's origin replaces PRERENDER_ORIGIN (canonical link,
 * og:url), so they cannot be compressed at build time: each page is compressed (brotli 11, gzip 9) the first
 * time an origin asks for it, then served from memory.
 */
export class PrerenderedPages {
  private readonly encoded = new Map<string, Promise<EncodedBodies>>();
  private readonly compressedOrigins = new Set<string>();

  private constructor(private readonly templates: ReadonlyMap<string, string>) {}

  static read(webRoot: string): PrerenderedPages {
    const dir = path.join(webRoot, PRERENDERED_PAGES_DIR);
    const templates = new Map<string, string>();
    if (existsSync(dir)) {
      for (const file of readdirSync(dir)) {
        if (path.extname(file) !== '.html') continue;
        const name = path.basename(file, '.html');
        templates.set(name === 'index' ? '/' : `/${name}`, readFileSync(path.join(dir, file), 'utf8'));
      }
    }
    return new PrerenderedPages(templates);
  }

  get paths(): string[] {
    return [...this.templates.keys()];
  }

  async render(pagePath: string, origin: string): Promise<RenderedPage> {
    const template = this.templates.get(pagePath);
    if (template === undefined) throw new Error(`no prerendered page for ${pagePath}`);
    const html = template.replaceAll(PRERENDER_ORIGIN, origin);
    if (!this.compressedOrigins.has(origin)) {
      if (this.compressedOrigins.size >= MAX_COMPRESSED_ORIGINS) return { identity: Buffer.from(html) };
      this.compressedOrigins.add(origin);
    }
    const key = `${origin}${pagePath}`;
    let bodies = this.encoded.get(key);
    if (!bodies) {
      bodies = encodeAtMaxQuality(html);
      this.encoded.set(key, bodies);
    }
    return bodies;
  }
}
