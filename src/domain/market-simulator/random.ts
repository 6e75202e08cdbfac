/**
 * Seeded randomness of the simulator: FNV-1a for strings, a murmur-style finaliser to mix (seed, day, stream)
 * into a 32-bit state, mulberry32 for the stream, Box-Muller for normals.
 */

export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function mix32(value: number): number {
  let t = (value + 0x9e3779b9) | 0;
  t = Math.imul(t ^ (t >>> 16), 0x21f0aaad);
  t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
  return (t ^ (t >>> 15)) >>> 0;
}

/**
 * mulberry32: a small, fast 32-bit PRNG. One module-level state, reseeded for every (seed, day, stream), so
 * drawing allocates nothing; callers draw synchronously right after `seedRandom`.
 */
let randomState = 0;

export function seedRandom(seed: number, day: number, stream: number): void {
  randomState = mix32(seed ^ mix32(Math.imul(day, 0x9e3779b1) + stream));
}

/** A uniform in (0, 1), never 0. */
export function nextUniform(): number {
  randomState = (randomState + 0x6d2b79f5) | 0;
  let t = Math.imul(randomState ^ (randomState >>> 15), 1 | randomState);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4_294_967_296;
}

/** A standard normal (Box-Muller, cosine branch). */
export function nextNormal(): number {
  const radius = Math.sqrt(-2 * Math.log(nextUniform()));
  return radius * Math.cos(2 * Math.PI * nextUniform());
}

export const STREAM_RETURN = 0;
export const STREAM_BAR = 1;
export const STREAM_INTRADAY = 2;

export function normalAt(seed: number, day: number, stream: number): number {
  seedRandom(seed, day, stream);
  return nextNormal();
}
