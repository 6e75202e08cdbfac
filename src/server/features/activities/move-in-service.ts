/**
 * Moving in from another Foliowise (issue 27 item 11, docs/decisions/039): the file of 'Download my data' becomes
 * this account's saved portfolio, portfolio accounts, clients and their histories.
 *
 * - The file is read whole and checked by its schema (ZMoveInFile: the screens' own rules for names, holdings and
 *   texts) before any query; a file that is not JSON, not an export, or breaks a rule is a 400 naming where.
 * - One transaction under the user's row lock: this account's portfolios and histories are read, the domain plans
 *   the move (src/domain/activities/move-in.ts), and the plan is carried out: accounts and clients created with new
 *   ids, each history added through the ledger (withHistory: its lock, the map's opening positions, the replay
 *   that refuses a sale of more than is held, the map written from it). The preview is the same transaction
 *   rolled back, so it says exactly what the confirmation does, refusals included; two move-ins of one file at
 *   once run one after the other, and the second finds everything there.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../contracts/errors';
import { MOVE_IN_MESSAGES as M, ZMoveInFile, type MoveInSummary } from '../../../contracts/move-in';
import { CLIENT_LIMITS } from '../../../domain/clients';
import { planMoveIn, type MoveInFile, type PlannedPortfolio } from '../../../domain/activities/move-in';
import { planHasFeature } from '../../../domain/plans';
import { PORTFOLIO_ACCOUNT_LIMITS } from '../../../domain/portfolio-accounts';
import type { Transaction } from '../../db/client';
import { addMovedClient, readClientsToMoveInto } from '../clients/service';
import { addMovedAccount, readAccountsToMoveInto } from '../portfolio-accounts/service';
import { readSavedHoldings } from '../portfolio/service';
import { mapStoreOf } from './portfolio-refs';
import {
  insertActivities,
  listHistoriesOfUser,
  lockUserRow,
  updateCostBasisMethod,
  type NewActivityRow,
} from './repository';
import { latestToday, openHistory, withHistory, writableRef, type UserRequest } from './service';

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_CHUNK = 2_000;

export interface MoveInUpload {
  fileName: string;
  bytes: Buffer;
}

const refusal = (message: string) => new AppError('VALIDATION_ERROR', message, { fields: { file: message } });

/** The file read and checked whole: JSON, an export of ours, every moving part by its rules. */
function readMoveInFile(bytes: Buffer): { file: MoveInFile; exportedAt: string; paperPortfolios: number } {
  let json: unknown;
  try {
    // A BOM, as an editor may add when the file is saved again.
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw refusal(M.notJson);
  }
  if (typeof json !== 'object' || json === null || !('exportedAt' in json) || !('profile' in json)) {
    throw refusal(M.notAnExport);
  }
  const parsed = ZMoveInFile.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw refusal(M.invalid(issue?.path.join('.') ?? '', issue?.message ?? 'it breaks a rule'));
  }
  const data = parsed.data;
  return {
    exportedAt: data.exportedAt,
    paperPortfolios: data.paperPortfolios.length,
    file: {
      savedPortfolio: data.savedPortfolio,
      accounts: data.portfolioAccounts,
      clients: data.clients,
      methods: Object.fromEntries(data.activities.portfolios.map((p) => [p.portfolio, p.costBasisMethod])),
      activities: data.activities.activities,
    },
  };
}

