import { describe, expect, it } from 'vitest';
import {
  alertMessageShown,
  conditionNeedsSymbol,
  evaluateCondition,
  isPercentCondition,
  isSymbolLive,
  isUsMarketOpen,
  nextArming,
  snapshotFigures,
} from './alerts';

describe('evaluateCondition', () => {
  it('price_above: at or above the threshold, info', () => {
    const rule = { type: 'price_above', symbol: 'AAPL', threshold: 200 } as const;
    expect(evaluateCondition(rule, { price: 199.99 })).toEqual({ state: 'false' });
    expect(evaluateCondition(rule, { price: 200 })).toEqual({
      state: 'true',
      severity: 'info',
      message: 'AAPL is at $200.00, at or above your $200.00 alert.',
    });
    expect(evaluateCondition(rule, { price: null })).toEqual({ state: 'unknown' });
    expect(evaluateCondition(rule, {})).toEqual({ state: 'unknown' });
  });

  it('price_below: warning, critical at 90 % of the threshold or less', () => {
    const rule = { type: 'price_below', symbol: 'TSLA', threshold: 300 } as const;
    expect(evaluateCondition(rule, { price: 300.01 })).toEqual({ state: 'false' });
    expect(evaluateCondition(rule, { price: 300 })).toMatchObject({ state: 'true', severity: 'warning' });
    expect(evaluateCondition(rule, { price: 270.01 })).toMatchObject({ severity: 'warning' });
    expect(evaluateCondition(rule, { price: 270 })).toEqual({
      state: 'true',
      severity: 'critical',
      message: 'TSLA is at $270.00, at or below your $300.00 alert.',
    });
  });

  it('percent_change: the size of today’s move; falls warn (critical at twice), rises inform', () => {
    const rule = { type: 'percent_change', symbol: 'CRYPTO:BTC', threshold: 5 } as const;
    expect(evaluateCondition(rule, { changePercent: 4.99 })).toEqual({ state: 'false' });
    expect(evaluateCondition(rule, { changePercent: -4.99 })).toEqual({ state: 'false' });
    expect(evaluateCondition(rule, { changePercent: 5 })).toEqual({
      state: 'true',
      severity: 'info',
      message: 'BTC moved +5.00% today (your alert: 5.00%).',
    });
    expect(evaluateCondition(rule, { changePercent: -5.2 })).toEqual({
      state: 'true',
      severity: 'warning',
      message: 'BTC moved -5.20% today (your alert: 5.00%).',
    });
    expect(evaluateCondition(rule, { changePercent: -10 })).toMatchObject({ severity: 'critical' });
    expect(evaluateCondition(rule, { changePercent: 12 })).toMatchObject({ severity: 'info' });
  });

  it('portfolio_value: the saved portfolio at or above the threshold, info', () => {
    const rule = { type: 'portfolio_value', symbol: null, threshold: 10_000 } as const;
    expect(evaluateCondition(rule, { portfolioValue: 9_999.99 })).toEqual({ state: 'false' });
    expect(evaluateCondition(rule, { portfolioValue: 12_345.6 })).toEqual({
      state: 'true',
      severity: 'info',
      message: 'Your portfolio is worth $12,345.60, at or above your $10,000.00 alert.',
    });
  });

  it('gain_loss: dollars since the latest snapshot, either way; unknown without a snapshot', () => {
    const rule = { type: 'gain_loss', symbol: null, threshold: 1_000 } as const;
    expect(evaluateCondition(rule, { portfolioValue: 50_000, latestSnapshotValue: null })).toEqual({
      state: 'unknown',
    });
    expect(evaluateCondition(rule, { portfolioValue: 50_999, latestSnapshotValue: 50_000 })).toEqual({
      state: 'false',
    });
    expect(evaluateCondition(rule, { portfolioValue: 51_000, latestSnapshotValue: 50_000 })).toEqual({
      state: 'true',
      severity: 'info',
      message: 'Your portfolio is up $1,000.00 since the last snapshot (your alert: $1,000.00).',
    });
    expect(evaluateCondition(rule, { portfolioValue: 48_500, latestSnapshotValue: 50_000 })).toEqual({
      state: 'true',
      severity: 'warning',
      message: 'Your portfolio is down $1,500.00 since the last snapshot (your alert: $1,000.00).',
    });
    expect(evaluateCondition(rule, { portfolioValue: 48_000, latestSnapshotValue: 50_000 })).toMatchObject({
      severity: 'critical',
    });
  });

  it("a client's condition names the client in its message", () => {
    const clientName = 'Okafor Family Trust';
    expect(
      evaluateCondition(
        { type: 'gain_loss', symbol: null, threshold: 1_000, clientName },
        { portfolioValue: 48_500, latestSnapshotValue: 50_000 },
      ),
    ).toEqual({
      state: 'true',
      severity: 'warning',
      message:
        "Okafor Family Trust's portfolio is down $1,500.00 since the last snapshot (your alert: $1,000.00).",
    });
    expect(
      evaluateCondition(
        { type: 'portfolio_value', symbol: null, threshold: 10_000, clientName },
        { portfolioValue: 12_345.6 },
      ),
    ).toMatchObject({
      message: "Okafor Family Trust's portfolio is worth $12,345.60, at or above your $10,000.00 alert.",
    });
    expect(
      evaluateCondition({ type: 'price_below', symbol: 'AAPL', threshold: 150, clientName }, { price: 140 }),
    ).toEqual({
      state: 'true',
      severity: 'warning',
      message: 'Okafor Family Trust: AAPL is at $140.00, at or below your $150.00 alert.',
    });
    expect(
      evaluateCondition({ type: 'price_below', symbol: 'AAPL', threshold: 150, clientName }, { price: 160 }),
    ).toEqual({ state: 'false' });
  });
});

