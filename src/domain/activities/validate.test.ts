import { describe, expect, it } from 'vitest';
import type { ActivityDraft } from './activity';
import { Decimal } from '../paper-trading';
import { shortestDecimal, validateActivity } from './validate';

const today = '2024-06-30';
const draft = (overrides: Partial<ActivityDraft>): ActivityDraft => ({
  type: 'buy',
  date: '2024-06-03',
  symbol: 'AAPL',
  quantity: '10',
  price: '190.5',
  fee: null,
  amount: null,
  currency: 'USD',
  note: null,
  ...overrides,
});

describe('validateActivity', () => {
  it('normalises a valid activity', () => {
    expect(
      validateActivity(
        draft({
          symbol: ' brk.b ',
          quantity: '010.50',
          price: '1.2300',
          fee: '0',
          currency: 'usd',
          note: '  first  ',
        }),
        { today },
      ),
    ).toEqual({
      ok: true,
      activity: {
        type: 'buy',
        date: '2024-06-03',
        symbol: 'BRK.B',
        quantity: '10.5',
        price: '1.23',
        fee: '0',
        amount: null,
        currency: 'USD',
        note: 'first',
      },
    });
  });

  it('requires the fields of the type and refuses the others, by field', () => {
    const outcome = validateActivity(draft({ type: 'deposit', amount: null }), { today });
    expect(outcome).toEqual({
      ok: false,
      message: 'Symbol does not apply to deposit: leave it empty',
      fields: {
        symbol: 'Symbol does not apply to deposit: leave it empty',
        quantity: 'Quantity does not apply to deposit: leave it empty',
        price: 'Price does not apply to deposit: leave it empty',
        amount: 'Amount is required for deposit',
      },
    });
    expect(validateActivity(draft({ type: 'split', price: null }), { today }).ok).toBe(true);
    expect(validateActivity(draft({ type: 'transfer_in', price: null }), { today }).ok).toBe(true);
    expect(validateActivity(draft({ quantity: '' }), { today })).toMatchObject({
      fields: { quantity: 'Quantity is required for buy' },
    });
  });

  it('refuses numbers that are not positive decimals', () => {
    const fields = (quantity: string) => {
      const outcome = validateActivity(draft({ quantity }), { today });
      return outcome.ok ? null : outcome.fields.quantity;
    };
    expect(fields('0')).toBe('Quantity must be greater than 0');
    expect(fields('-1')).toBe('Quantity must be a number');
    expect(fields('1e3')).toBe('Quantity must be a number');
    expect(fields('1,000')).toBe('Quantity must be a number');
    expect(fields('0.00000000001')).toBe('Quantity has more than 10 decimals');
    expect(fields('1000000000000000000')).toBe('Quantity is too large');
    expect(fields('0.0')).toBe('Quantity must be greater than 0');
    expect(fields('1.50000000000')).toBeNull();
    expect(fields('0001000000000000000000.5')).toBe('Quantity is too large');
    const largest = validateActivity(draft({ quantity: '000999999999999999999.99999999990' }), { today });
    expect(largest.ok && largest.activity.quantity).toBe('999999999999999999.9999999999');
    const fee = validateActivity(draft({ fee: '-0.5' }), { today });
    expect(fee.ok === false && fee.fields.fee).toBe('Fee must be a number');
  });

  it('refuses a date that is not real, in the future or before 1900', () => {
    const dateOf = (date: string) => {
      const outcome = validateActivity(draft({ date }), { today });
      return outcome.ok ? null : outcome.fields.date;
    };
    expect(dateOf('2024-02-30')).toBe('Date must be a real date written YYYY-MM-DD');
    expect(dateOf('06/03/2024')).toBe('Date must be a real date written YYYY-MM-DD');
    expect(dateOf('2024-07-01')).toBe('Date cannot be in the future (today is 2024-06-30)');
    expect(dateOf('2024-06-30')).toBeNull();
    expect(dateOf('1899-12-31')).toBe('Date cannot be before 1900-01-01');
  });

  it('refuses an unknown currency, a misspelt symbol and a note with control characters', () => {
    const outcome = validateActivity(draft({ currency: 'XYZ', symbol: 'AA PL', note: 'a\u0000b' }), {
      today,
    });
    expect(outcome.ok === false && outcome.fields).toEqual({
      symbol: 'Symbol may contain only letters, digits and . - ^ = : /',
      currency: 'Currency must be an ISO 4217 code such as USD, EUR or GBP',
      note: 'Note contains characters that are not allowed',
    });
    expect(validateActivity(draft({ note: 'x'.repeat(501) }), { today })).toMatchObject({
      fields: { note: 'Note is too long (500 characters at most)' },
    });
    expect(validateActivity(draft({ currency: 'GBP', symbol: 'CRYPTO:BTC' }), { today }).ok).toBe(true);
  });
});

describe('shortestDecimal', () => {
  it("spells a plain decimal as Decimal's toFixed() does", () => {
    const vectors: [string, string][] = [
      ['012.50', '12.5'],
      ['.5', '0.5'],
      ['3.', '3'],
      ['0.000', '0'],
      ['000', '0'],
      ['0', '0'],
      ['10', '10'],
      ['100.0000000000', '100'],
      ['0.0000000001', '0.0000000001'],
      ['12345678901234567890.0100', '12345678901234567890.01'],
    ];
    for (const [text, spelled] of vectors) {
      expect(shortestDecimal(text)).toBe(spelled);
      expect(new Decimal(text).toFixed()).toBe(spelled);
    }
  });
});
