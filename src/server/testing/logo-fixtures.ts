/**
 * Real images for the report-branding tests (made with ImageMagick: `convert -size 16x16 xc:'#1e4d8c' -strip`,
 * and the same for the JPEG and GIF), small enough to keep inline.
 */

/** A 16 × 16 PNG, one colour, 84 bytes. */
export const PNG_16 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQAQMAAAAlPW0iAAAAA1BMVEUeTYwQG03jAAAADElEQVQI12NgIA0AAAAwAAHHqoWOAAAAAElFTkSuQmCC',
  'base64',
);

/** A 16 × 16 baseline JPEG (JFIF), one colour, 286 bytes. */
export const JPEG_16 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAA3Kz/2Q==',
  'base64',
);

/** A 40 × 20 GIF: a real image of a type reports do not take. */
export const GIF_40X20 = Buffer.from(
  'R0lGODlhKAAUAPAAAP8AAAAAACH5BAAAAAAALAAAAAAoABQAAAIahI+py+0Po5y02ouz3rz7D4biSJbmiabqihUAOw==',
  'base64',
);