describe('nextArming: once per crossing', () => {
  const holds = { state: 'true', severity: 'info', message: 'm' } as const;
  const fails = { state: 'false' } as const;
  const unknown = { state: 'unknown' } as const;

  it('fires on the crossing, stays quiet while it holds, re-arms only after it stopped holding', () => {
    let armed = true;
    const fired: boolean[] = [];
    for (const outcome of [fails, holds, holds, unknown, holds, fails, unknown, holds, holds]) {
      const next = nextArming(armed, outcome);
      armed = next.armed;
      fired.push(next.fires);
    }
    expect(fired).toEqual([false, true, false, false, false, false, false, true, false]);
  });

  it('an unknown reading keeps the state as it was', () => {
    expect(nextArming(true, unknown)).toEqual({ armed: true, fires: false });
    expect(nextArming(false, unknown)).toEqual({ armed: false, fires: false });
  });
});

describe('market-open rule', () => {
  it('NYSE hours: 09:30 to 16:00 New York, trading days only, 13:00 on half days', () => {
    // Tuesday 2026-11-24, EST (UTC-5).
    expect(isUsMarketOpen(new Date('2026-11-24T14:29:59Z'))).toBe(false);
    expect(isUsMarketOpen(new Date('2026-11-24T14:30:00Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-11-24T20:59:59Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-11-24T21:00:00Z'))).toBe(false);
    // Thanksgiving 2026-11-26 closed; the Friday after closes at 13:00.
    expect(isUsMarketOpen(new Date('2026-11-26T16:00:00Z'))).toBe(false);
    expect(isUsMarketOpen(new Date('2026-11-27T17:59:00Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-11-27T18:00:00Z'))).toBe(false);
    // Saturday; and summer time (EDT, UTC-4) opens at 13:30 UTC.
    expect(isUsMarketOpen(new Date('2026-11-28T16:00:00Z'))).toBe(false);
    expect(isUsMarketOpen(new Date('2026-07-07T13:30:00Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-07-07T13:29:00Z'))).toBe(false);
  });

  it('crypto is live around the clock, stocks only while the session is open', () => {
    const saturday = new Date('2026-11-28T03:00:00Z');
    expect(isSymbolLive('CRYPTO:BTC', saturday)).toBe(true);
    expect(isSymbolLive('AAPL', saturday)).toBe(false);
    expect(isSymbolLive('AAPL', new Date('2026-11-24T15:00:00Z'))).toBe(true);
  });
});

describe('snapshotFigures: gain/loss against the previous snapshot', () => {
  it('difference to the cent and percent to 4 decimals', () => {
    expect(snapshotFigures(10_512.345, 10_000)).toEqual({
      totalValue: 10_512.35,
      totalGainLoss: 512.35,
      totalGainLossPercent: 5.1235,
    });
    expect(snapshotFigures(9_000, 12_000)).toEqual({
      totalValue: 9_000,
      totalGainLoss: -3_000,
      totalGainLossPercent: -25,
    });
  });

  it('the first snapshot (or one after a worthless one) gains 0', () => {
    expect(snapshotFigures(1_234.5, null)).toEqual({
      totalValue: 1_234.5,
      totalGainLoss: 0,
      totalGainLossPercent: 0,
    });
    expect(snapshotFigures(50, 0)).toEqual({ totalValue: 50, totalGainLoss: 0, totalGainLossPercent: 0 });
  });
});

describe('condition fields', () => {
  it('only the three symbol types carry a symbol; only percent_change is a percent', () => {
    expect(
      (['price_above', 'price_below', 'percent_change', 'portfolio_value', 'gain_loss'] as const).map(
        (type) => [conditionNeedsSymbol(type), isPercentCondition(type)],
      ),
    ).toEqual([
      [true, false],
      [true, false],
      [true, true],
      [false, false],
      [false, false],
    ]);
  });
});

describe('the symbol an alert watches (issue 25 item 3)', () => {
  it('never shows the internal key in a fired message', () => {
    const outcome = evaluateCondition(
      { type: 'price_above', symbol: 'CRYPTO:BTC', threshold: 50_000 },
      { price: 60_000 },
    );
    expect(outcome).toMatchObject({
      state: 'true',
      message: expect.stringMatching(/^BTC is at \$60,000\.00/),
    });
    expect(JSON.stringify(outcome)).not.toContain('CRYPTO:');
  });

  it('shows a message stored with the key before issue 25 as the coin, leaving the rest as it was', () => {
    expect(alertMessageShown('CRYPTO:BTC is at $60,000.00, at or above your $50,000.00 alert.')).toBe(
      'BTC is at $60,000.00, at or above your $50,000.00 alert.',
    );
    expect(alertMessageShown('Acme Capital: CRYPTO:ETH moved -10.00% today (your alert: 5.00%).')).toBe(
      'Acme Capital: ETH moved -10.00% today (your alert: 5.00%).',
    );
    // New messages, stock messages and a client's own name are untouched.
    for (const message of [
      'BTC is at $60,000.00, at or above your $50,000.00 alert.',
      'AAPL moved +5.00% today (your alert: 2.00%).',
      "CRYPTO:Fans's portfolio is worth $10.00, at or above your $5.00 alert.",
    ]) {
      expect(alertMessageShown(message)).toBe(message);
    }
  });
});
