/**
 * Moving in (issue 27 item 11, docs/decisions/039): what a file of 'Download my data' from another Foliowise server
 * becomes in this account. Pure: the file's portfolios and this account's as they are now in, the plan out; the
 * server carries it out in one transaction.
 *
 * - The saved portfolio goes into this account's; each portfolio account and client of the file becomes a new one
 *   (new ids; its activities follow it), unless this account already has one of the same type and name (an account)
 *   or the same name (a client): then it goes into that one, so moving the same file in twice creates nothing twice.
 * - Each activity is checked by the rules of a typed one (validate.ts); those already in the portfolio they go into
 *   (duplicates.ts) are not added again. A portfolio without a history in the file is its holdings map: written
 *   where the portfolio is new or empty, left alone (and said so) where this account's differs.
 * - Accounts need the plan feature 'multi-account-aggregation', clients 'multi-client', and both their limits: a
 *   portfolio the plan or a limit refuses is skipped with the reason, never half moved.
 */
import type { ActivityDraft } from './activity';
import { ACCOUNT_TYPE_LABELS, type AccountType } from '../portfolio-accounts';
import { splitDuplicates, type ComparableActivity } from './duplicates';
import type { CostBasisMethod } from './ledger';
import { validateActivity } from './validate';

export const MOVED_PORTFOLIO_KINDS = ['saved', 'account', 'client'] as const;

/** Where an activity of the file came from on the other server; kept as it was. */
export type MovedActivitySource = 'manual' | 'import' | 'opening' | 'map-edit';

export interface MovedActivity extends ActivityDraft {
  source: MovedActivitySource;
  importId: string | null;
  fileName: string | null;
  line: number | null;
}

type Holdings = Readonly<Record<string, number>>;

/** The parts of the file that move, as its schema (src/contracts/move-in.ts) read them. */
export interface MoveInFile {
  savedPortfolio: { holdings: Holdings } | null;
  accounts: readonly { id: string; accountType: AccountType; accountName: string; holdings: Holdings }[];
  clients: readonly {
    id: string;
    name: string;
    holdings: Holdings;
    archivedAt: string | null;
    lastReviewedAt: string | null;
  }[];
  /** Each portfolio's cost-basis method, by the file's key (`me`, `account:<id>`, `client:<id>`). */
  methods: Readonly<Record<string, CostBasisMethod>>;
  activities: readonly (MovedActivity & { portfolio: string })[];
}

/** This account now: its plan's features, its portfolios, each history by key, the limits and its today. */
export interface MoveInAccount {
  canHaveAccounts: boolean;
  canHaveClients: boolean;
  savedHoldings: Holdings | null;
  accounts: readonly { id: string; accountType: string; accountName: string; holdings: Holdings }[];
  clients: readonly { id: string; name: string; holdings: Holdings }[];
  histories: ReadonlyMap<string, readonly ComparableActivity[]>;
  maxAccounts: number;
  maxClients: number;
  /** The latest today anywhere: a later date is refused, as when typed. */
  today: string;
}

/**
 * What the confirmation does with a portfolio of the file: makes it (`create`), adds to this account's
 * (`add`: activities, or the holdings of an empty one), finds it all here already (`unchanged`) or leaves it out
 * with the reason (`skip`).
 */
export type MoveInAction = 'create' | 'add' | 'unchanged' | 'skip';

export interface PlannedPortfolio {
  /** The file's key of it. */
  from: string;
  kind: (typeof MOVED_PORTFOLIO_KINDS)[number];
  name: string;
  accountType: AccountType | null;
  action: MoveInAction;
  /** This account's key of the portfolio it goes into; null while it is to be created, or skipped. */
  into: string | null;
  reason: string | null;
  /** The holdings map to write: a portfolio without a history in the file, where this account's is new or empty. */
  holdings: Holdings | null;
  /** The symbols the file holds in it. */
  positions: number;
  /** Set where the portfolio has no history here yet. */
  costBasisMethod: CostBasisMethod | null;
  /** To add, in the file's order (its replay order). */
  activities: MovedActivity[];
  duplicates: number;
  invalid: { date: string; type: string; message: string }[];
  archivedAt: string | null;
  lastReviewedAt: string | null;
}

export const MOVE_IN_REASONS = {
  accountsPlan:
    'Portfolio accounts need a Premium or Professional plan: upgrade, then move the file in again (nothing is added twice).',
  clientsPlan:
    'Clients need a Professional plan: upgrade, then move the file in again (nothing is added twice).',
  tooManyAccounts: (max: number) => `You can keep at most ${max} accounts: this one would be one too many.`,
  tooManyClients: (max: number) => `You can keep at most ${max} clients: this one would be one too many.`,
  intoAccount: (name: string, type: AccountType) =>
    `Goes into your ${ACCOUNT_TYPE_LABELS[type]} account '${name}', which has the same name.`,
  intoClient: (name: string) => `Goes into your client '${name}', who has the same name.`,
  openingPositions:
    "Your saved portfolio's holdings here become its opening positions (unknown cost), before these activities.",
  otherHoldings: 'It is already here with other holdings, and has no history in the file: left as it is.',
  noPortfolio: 'Its portfolio is not in the file.',
} as const;
const R = MOVE_IN_REASONS;

const sameHoldings = (a: Holdings, b: Holdings) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((symbol) => a[symbol] === b[symbol]);
};

interface Source {
  from: string;
  kind: PlannedPortfolio['kind'];
  name: string;
  accountType: AccountType | null;
  holdings: Holdings;
  archivedAt: string | null;
  lastReviewedAt: string | null;
}

