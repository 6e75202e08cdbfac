import { describe, expect, it } from 'vitest';
import ofxDownload from '../broker-csv/fixtures/bankroll__vanguard_positions_and_transactions.csv?raw';
import fidelityPositions from '../broker-csv/fixtures/fidelity-account-overview__example.csv?raw';
import ibkrStatement from '../broker-csv/fixtures/own__ibkr_activity_statement.csv?raw';
import robinhoodPositionsFixture from '../broker-csv/fixtures/own__robinhood_activity.csv?raw';
import schwabPositions from '../broker-csv/fixtures/bankroll__schwab_positions.csv?raw';
import vanguard2024 from '../broker-csv/fixtures/own__vanguard_OfxDownload_2024.csv?raw';
import { etradeTransactions } from './etrade';
import { fidelityHistory } from './fidelity';
import multiCurrency from './fixtures/bankroll__fidelity_transactions.csv?raw';
import schwab2019 from './fixtures/bankroll__schwab_transactions.csv?raw';
import schwabCurrent from './fixtures/export-to-ghostfolio__schwab-export.csv?raw';
import accountsHistory from './fixtures/opensteuerauszug__Accounts_History.csv?raw';
import etradeDownload from './fixtures/own__etrade_DownloadTxnHistory.csv?raw';
import allAccounts from './fixtures/own__fidelity_all_accounts_transactions.csv?raw';
import historyForAccount from './fixtures/own__fidelity_History_for_Account.csv?raw';
import robinhoodReport from './fixtures/own__robinhood_activity_report.csv?raw';
import schwabTitled from './fixtures/own__schwab_Transactions_title.csv?raw';
import schwabNoAmounts from './fixtures/yahoo-finance-csv-converter__history.csv?raw';
import { ACTIVITY_FIELD_RULES } from '../activities/activity';
import { decimalText, HistoryBuilder, HISTORY_SKIP_REASONS as SKIP } from './history-table';
import { Decimal } from './cells';
import { robinhoodActivity } from './robinhood';
import { schwabHistory } from './schwab';
import { importFile } from './testing';
import { vanguardHistory } from './vanguard';

const READERS = [schwabHistory, fidelityHistory, vanguardHistory, etradeTransactions, robinhoodActivity];

describe('detecting a US broker history', () => {
  it.each([
    ['Schwab 2019 (title, trailing commas)', schwab2019, 'schwab'],
    ['Schwab current (unquoted header)', schwabCurrent, 'schwab'],
    ['Schwab 2023 (title, quoted)', schwabTitled, 'schwab'],
    ['Schwab without Description and Amount', schwabNoAmounts, 'schwab'],
    ['Fidelity Accounts_History', accountsHistory, 'fidelity'],
    ['Fidelity multi-currency', multiCurrency, 'fidelity'],
    ['Fidelity History_for_Account', historyForAccount, 'fidelity'],
    ['Fidelity all accounts', allAccounts, 'fidelity'],
    ['Vanguard OfxDownload with transactions', ofxDownload, 'vanguard'],
    ['Vanguard 2024 OfxDownload (padded, ISO dates)', vanguard2024, 'vanguard'],
    ['E*TRADE download', etradeDownload, 'etrade'],
    ['Robinhood report', robinhoodReport, 'robinhood'],
    ['Robinhood report (positions import fixture)', robinhoodPositionsFixture, 'robinhood'],
  ])('%s is found by its reader only', (_name, text, format) => {
    const found = READERS.filter((reader) => reader.detect(importFile(text)));
    expect(found.map((reader) => reader.format)).toEqual([format]);
  });

  it.each([
    ['a Schwab positions export', schwabPositions],
    ['a Fidelity positions export', fidelityPositions],
    ['a Vanguard OfxDownload of positions only', ofxDownload.slice(0, ofxDownload.indexOf('\n\n'))],
    ['an IBKR activity statement', ibkrStatement],
    ['a Ghostfolio activities CSV', 'Date,Code,DataSource,Currency,Price,Quantity,Action,Fee,Note\n'],
    ['a JSON export', '{"meta":{"date":"2024-01-01"},"activities":[]}'],
  ])('%s is found by none', (_name, text) => {
    expect(READERS.filter((reader) => reader.detect(importFile(text)))).toEqual([]);
  });
});

