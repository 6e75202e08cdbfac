import { describe, expect, it } from 'vitest';
import { MOVE_IN_REASONS as R, planMoveIn, type MoveInAccount, type MoveInFile } from './move-in';

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';
const CLIENT_ID = '22222222-2222-4222-8222-222222222222';

const buy = (portfolio: string, date: string, quantity: string) => ({
  portfolio,
  type: 'buy' as const,
  date,
  symbol: 'aapl',
  quantity,
  price: '100.50',
  fee: null,
  amount: null,
  currency: 'usd',
  note: ' First lot ',
  source: 'manual' as const,
  importId: null,
  fileName: null,
  line: null,
});

const FILE: MoveInFile = {
  savedPortfolio: { holdings: { MSFT: 3 } },
  accounts: [{ id: ACCOUNT_ID, accountType: 'ira', accountName: 'Roth at Fidelity', holdings: { AAPL: 7 } }],
  clients: [
    {
      id: CLIENT_ID,
      name: 'Ada Lovelace',
      holdings: { VTI: 4 },
      archivedAt: '2026-01-02T03:04:05.000Z',
      lastReviewedAt: null,
    },
  ],
  methods: { [`account:${ACCOUNT_ID}`]: 'average' },
  activities: [
    buy(`account:${ACCOUNT_ID}`, '2025-01-02', '5'),
    buy(`account:${ACCOUNT_ID}`, '2025-02-03', '2'),
  ],
};

const EMPTY: MoveInAccount = {
  canHaveAccounts: true,
  canHaveClients: true,
  savedHoldings: null,
  accounts: [],
  clients: [],
  histories: new Map(),
  maxAccounts: 25,
  maxClients: 500,
  today: '2026-11-27',
};

/** What a test reads of a planned portfolio: everything but the activities' fields. */
const brief = (plan: ReturnType<typeof planMoveIn>) =>
  plan.portfolios.map(({ activities, ...rest }) => ({ ...rest, activities: activities.length }));

describe('planMoveIn', () => {
  it('moves everything into an empty account: the saved map, a new account with its history, a new client', () => {
    const plan = planMoveIn(FILE, EMPTY);
    expect(plan.orphans).toBe(0);
    expect(brief(plan)).toEqual([
      {
        from: 'me',
        kind: 'saved',
        name: 'Saved portfolio',
        accountType: null,
        action: 'add',
        into: 'me',
        reason: null,
        holdings: { MSFT: 3 },
        positions: 1,
        costBasisMethod: null,
        activities: 0,
        duplicates: 0,
        invalid: [],
        archivedAt: null,
        lastReviewedAt: null,
      },
      {
        from: `account:${ACCOUNT_ID}`,
        kind: 'account',
        name: 'Roth at Fidelity',
        accountType: 'ira',
        action: 'create',
        into: null,
        reason: null,
        holdings: null,
        positions: 1,
        costBasisMethod: 'average',
        activities: 2,
        duplicates: 0,
        invalid: [],
        archivedAt: null,
        lastReviewedAt: null,
      },
      {
        from: `client:${CLIENT_ID}`,
        kind: 'client',
        name: 'Ada Lovelace',
        accountType: null,
        action: 'create',
        into: null,
        reason: null,
        holdings: { VTI: 4 },
        positions: 1,
        costBasisMethod: null,
        activities: 0,
        duplicates: 0,
        invalid: [],
        archivedAt: '2026-01-02T03:04:05.000Z',
        lastReviewedAt: null,
      },
    ]);
    // Each activity normalised by the rules of a typed one, its provenance kept.
    expect(plan.portfolios[1]?.activities[0]).toEqual({
      type: 'buy',
      date: '2025-01-02',
      symbol: 'AAPL',
      quantity: '5',
      price: '100.5',
      fee: null,
      amount: null,
      currency: 'USD',
      note: 'First lot',
      source: 'manual',
      importId: null,
      fileName: null,
      line: null,
    });
  });

  it('the same file again finds everything here: nothing created, every activity a duplicate', () => {
    const here: MoveInAccount = {
      ...EMPTY,
      savedHoldings: { MSFT: 3 },
      accounts: [{ id: 'a1', accountType: 'ira', accountName: 'Roth at Fidelity', holdings: { AAPL: 7 } }],
      clients: [{ id: 'c1', name: 'Ada Lovelace', holdings: { VTI: 4 } }],
      histories: new Map([
        [
          'account:a1',
          [
            { ...buy('', '2025-01-02', '5.0'), symbol: 'AAPL', currency: 'USD', fee: '0' },
            { ...buy('', '2025-02-03', '2'), symbol: 'AAPL', currency: 'USD' },
          ],
        ],
      ]),
    };
    const plan = planMoveIn(FILE, here);
    expect(
      plan.portfolios.map((p) => [p.action, p.into, p.activities.length, p.duplicates, p.reason]),
    ).toEqual([
      ['unchanged', 'me', 0, 0, null],
      ['unchanged', 'account:a1', 0, 2, R.intoAccount('Roth at Fidelity', 'ira')],
      ['unchanged', 'client:c1', 0, 0, R.intoClient('Ada Lovelace')],
    ]);
  });

  it('skips what the plan or a limit refuses, with the reason', () => {
    const free = planMoveIn(FILE, { ...EMPTY, canHaveAccounts: false, canHaveClients: false });
    expect(free.portfolios.map((p) => [p.action, p.reason])).toEqual([
      ['add', null],
      ['skip', R.accountsPlan],
      ['skip', R.clientsPlan],
    ]);
    const full = planMoveIn(FILE, {
      ...EMPTY,
      maxAccounts: 1,
      accounts: [{ id: 'a9', accountType: 'brokerage', accountName: 'Other', holdings: {} }],
    });
    expect(full.portfolios[1]).toMatchObject({
      action: 'skip',
      reason: R.tooManyAccounts(1),
      activities: [],
    });
  });

  it('lists the activities the rules refuse and counts those of a portfolio the file lacks', () => {
    const plan = planMoveIn(
      {
        ...FILE,
        activities: [
          ...FILE.activities,
          buy(`account:${ACCOUNT_ID}`, '2026-11-28', '1'),
          buy(`client:${'3'.repeat(8)}-3333-4333-8333-333333333333`, '2025-01-02', '1'),
        ],
      },
      EMPTY,
    );
    expect(plan.orphans).toBe(1);
    expect(plan.portfolios[1]?.activities).toHaveLength(2);
    expect(plan.portfolios[1]?.invalid).toEqual([
      { date: '2026-11-28', type: 'buy', message: 'Date cannot be in the future (today is 2026-11-27)' },
    ]);
  });

  it("leaves a saved map alone where this account's holds other positions; a history opens on them", () => {
    const other = { ...EMPTY, savedHoldings: { TSLA: 1 } };
    expect(planMoveIn(FILE, other).portfolios[0]).toMatchObject({
      action: 'skip',
      reason: R.otherHoldings,
      holdings: null,
    });
    const history = planMoveIn({ ...FILE, activities: [buy('me', '2025-01-02', '1')] }, other);
    expect(history.portfolios[0]).toMatchObject({
      action: 'add',
      into: 'me',
      reason: R.openingPositions,
      holdings: null,
    });
  });
});
