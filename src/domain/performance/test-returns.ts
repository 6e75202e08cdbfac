/** Returns facts for the tests of what states them: the rules' overview, the model's prompt, the Returns card. */
import type { PeriodReturnsFact, ReturnsFacts } from './returns-facts';

/** A period of `range` over the last year to 2024-06-28, nothing measured but what is given. */
export function periodFact(
  fields: Partial<PeriodReturnsFact> & Pick<PeriodReturnsFact, 'range'>,
): PeriodReturnsFact {
  return {
    start: '2023-06-28',
    end: '2024-06-28',
    twr: 0,
    twrAnnualized: null,
    mwr: null,
    mwrAnnualized: null,
    benchmarkTwr: null,
    benchmarkTwrAnnualized: null,
    ...fields,
  };
}

/** The returns of a history begun on 2021-03-15, in USD beside SPY unless told (the periods a plain array, as a JSON answer's). */
export function returnsFacts(
  periods: PeriodReturnsFact[],
  fields: Partial<Omit<ReturnsFacts, 'periods'>> = {},
): ReturnsFacts & { periods: PeriodReturnsFact[] } {
  return { currency: 'USD', benchmarkSymbol: 'SPY', firstActivityDate: '2021-03-15', periods, ...fields };
}
