// Renders the app's icons (the web app manifest's, Apple's home-screen icon) from the logo mark: lucide's
// TrendingUp in white on the primary colour, as `Logo` in src/web/components/layout/header.tsx draws it (a 32 px
// rounded square, radius 8, with a 20 px icon). Run once after changing the mark and commit the PNGs:
// `node scripts/generate-icons.mjs`. The build copies them from src/web/public/icons/ as they are.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve('src/web/public/icons');
/** --color-primary in src/web/styles.css (a unit test holds the manifest's theme colour to it). */
const PRIMARY = '#1e4d8c';
/** lucide-react's TrendingUp (24-unit grid, stroke 2). */
const TRENDING_UP = ['M16 7h6v6', 'm22 7-8.5 8.5-5-5L2 17'];

/**
 * The mark on a 32-unit canvas: the icon is 20 units wide and centred, as in the header. `rounded`: the header's
 * rounded square on a transparent canvas; otherwise a full-bleed square, for a platform that cuts its own shape
 * (maskable, Apple): the icon then lies inside the central circle of 40 % radius that every mask keeps.
 */
function markSvg(size, { rounded }) {
  const paths = TRENDING_UP.map(
    (d) =>
      `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
      `<rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="${PRIMARY}"/>` +
      `<g transform="translate(6 6) scale(${20 / 24})">${paths}</g></svg>`,
  );
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

await mkdir(OUT_DIR, { recursive: true });
for (const { file, size, rounded } of ICONS) {
  await sharp(markSvg(size, { rounded }))
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(OUT_DIR, file));
}
console.log(`wrote ${ICONS.length} icons into ${path.relative('.', OUT_DIR)}/`);
