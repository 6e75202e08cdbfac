/**
 * The activities of recently read histories, each with the version it was read at (migration 0030, decision 046): a
 * read of the same version takes them from here instead of reading and parsing the whole history again (10,000
 * activities are about 20 ms of a request). Every write of a history raises its version in the database, so a kept
 * history is never served after a change, whichever process made it. Bounded in entries; per process.
 */
import type { LedgerActivity } from '../../../domain/activities/ledger';
import { setBounded } from '../../lib/cache';

/** A few dozen histories of up to tens of thousands of activities: megabytes, not hundreds. */
const MAX_HISTORIES = 24;

interface KeptHistory {
  version: number;
  activities: readonly LedgerActivity[];
}

export class RecentHistories {
  private readonly histories = new Map<string, KeptHistory>();

  /** The activities read at `version`, if they are kept. */
  get(portfolioId: string, version: number): readonly LedgerActivity[] | undefined {
    const kept = this.histories.get(portfolioId);
    return kept?.version === version ? kept.activities : undefined;
  }

  /** Keeps `activities`, read after the portfolio's version was `version`. */
  set(portfolioId: string, version: number, activities: readonly LedgerActivity[]): void {
    setBounded(this.histories, portfolioId, { version, activities }, MAX_HISTORIES);
  }
}