describe('what the readers build', () => {
  const files: [string, (typeof READERS)[number], string][] = [
    ['Schwab 2019', schwabHistory, schwab2019],
    ['Schwab current', schwabHistory, schwabCurrent],
    ['Schwab 2023', schwabHistory, schwabTitled],
    ['Schwab without amounts', schwabHistory, schwabNoAmounts],
    ['Fidelity Accounts_History', fidelityHistory, accountsHistory],
    ['Fidelity multi-currency', fidelityHistory, multiCurrency],
    ['Fidelity History_for_Account', fidelityHistory, historyForAccount],
    ['Fidelity all accounts', fidelityHistory, allAccounts],
    ['Vanguard', vanguardHistory, ofxDownload],
    ['Vanguard 2024', vanguardHistory, vanguard2024],
    ['E*TRADE', etradeTransactions, etradeDownload],
    ['Robinhood', robinhoodActivity, robinhoodReport],
  ];

  it.each(files)(
    '%s: every activity has the fields its type requires and none it forbids',
    (_name, reader, text) => {
      const { activities } = reader.parse(importFile(text));
      expect(activities.length).toBeGreaterThan(0);
      for (const activity of activities) {
        for (const [field, rule] of Object.entries(ACTIVITY_FIELD_RULES[activity.type])) {
          const value = activity[field as keyof typeof ACTIVITY_FIELD_RULES.buy];
          if (rule === 'required') expect(value, `${activity.line} ${field}`).not.toBeNull();
          if (rule === 'none') expect(value, `${activity.line} ${field}`).toBeNull();
        }
        expect(activity.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const number of [activity.quantity, activity.price, activity.fee, activity.amount]) {
          if (number !== null) expect(number).toMatch(/^\d+(?:\.\d+)?$/);
        }
      }
    },
  );
});

describe('decimalText', () => {
  it('writes plain digits without an exponent or trailing zeros', () => {
    expect(decimalText(new Decimal('0.00000001'))).toBe('0.00000001');
    expect(decimalText(new Decimal('1.2500'))).toBe('1.25');
    expect(decimalText(new Decimal('1e21'))).toBe('1000000000000000000000');
  });
});

describe('splits given as shares added', () => {
  const buy = (out: HistoryBuilder, line: number, date: string, quantity: string) =>
    out.trade(line, {
      type: 'buy',
      date,
      symbol: 'ABC',
      quantity: new Decimal(quantity),
      price: new Decimal(10),
      note: null,
    });
  const split = (out: HistoryBuilder, line: number, date: string, added: string) =>
    out.splitBySharesAdded(line, { date, symbol: 'ABC', added: new Decimal(added), note: null });

  it('take the ratio from the shares held before, earlier splits included', () => {
    const out = new HistoryBuilder('schwab');
    split(out, 1, '2024-06-01', '12'); // 6 held after the first split: 3 for 1 -> 18
    split(out, 2, '2024-01-01', '4'); // 2 held: 3 for 1 -> 6
    buy(out, 3, '2023-01-01', '2');
    const result = out.result();
    expect(result.errors).toEqual([]);
    expect(result.activities.map((a) => [a.line, a.type, a.quantity])).toEqual([
      [1, 'split', '3'],
      [2, 'split', '3'],
      [3, 'buy', '2'],
    ]);
  });

  it('are skipped when the file shows no holding, or the ratio is not a plain one', () => {
    const out = new HistoryBuilder('robinhood');
    buy(out, 1, '2024-01-01', '3');
    split(out, 2, '2024-02-01', '1'); // 4 / 3: the holding before the file is unknown
    split(out, 3, '2024-01-01', '5'); // a buy on the split's own day is not counted before it
    const result = out.result();
    expect(result.activities.map((a) => a.type)).toEqual(['buy']);
    expect(result.errors).toEqual([
      { line: 2, message: SKIP.splitRatioUnknown('1') },
      { line: 3, message: SKIP.splitRatioUnknown('5') },
    ]);
  });
});
