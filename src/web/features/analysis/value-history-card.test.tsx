// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ValueHistoryCard } from './value-history-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ValueHistoryCard (issue 25: an unknown symbol is not found, not short of history)', () => {
  it('says XYZQ: not found, and keeps the history wording for a known symbol without closes', async () => {
    const api = stubApi({
      'POST /api/portfolio/value-history': {
        status: 200,
        body: {
          success: true,
          history: {
            points: [
              { date: '2026-11-19', value: 2000 },
              { date: '2026-11-20', value: 2100 },
            ],
            excluded: ['NEWCO', 'XYZQ'],
            isSimulated: true,
          },
        },
      },
    });
    renderAt(
      '/app',
      <ValueHistoryCard portfolio={{ AAPL: 10, NEWCO: 3, XYZQ: 5 }} unknownSymbols={['XYZQ']} />,
    );
    await screen.findByTestId('value-history-summary');
    expect(screen.getAllByTestId('value-history-left-out').map((line) => line.textContent)).toEqual([
      'XYZQ: not found.',
      'Not included, for lack of a price history: NEWCO.',
    ]);
    expect(api.unexpected).toEqual([]);
  });
});
