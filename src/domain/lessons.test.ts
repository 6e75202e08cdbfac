import { describe, expect, it } from 'vitest';
import { LESSONS, QUICK_TIPS, findLesson } from './lessons';

describe('investment basics', () => {
  it('has the four lessons of the spec, each with real content', () => {
    expect(LESSONS.map((lesson) => lesson.id)).toEqual([
      'diversification',
      'etfs',
      'risk',
      'dollar-cost-averaging',
    ]);
    for (const lesson of LESSONS) {
      expect(lesson.paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(lesson.example.lines.length).toBeGreaterThan(0);
      expect(lesson.keyPoints.length).toBeGreaterThanOrEqual(3);
    }
    expect(findLesson('risk')?.title).toBe('Understanding Risk');
  });

  it('has five quick tips with unique ids, in categories', () => {
    expect(QUICK_TIPS).toHaveLength(5);
    expect(new Set(QUICK_TIPS.map((tip) => tip.id)).size).toBe(5);
    for (const tip of QUICK_TIPS) expect(tip.category.length).toBeGreaterThan(0);
  });

  it('gets the worked arithmetic right', () => {
    // ETF example: $10,000 at 6 % less the expense ratio, 20 years.
    expect(Math.round((10_000 * 1.0595 ** 20) / 100) * 100).toBe(31_800);
    expect(Math.round((10_000 * 1.05 ** 20) / 100) * 100).toBe(26_500);
    // Dollar-cost averaging: $300 over prices 10, 5, 10.
    const shares = 100 / 10 + 100 / 5 + 100 / 10;
    expect(shares).toBe(40);
    expect(300 / shares).toBe(7.5);
    expect(((10 + 5 + 10) / 3).toFixed(2)).toBe('8.33');
    // Recovery from a 25 % fall.
    expect(Math.round((1 / 0.75 - 1) * 100)).toBe(33);
  });
});
