// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { periodFact, returnsFacts } from '../../../domain/performance/test-returns';
import { ReturnsFigures } from './returns-figures';

afterEach(cleanup);

const RETURNS = returnsFacts(
  [
    periodFact({
      range: '1Y',
      twr: 0.123456,
      twrAnnualized: 0.1231,
      benchmarkTwr: -0.0525,
      benchmarkTwrAnnualized: -0.0524,
    }),
    periodFact({
      range: 'MAX',
      start: '2021-03-14',
      twr: 0.4,
      twrAnnualized: 0.1086,
      mwr: 0.38,
      mwrAnnualized: 0.1035,
    }),
  ],
  { currency: 'EUR' },
);

describe('ReturnsFigures (decision 043)', () => {
  it("shows each period's returns signed, a yearly rate only over a year, and none as none", () => {
    render(<ReturnsFigures returns={RETURNS} />);
    expect(
      screen.getByText('From your recorded activity, in EUR, beside SPY over the same days.'),
    ).toBeTruthy();
    const figures = (name: string) =>
      [...within(screen.getByRole('region', { name })).getAllByRole('definition')].map((d) => d.textContent);
    expect(
      within(screen.getByRole('region', { name: 'The past year' })).getByText('Jun 28, 2023 to Jun 28, 2024'),
    ).toBeTruthy();
    // A last year of 366 days (a leap day in it) is over a year: its yearly rates show, as on the Performance view.
    expect(figures('The past year')).toEqual(['+12.35%+12.31% a year', '—none', '-5.25%-5.24% a year']);
    expect(
      within(screen.getByRole('region', { name: 'Since the first activity' })).getByText(
        'Mar 15, 2021 to Jun 28, 2024',
      ),
    ).toBeTruthy();
    expect(figures('Since the first activity')).toEqual([
      '+40.00%+10.86% a year',
      '+38.00%+10.35% a year',
      '—none',
    ]);
  });
});
