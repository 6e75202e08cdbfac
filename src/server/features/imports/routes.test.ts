import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '../../../contracts/errors';
import { ZCsvImportResponse } from '../../../contracts/imports';
import { createTestApp, type TestApp } from '../../testing/test-app';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../domain/broker-csv/fixtures/${name}`, import.meta.url), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/import/csv', payload: payload as object });

describe('POST /api/import/csv', () => {
  it('imports a Fidelity positions download, with no session', async () => {
    const res = await post({ broker: 'fidelity', csv: fixture('own__fidelity_Portfolio_Positions.csv') });
    expect(res.statusCode).toBe(200);
    expect(ZCsvImportResponse.parse(res.json())).toEqual({
      success: true,
      portfolio: { AAPL: 29.125, MSFT: 1005.5, FXAIX: 10.001 },
      skipped: [
        { row: 2, reason: 'cash and money market are not holdings' },
        { row: 5, reason: 'options are not supported' },
        { row: 6, reason: 'pending activity, not a holding' },
        { row: 7, reason: 'cash and money market are not holdings' },
        { row: 10, reason: 'no ticker (CUSIP)' },
      ],
      message: 'Imported 3 holdings from 2 accounts in your Fidelity export.',
    });
  });

  it('imports a single-account Schwab export', async () => {
    const res = await post({ broker: 'schwab', csv: fixture('bankroll__schwab_positions.csv') });
    expect(res.statusCode).toBe(200);
    const body = ZCsvImportResponse.parse(res.json());
    expect(body.portfolio).toEqual({ BND: 36.8179, VTI: 48.2304 });
    expect(body.message).toBe('Imported 2 holdings from your Schwab export.');
  });

  it('answers 400 with what was wrong for junk', async () => {
    const res = await post({ broker: 'fidelity', csv: 'this is not,a positions file\n1,2\n' });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'No Fidelity positions header found. Expected columns named "Symbol" and "Quantity".',
    });
  });

  it('answers 400 for a readable file with no holdings, naming why rows were skipped', async () => {
    const csv = 'Symbol,Quantity\nSPAXX**,\nAccount Total,\n';
    const res = await post({ broker: 'generic', csv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message:
          'No holdings found in your CSV file. 2 rows were skipped (cash and money market are not holdings: 1; total row, not a holding: 1).',
      },
    });
  });

  it('answers 400 naming the field for an unknown broker or a missing csv', async () => {
    const unknown = await post({ broker: 'ibkr', csv: 'Symbol,Quantity\nAAPL,1\n' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Choose a broker: fidelity, etrade, schwab, vanguard, robinhood, generic.',
        fields: { broker: 'Choose a broker: fidelity, etrade, schwab, vanguard, robinhood, generic.' },
      },
    });
    const missing = await post({ broker: 'generic' });
    expect(missing.statusCode).toBe(400);
    expect(ZErrorBody.parse(missing.json()).error.fields).toEqual({
      csv: 'csv must be the text of the CSV file',
    });
  });

  it('answers 400 for more than 1,000,000 characters that still fit the body limit', async () => {
    const csv = 'Symbol,Quantity\nAAPL,1\n' + 'x'.repeat(1_000_000);
    const res = await post({ broker: 'generic', csv });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.message).toBe('The CSV file is too large (limit 1 MB).');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await post({ broker: 'generic', csv: 'Symbol,Quantity\n' + 'AAPL,1\n'.repeat(160_000) });
    expect(res.statusCode).toBe(413);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('is rate limited per IP: 30 a minute', async () => {
    let res = await post({ broker: 'generic', csv: 'AAPL,1' });
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    for (let i = 0; i < 30 && res.statusCode !== 429; i++)
      res = await post({ broker: 'generic', csv: 'AAPL,1' });
    expect(res.statusCode).toBe(429);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('RATE_LIMITED');
  });
});