/** Thrown to roll a preview's transaction back, carrying what it would have done. */
class PreviewDone extends Error {
  constructor(readonly summary: MoveInSummary) {
    super('move-in preview');
  }
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function leftOutOf(read: { paperPortfolios: number }, orphans: number): string[] {
  const parts: string[] = [];
  if (read.paperPortfolios > 0) {
    parts.push(
      `${plural(read.paperPortfolios, 'paper portfolio', 'paper portfolios')} and their trades: practice stays on the server it was made on.`,
    );
  }
  if (orphans > 0) {
    parts.push(`${plural(orphans, 'activity', 'activities')} of a portfolio the file does not hold.`);
  }
  parts.push(
    'Your profile, sign-ins, plan and billing, rewards, alerts, snapshots, API keys and tokens, report branding and advisor history stay with the account on the other server.',
  );
  return parts;
}

/** Carries out one portfolio's part of the plan; answers its key in this account. */
async function carryOut(
  options: UserRequest & { tx: Transaction; importIds: Map<string, string> },
  planned: PlannedPortfolio,
): Promise<string> {
  const { tx, user, importIds } = options;
  let key = planned.into;
  if (planned.action === 'create' && planned.kind === 'account' && planned.accountType) {
    const account = {
      accountType: planned.accountType,
      accountName: planned.name,
      holdings: { ...planned.holdings },
    };
    key = `account:${await addMovedAccount({ db: tx, userId: user.id, account })}`;
  } else if (planned.action === 'create') {
    const client = {
      name: planned.name,
      holdings: { ...planned.holdings },
      archivedAt: planned.archivedAt === null ? null : new Date(planned.archivedAt),
      lastReviewedAt: planned.lastReviewedAt === null ? null : new Date(planned.lastReviewedAt),
    };
    key = `client:${await addMovedClient({ db: tx, userId: user.id, client })}`;
  } else if (planned.holdings && key) {
    await mapStoreOf(user, writableRef(key)).write(tx, { ...planned.holdings });
  }
  if (!key) throw new Error(`move-in: no portfolio for ${planned.from}`);
  if (planned.activities.length === 0) return key;

  const rows = planned.activities.map(({ importId, ...activity }): NewActivityRow => ({
    ...activity,
    // The other server's import ids mean nothing here: each becomes a new one, its activities kept together.
    importId: importId === null ? null : (importIds.get(importId) ?? newImportId(importIds, importId)),
  }));
  const first = rows.reduce((min, row) => (row.date < min ? row.date : min), rows[0]?.date ?? '');
  try {
    await withHistory({ ...options, ref: writableRef(key) }, async ({ portfolio, history, map }) => {
      if (planned.costBasisMethod && history.length === 0) {
        await updateCostBasisMethod(tx, portfolio.id, planned.costBasisMethod);
      }
      if (history.length === 0 && map) await openHistory(tx, portfolio, map, first);
      for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
        await insertActivities(tx, portfolio.id, rows.slice(at, at + INSERT_CHUNK));
      }
    });
  } catch (error) {
    // The ledger's refusal (a sale of more than is held then), said of the portfolio it concerns.
    if (error instanceof AppError) throw new AppError(error.code, `${planned.name}: ${error.message}`);
    throw error;
  }
  return key;
}

function newImportId(importIds: Map<string, string>, old: string): string {
  const id = randomUUID();
  importIds.set(old, id);
  return id;
}

/**
 * POST /api/account/move-in/preview (`confirm` false) and /confirm: what the file becomes in this account, done in
 * one transaction, rolled back for a preview. A confirmation with nothing to do is a 409.
 */
export async function moveIn(
  options: UserRequest & { upload: MoveInUpload; confirm: boolean },
): Promise<MoveInSummary> {
  const { db, user } = options;
  const read = readMoveInFile(options.upload.bytes);
  try {
    return await db.transaction(async (tx) => {
      await lockUserRow(tx, user.id);
      const saved = await readSavedHoldings({ db: tx, userId: user.id });
      const plan = planMoveIn(read.file, {
        canHaveAccounts: planHasFeature(user.plan, 'multi-account-aggregation'),
        canHaveClients: planHasFeature(user.plan, 'multi-client'),
        savedHoldings: saved?.holdings ?? null,
        accounts: await readAccountsToMoveInto({ db: tx, userId: user.id }),
        clients: await readClientsToMoveInto({ db: tx, userId: user.id }),
        histories: await listHistoriesOfUser(tx, user.id),
        maxAccounts: PORTFOLIO_ACCOUNT_LIMITS.maxAccounts,
        maxClients: CLIENT_LIMITS.maxClients,
        today: latestToday(options.now()),
      });
      const changes = plan.portfolios.filter((p) => p.action === 'create' || p.action === 'add');
      if (options.confirm && changes.length === 0) throw new AppError('CONFLICT', M.nothingToMove);

      const importIds = new Map<string, string>();
      const keys = new Map<string, string>();
      for (const planned of changes) {
        keys.set(planned.from, await carryOut({ ...options, tx, importIds }, planned));
      }
      const summary: MoveInSummary = {
        fileName: options.upload.fileName,
        exportedAt: read.exportedAt,
        moved: options.confirm,
        portfolios: plan.portfolios.map((p) => ({
          from: p.from,
          kind: p.kind,
          name: p.name,
          accountType: p.accountType,
          action: p.action,
          into: options.confirm ? (keys.get(p.from) ?? p.into) : p.into,
          reason: p.reason,
          positions: p.positions,
          activities: p.activities.length,
          duplicates: p.duplicates,
          invalid: p.invalid,
        })),
        created: {
          accounts: changes.filter((p) => p.action === 'create' && p.kind === 'account').length,
          clients: changes.filter((p) => p.action === 'create' && p.kind === 'client').length,
        },
        activities: plan.portfolios.reduce((sum, p) => sum + p.activities.length, 0),
        duplicates: plan.portfolios.reduce((sum, p) => sum + p.duplicates, 0),
        nothingToMove: changes.length === 0,
        leftOut: leftOutOf(read, plan.orphans),
      };
      if (!options.confirm) throw new PreviewDone(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.summary;
    throw error;
  }
}
