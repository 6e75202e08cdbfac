import { describe, expect, it } from 'vitest';
import { countLinksThatFit } from './nav-links';

describe('countLinksThatFit', () => {
  const widths = [80, 100, 90, 110];

  it('keeps every link when they fit with their gaps', () => {
    // 380 of links + 3 gaps of 4 = 392.
    expect(countLinksThatFit(widths, 4, 392, 70)).toBe(4);
  });

  it('moves what does not fit behind More, leaving room for the More button', () => {
    // One pixel short: More (70) + 4 + 80 + 4 + 100 + 4 + 90 = 352 fits in 391; the 4th would need 466.
    expect(countLinksThatFit(widths, 4, 391, 70)).toBe(3);
    expect(countLinksThatFit(widths, 4, 351, 70)).toBe(2);
    expect(countLinksThatFit(widths, 4, 154, 70)).toBe(1);
  });

  it('shows only More when not even one link fits beside it', () => {
    expect(countLinksThatFit(widths, 4, 100, 70)).toBe(0);
  });
});
