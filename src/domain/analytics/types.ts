import type { AssetClass, Region } from '../security-master';

/** One daily close. `date` is an ISO `YYYY-MM-DD` string, so string order is date order. */
export interface Bar {
  readonly date: string;
  readonly close: number;
}

/** The daily closes of one symbol, in any order (they are sorted when needed). */
export interface PriceSeries {
  readonly symbol: string;
  readonly bars: readonly Bar[];
}

/** An asset class from the security master, or 'Unknown' for a symbol it does not know. */
export type AssetClassOrUnknown = AssetClass | 'Unknown';

/** A region from the security master, or 'Unknown'. */
export type RegionOrUnknown = Region | 'Unknown';

/** What the analytics need to know about a symbol, from the security master or the holding itself. */
export interface Classification {
  readonly name: string;
  readonly assetClass: AssetClassOrUnknown;
  readonly sector: string;
  readonly region: RegionOrUnknown;
  /** True when the symbol is in the security master. */
  readonly known: boolean;
}

/** A holding with its value, weight and classification: the common input of the allocation rules. */
export interface ClassifiedPosition extends Classification {
  readonly symbol: string;
  readonly quantity: number;
  /** quantity × price; 0 when the price is unknown. */
  readonly value: number;
  /** value / total value (0-1); 0 when the total is 0. */
  readonly weight: number;
  /** True when a finite, positive price was given. */
  readonly priced: boolean;
}
