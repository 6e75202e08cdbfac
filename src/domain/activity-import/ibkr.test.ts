import { describe, expect, it } from 'vitest';
import { IBKR_REASONS, ibkrStatement } from './ibkr';
import { fixtureFile } from './test-files';

describe('Interactive Brokers activity statement', () => {
  const file = fixtureFile('own__ibkr_activity_statement.csv');
  const { activities, errors } = ibkrStatement.parse(file);
  const at = (line: number) => activities.filter((activity) => activity.line === line);

  it('is recognised by its Statement header', () => {
    expect(ibkrStatement.detect(file)).toBe(true);
    expect(ibkrStatement.detect({ text: 'Date,Action,Symbol\n', fileName: 'x.csv' })).toBe(false);
  });

  it('reads the trades, dividends and taxes of the statement, each in its own currency', () => {
    expect(activities).toHaveLength(10);
    const count = (type: string) => activities.filter((activity) => activity.type === type).length;
    expect([count('buy'), count('sell'), count('dividend'), count('tax')]).toEqual([4, 1, 3, 2]);
    expect(new Set(activities.map((activity) => activity.currency))).toEqual(new Set(['EUR', 'GBP', 'USD']));
  });

  it('keys each stock by its listing: IBIS -> .DE, LSE -> .L, a class with a space as the master writes it', () => {
    expect(at(16)).toEqual([
      {
        line: 16,
        type: 'buy',
        date: '2024-02-05',
        symbol: 'EUNL.DE',
        quantity: '3',
        price: '81.42',
        fee: '3',
        amount: null,
        currency: 'EUR',
        note: null,
      },
    ]);
    expect(at(19)[0]).toMatchObject({ symbol: 'VOD.L', quantity: '1000', price: '0.7021', currency: 'GBP' });
    expect(at(20)[0]).toMatchObject({ symbol: 'BRK-B', quantity: '2', price: '401.5', fee: '1' });
  });

  it('reads a negative quantity as a sale with a positive quantity and commission', () => {
    expect(at(22)).toEqual([
      {
        line: 22,
        type: 'sell',
        date: '2024-09-16',
        symbol: 'KO',
        quantity: '1',
        price: '71.885',
        fee: '0.35942',
        amount: null,
        currency: 'USD',
        note: null,
      },
    ]);
  });

  it('reads dividends and withholding tax as positive amounts, with the symbol of the description', () => {
    expect(at(37)[0]).toMatchObject({ type: 'dividend', symbol: 'VOD.L', amount: '22.5', currency: 'GBP' });
    expect(at(38)[0]).toMatchObject({ type: 'dividend', symbol: 'KO', amount: '2.91', date: '2024-10-01' });
    expect(at(46)[0]).toMatchObject({ type: 'tax', symbol: 'KO', amount: '0.44', currency: 'USD' });
    // Tax on interest names no security.
    expect(at(47)[0]).toMatchObject({ type: 'tax', symbol: null, amount: '0.12', currency: 'EUR' });
  });

  it('lists every row it does not import with the reason', () => {
    expect(errors).toEqual([
      { line: 23, message: IBKR_REASONS.closedLot },
      { line: 25, message: IBKR_REASONS.shortSale },
      { line: 26, message: IBKR_REASONS.options },
      { line: 27, message: 'ZZZZ is listed on WSE, an exchange Foliowise does not name' },
      { line: 30, message: IBKR_REASONS.forex },
      { line: 33, message: 'the Deposits & Withdrawals section is not imported' },
      { line: 34, message: IBKR_REASONS.total },
      // A dividend and its reversal, a tax and its refund: both of each pair are left out.
      { line: 39, message: 'reversed by line 40' },
      { line: 40, message: 'reverses line 39' },
      { line: 41, message: IBKR_REASONS.total },
      { line: 42, message: IBKR_REASONS.total },
      { line: 44, message: 'reversed by line 45' },
      { line: 45, message: 'reverses line 44' },
      { line: 48, message: IBKR_REASONS.total },
      { line: 50, message: 'the Interest section is not imported' },
      { line: 51, message: IBKR_REASONS.total },
    ]);
  });

  it('needs the statement to say where a stock is listed', () => {
    const text = [
      'Statement,Header,Field Name,Field Value',
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,Proceeds,Comm/Fee,Code',
      'Trades,Data,Order,Stocks,USD,CNX1,"2025-03-15, 10:00:00",4,1000,-4000,-3,O',
      'Trades,Data,Order,Crypto,USD,ETH,"2025-03-16, 10:00:00",0.5,2000,-1000,-1,O',
    ].join('\n');
    const parse = ibkrStatement.parse({ text, fileName: 'statement.csv' });
    expect(parse.errors).toEqual([{ line: 3, message: IBKR_REASONS.noListing('CNX1') }]);
    expect(parse.activities.map((activity) => [activity.symbol, activity.quantity])).toEqual([
      ['CRYPTO:ETH', '0.5'],
    ]);
  });

  it("skips IBKR's Transaction History report, whose rows name no currency", () => {
    // KapJI/capital-gains-calculator's MIT-licensed sample of that report (fixtures/README.md).
    const parse = ibkrStatement.parse(fixtureFile('capital-gains-calculator__test_basic.csv'));
    expect(parse.activities).toEqual([]);
    expect(parse.errors).toHaveLength(12);
    expect(new Set(parse.errors.map((error) => error.message))).toEqual(
      new Set([IBKR_REASONS.transactionHistory]),
    );
  });
});
