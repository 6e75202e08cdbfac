// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisText } from './analysis-text';
import { HideValuesProvider } from '../../components/hide-values';

afterEach(cleanup);

const TEXT =
  'It is worth $1,000.00. The money is spread as 2.40 equal holdings would be (the effective number of holdings).\n\nIts value swung by 20.00% a year (annualised volatility), and its Sharpe ratio was 0.5.';

describe('AnalysisText', () => {
  it('shows one paragraph per blank-line block, every word kept, brackets beside their term', () => {
    const { container } = render(<AnalysisText text={TEXT} />);
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(TEXT.split('\n\n'));
    expect([...container.querySelectorAll('span.whitespace-nowrap')].map((span) => span.textContent)).toEqual(
      ['effective number of holdings).', '(annualised volatility),', 'Sharpe ratio'],
    );
  });

  it('makes each known term a focusable tooltip trigger', () => {
    render(<AnalysisText text={TEXT} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'effective number of holdings',
      'annualised volatility',
      'Sharpe ratio',
    ]);
  });

  it('explains the two returns a recorded history gives (decision 043)', () => {
    render(
      <AnalysisText text="It returned 12.35%, leaving aside the money added or taken out (the time-weighted return). Counting when money went in and out, it returned 11.00% (the money-weighted return)." />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'time-weighted return',
      'money-weighted return',
    ]);
  });

  it('masks dollar amounts while values are hidden, and only those', () => {
    const { container } = render(
      <HideValuesProvider hidden={true}>
        <AnalysisText text={TEXT} />
      </HideValuesProvider>,
    );
    expect(container.textContent).not.toContain('$1,000.00');
    expect(container.textContent).toContain('20.00% a year');
  });
});
