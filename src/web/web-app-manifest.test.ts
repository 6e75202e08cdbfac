import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../contracts/page-routes';
import { OFFLINE_PAGES } from './service-worker/offline-pages';

const read = (file: string) => readFileSync(new URL(file, import.meta.url));
const manifest = JSON.parse(read('./public/manifest.webmanifest').toString('utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest (src/web/public/manifest.webmanifest)', () => {
  it('names the app and opens /app standalone, in scope, with the primary colour of styles.css', () => {
    const primary = /--color-primary:\s*(#[0-9a-f]{6});/i.exec(read('./styles.css').toString('utf8'))?.[1];
    const themeMeta = /<meta name="theme-color" content="([^"]+)"/.exec(
      read('./index.html').toString('utf8'),
    )?.[1];
    expect(manifest).toMatchObject({
      name: 'Foliowise',
      short_name: 'Foliowise',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      theme_color: primary,
      background_color: '#ffffff',
    });
    expect(themeMeta).toBe(primary);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  });

  it('lists real PNG icons of 192 and 512 px and a maskable one, each of the size it states', () => {
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(read(`./public${icon.src}`)), icon.src).toBe(icon.sizes);
    }
    const any = manifest.icons.filter((icon) => icon.purpose.split(' ').includes('any'));
    expect(any.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    expect(pngSize(read('./public/icons/apple-touch-icon.png'))).toBe('180x180');
  });

  it('is linked from the page template, which the prerendered pages are built from', () => {
    const html = read('./index.html').toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });

  it('opens at a page that opens offline', () => {
    expect(PAGE_PATHS).toContain(manifest.start_url);
    expect(OFFLINE_PAGES.map((page) => page.path)).toContain(manifest.start_url);
  });
});
