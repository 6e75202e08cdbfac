// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CombinedHoldings } from './combined-holdings';

afterEach(cleanup);

describe('CombinedHoldings', () => {
  it('counts one holding in the singular and shows coins with 4 decimals, not shares', () => {
    render(
      <CombinedHoldings
        combinedHoldings={{
          'CRYPTO:BTC': {
            totalShares: 0.35,
            value: 21_000,
            accounts: [
              { accountName: 'Brokerage', shares: 0.25 },
              { accountName: 'Roth IRA', shares: 0.1 },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText(/holding/).textContent).toBe('1 holding across your accounts');
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('0.3500 coins');
    expect(item.textContent).toContain('Brokerage (0.2500 coins), Roth IRA (0.1000 coins)');
    expect(item.textContent).not.toContain('share');
  });

  it('shows stocks as shares', () => {
    render(
      <CombinedHoldings
        combinedHoldings={{
          AAPL: { totalShares: 1, value: 230, accounts: [{ accountName: 'IRA', shares: 1 }] },
          VTI: { totalShares: 12, value: 3_400, accounts: [{ accountName: 'IRA', shares: 12 }] },
        }}
      />,
    );
    expect(screen.getByText(/holdings across/).textContent).toBe('2 holdings across your accounts');
    const [vti, aapl] = screen.getAllByRole('listitem');
    expect(vti?.textContent).toContain('12 shares');
    expect(aapl?.textContent).toContain('1 share ·');
  });
});
