import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

/**
 * tailwind-merge with only the class groups the app's classes fall in: its full default config is about 5 KB of
 * the JavaScript every page loads (issue #26). scripts/tailwind-merge-config.test.ts checks that it merges
 * every class of src/web as the full config would.
 */
const twMerge = createTailwindMerge(() => tailwindMergeConfig);

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
