import {
  corporateActionsOfListing,
  type CorporateActionListing,
  type CorporateActions,
} from '../../../domain/corporate-actions';
import { assertIsoDate } from './http';

/**
 * The steps every adapter's `corporateActions` shares, around its own requests: the dates are checked (a
 * RangeError, as in `history`), an empty range asks the vendor nothing, and what `readListing` maps from the
 * vendor's answer becomes the actions of the range (`corporateActionsOfListing`, whose options it takes).
 */
export async function readCorporateActions(
  from: string,
  to: string,
  readListing: () => Promise<CorporateActionListing>,
  options?: Parameters<typeof corporateActionsOfListing>[3],
): Promise<CorporateActions> {
  assertIsoDate(from);
  assertIsoDate(to);
  if (to < from) return { dividends: [], splits: [] };
  return corporateActionsOfListing(await readListing(), from, to, options);
}
