import { describe, expect, it } from 'vitest';
import { fidelityHistory } from './fidelity';
import multiCurrency from './fixtures/bankroll__fidelity_transactions.csv?raw';
import accountsHistory from './fixtures/opensteuerauszug__Accounts_History.csv?raw';
import allAccounts from './fixtures/own__fidelity_all_accounts_transactions.csv?raw';
import historyForAccount from './fixtures/own__fidelity_History_for_Account.csv?raw';
import { HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { activityAt, countByType, expected, importFile } from './testing';

const parse = (text: string) => fidelityHistory.parse(importFile(text, 'Accounts_History.csv'));

describe('Fidelity account history', () => {
  it('reads the 2025-26 Accounts_History (Price before Quantity), ignoring the disclaimer and Date downloaded', () => {
    const result = parse(accountsHistory);
    expect(result.format).toBe('fidelity');
    expect(result.errors).toEqual([]);
    expect(result.activities).toHaveLength(16);
    expect(countByType(result)).toEqual({ interest: 8, buy: 6, dividend: 1, tax: 1 });
    const account = 'My Fidelity Account U12349876';
    expect(activityAt(result, 5)).toEqual(
      expected(5, {
        type: 'buy',
        date: '2025-12-24',
        symbol: 'VT',
        quantity: '28',
        price: '142.035',
        note: `${account} — YOU BOUGHT VANGUARD INTL EQUITY INDEX FDS TT WR... (VT)`,
      }),
    );
    // The reinvested dividend: REINVESTMENT (a buy) and DIVIDEND RECEIVED, less the non-resident tax.
    expect(activityAt(result, 9)).toMatchObject({
      type: 'buy',
      symbol: 'VT',
      quantity: '0.8724',
      price: '141.26',
    });
    expect(activityAt(result, 10)).toMatchObject({ type: 'dividend', symbol: 'VT', amount: '144.98' });
    expect(activityAt(result, 11)).toMatchObject({ type: 'tax', symbol: 'VT', amount: '21.75' });
    expect(activityAt(result, 2)).toEqual(
      expected(2, {
        type: 'interest',
        date: '2025-12-31',
        amount: '0.04',
        note: `${account} — INTEREST EARNED as of Dec-30-2025`,
      }),
    );
  });

  it('reads the multi-currency layout: leading spaces, negative sell quantities, fees summed; options, bonds and the core skipped', () => {
    const result = parse(multiCurrency);
    expect(result.activities.length + result.errors.length).toBe(19);
    expect(countByType(result)).toEqual({ interest: 2, dividend: 2, buy: 3, sell: 3, tax: 1, deposit: 1 });
    expect(activityAt(result, 18)).toEqual(
      expected(18, {
        type: 'sell',
        date: '2017-09-20',
        symbol: 'NVDA',
        quantity: '12',
        price: '149.24',
        fee: '4.97', // commission 4.95 + fees 0.02
        note: 'My Account X12345678 — YOU SOLD — NVIDIA CORP',
      }),
    );
    expect(activityAt(result, 22)).toMatchObject({
      type: 'buy',
      symbol: 'IHI',
      quantity: '0.0123',
      price: '228.25',
    });
    expect(activityAt(result, 12)).toMatchObject({
      type: 'tax',
      date: '2017-10-11',
      symbol: 'TM',
      amount: '8.76',
    });
    expect(activityAt(result, 4)).toMatchObject({ type: 'interest', symbol: null, amount: '2.34' });
    expect(activityAt(result, 16)).toMatchObject({ type: 'deposit', amount: '4567' });
    expect(result.errors).toEqual([
      { line: 5, message: SKIP.sweep }, // REINVESTMENT into the core "CASH"
      { line: 8, message: SKIP.options }, // -SPY180125C260 CLOSING TRANSACTION
      { line: 11, message: SKIP.bond('CUSIP 978928WR4') },
      { line: 13, message: SKIP.bond('CUSIP 991696QU2') },
      { line: 14, message: SKIP.bond('CUSIP 978928WR4') },
      { line: 15, message: SKIP.redemption },
      { line: 20, message: SKIP.options },
    ]);
  });

  it('reads History_for_Account (CRLF, blank-comma lines, " Action (Cash)"): cash moves, the core as cash', () => {
    expect(historyForAccount.startsWith(',,,,,,,,,,,\r\n')).toBe(true);
    const result = parse(historyForAccount);
    expect(countByType(result)).toEqual({ deposit: 2, buy: 1, interest: 1, withdrawal: 2, sell: 1 });
    expect(activityAt(result, 7)).toEqual(
      expected(7, {
        type: 'deposit',
        date: '2023-02-28',
        amount: '1850.25',
        note: 'DIRECT DEPOSIT ACME CORP PAYROLL',
      }),
    );
    expect(activityAt(result, 9)).toMatchObject({ type: 'interest', symbol: null, amount: '3.17' }); // SPAXX dividend
    expect(activityAt(result, 11)).toMatchObject({ type: 'withdrawal', amount: '500' }); // TRANSFERRED TO
    expect(activityAt(result, 13)).toMatchObject({
      type: 'sell',
      quantity: '1.5',
      price: '153.2',
      fee: '0.01',
    });
    expect(result.errors).toEqual([{ line: 10, message: SKIP.sweep }]);
  });

  it('reads the all-accounts export: each account named in the note, cash and share transfers', () => {
    const result = parse(allAccounts);
    expect(result.activities.length + result.errors.length).toBe(15);
    expect(countByType(result)).toEqual({
      dividend: 2,
      buy: 2,
      sell: 1,
      deposit: 1,
      withdrawal: 3,
      transfer_in: 1,
      tax: 1,
      interest: 1,
    });
    expect(activityAt(result, 4)).toEqual(
      expected(4, {
        type: 'buy',
        date: '2025-11-26',
        symbol: 'MSFT',
        quantity: '2',
        price: '476.99',
        fee: '0.04',
        note: 'ROTH IRA 222333444 — YOU BOUGHT MICROSOFT CORP (MSFT)',
      }),
    );
    expect(activityAt(result, 6)).toMatchObject({ type: 'deposit', amount: '1000' });
    expect(activityAt(result, 7)).toMatchObject({ type: 'withdrawal', amount: '1000' });
    expect(activityAt(result, 8)).toMatchObject({
      type: 'transfer_in',
      symbol: 'KO',
      quantity: '40',
      price: null,
    });
    expect(activityAt(result, 15)).toMatchObject({ type: 'dividend', symbol: 'VYM', amount: '12.5' });
    expect(result.errors).toEqual([
      { line: 10, message: SKIP.corporateAction('MERGER') },
      { line: 11, message: SKIP.redemption },
      { line: 14, message: SKIP.options },
    ]);
  });

  it('gives each malformed row its line and reason', () => {
    const text = [
      'Run Date,Action,Symbol,Description,Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
      '02/30/2024,YOU BOUGHT APPLE INC (AAPL) (Cash),AAPL,APPLE INC,Cash,1,180,,,,-180,',
      '03/01/2024,YOU BOUGHT APPLE INC (AAPL) (Cash),AAPL,APPLE INC,Cash,1,1.8.0,,,,-180,',
      '03/01/2024,DIVIDEND RECEIVED APPLE INC (AAPL) (Cash),AAPL,APPLE INC,Cash,,,,,,-0.24,',
      '03/01/2024,SOMETHING NEW (Cash),AAPL,APPLE INC,Cash,,,,,,1,',
      '03/01/2024,YOU SOLD SHORT TESLA INC (TSLA) (Margin),TSLA,TESLA INC,Margin,-1,200,,,,200,',
    ].join('\n');
    expect(parse(text).errors).toEqual([
      { line: 2, message: 'the run date "02/30/2024" is not a date (MM/DD/YYYY)' },
      { line: 3, message: 'the price "1.8.0" is not a number' },
      { line: 4, message: SKIP.wrongSign('dividend', '-0.24') },
      { line: 5, message: SKIP.unknown('SOMETHING NEW') },
      { line: 6, message: SKIP.short },
    ]);
  });
});