/** Each existing portfolio matched at most once, in the order of the file. */
function matcher<T extends { id: string }>(existing: readonly T[]) {
  const used = new Set<string>();
  return (isSame: (candidate: T) => boolean): T | undefined => {
    const found = existing.find((candidate) => !used.has(candidate.id) && isSame(candidate));
    if (found) used.add(found.id);
    return found;
  };
}

/** The file's activities by portfolio, each checked as a typed one; the invalid ones with their reason. */
function checkedActivities(file: MoveInFile, today: string) {
  const byPortfolio = new Map<string, { valid: MovedActivity[]; invalid: PlannedPortfolio['invalid'] }>();
  for (const { portfolio, ...activity } of file.activities) {
    const entry = byPortfolio.get(portfolio) ?? { valid: [], invalid: [] };
    byPortfolio.set(portfolio, entry);
    const checked = validateActivity(activity, { today });
    if (checked.ok) entry.valid.push({ ...activity, ...checked.activity });
    else entry.invalid.push({ date: activity.date, type: activity.type, message: checked.message });
  }
  return byPortfolio;
}

/** The plan of a move-in: one entry per portfolio of the file, and the activities whose portfolio it lacks. */
export function planMoveIn(
  file: MoveInFile,
  account: MoveInAccount,
): { portfolios: PlannedPortfolio[]; orphans: number } {
  const activities = checkedActivities(file, account.today);
  const sources: Source[] = [];
  if (file.savedPortfolio || activities.has('me')) {
    sources.push({
      from: 'me',
      kind: 'saved',
      name: 'Saved portfolio',
      accountType: null,
      holdings: file.savedPortfolio?.holdings ?? {},
      archivedAt: null,
      lastReviewedAt: null,
    });
  }
  for (const a of file.accounts) {
    sources.push({
      from: `account:${a.id}`,
      kind: 'account',
      name: a.accountName,
      accountType: a.accountType,
      holdings: a.holdings,
      archivedAt: null,
      lastReviewedAt: null,
    });
  }
  for (const { id, ...client } of file.clients) {
    sources.push({ ...client, from: `client:${id}`, kind: 'client', accountType: null });
  }

  const matchAccount = matcher(account.accounts);
  const matchClient = matcher(account.clients);
  let accountCount = account.accounts.length;
  let clientCount = account.clients.length;
  const portfolios = sources.map((source): PlannedPortfolio => {
    const own = activities.get(source.from) ?? { valid: [], invalid: [] };
    const base: PlannedPortfolio = {
      ...source,
      action: 'skip',
      into: null,
      reason: null,
      holdings: null,
      positions: Object.keys(source.holdings).length,
      costBasisMethod: null,
      activities: [],
      duplicates: 0,
      invalid: own.invalid,
    };
    const skip = (reason: string): PlannedPortfolio => ({ ...base, reason });

    // Where it goes: this account's saved portfolio, a match of the same name, or a new one.
    let into: { key: string; holdings: Holdings | null } | null = null;
    let reason: string | null = null;
    if (source.kind === 'saved') {
      into = { key: 'me', holdings: account.savedHoldings };
    } else if (source.kind === 'account') {
      if (!account.canHaveAccounts) return skip(R.accountsPlan);
      const found = matchAccount(
        (a) => a.accountType === source.accountType && a.accountName === source.name,
      );
      if (found) {
        into = { key: `account:${found.id}`, holdings: found.holdings };
        reason = R.intoAccount(found.accountName, source.accountType as AccountType);
      } else if (accountCount >= account.maxAccounts) return skip(R.tooManyAccounts(account.maxAccounts));
    } else {
      if (!account.canHaveClients) return skip(R.clientsPlan);
      const found = matchClient((c) => c.name === source.name);
      if (found) {
        into = { key: `client:${found.id}`, holdings: found.holdings };
        reason = R.intoClient(found.name);
      } else if (clientCount >= account.maxClients) return skip(R.tooManyClients(account.maxClients));
    }

    const history = into ? (account.histories.get(into.key) ?? []) : [];
    const method = history.length === 0 ? (file.methods[source.from] ?? null) : null;
    if (!into) {
      if (source.kind === 'account') accountCount += 1;
      else clientCount += 1;
      const hasHistory = own.valid.length > 0;
      return {
        ...base,
        action: 'create',
        reason,
        holdings: hasHistory ? null : source.holdings,
        costBasisMethod: hasHistory ? method : null,
        activities: own.valid,
      };
    }

    if (own.valid.length === 0 && own.invalid.length === 0) {
      // No history in the file: its holdings map, written only where this account's is empty or the same.
      const here = into.holdings ?? {};
      if (sameHoldings(here, source.holdings) || Object.keys(source.holdings).length === 0) {
        return { ...base, action: 'unchanged', into: into.key, reason };
      }
      if (Object.keys(here).length > 0 || history.length > 0) return skip(R.otherHoldings);
      return { ...base, action: 'add', into: into.key, reason, holdings: source.holdings };
    }
    const { fresh, duplicates } = splitDuplicates(own.valid, history);
    const opens = history.length === 0 && fresh.length > 0 && Object.keys(into.holdings ?? {}).length > 0;
    return {
      ...base,
      action: fresh.length > 0 ? 'add' : 'unchanged',
      into: into.key,
      reason: opens && source.kind === 'saved' ? R.openingPositions : reason,
      costBasisMethod: fresh.length > 0 ? method : null,
      activities: fresh,
      duplicates: duplicates.length,
    };
  });
  const known = new Set(sources.map((source) => source.from));
  const orphans = file.activities.filter((activity) => !known.has(activity.portfolio)).length;
  return { portfolios, orphans };
}
