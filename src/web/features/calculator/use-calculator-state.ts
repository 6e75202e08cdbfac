import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CALCULATOR_STORAGE_KEYS,
  calculatorAssetOrDefault,
  restoreCalculatorState,
  targetForNewBuyPrice,
  validateTradeInputs,
  type CalculatorAsset,
  type CalculatorInputErrors,
  type CalculatorField,
  type CalculatorState,
  type TradeInputs,
} from '../../../domain/calculator';
import { readStored, writeStored } from '../../lib/storage';

/** The calculator's fields as the inputs hold them: what the person typed, so partial input is not clobbered. */
export type CalculatorFields = Readonly<Record<CalculatorField, string>>;

export type NumericField = Exclude<CalculatorField, 'asset'>;

function toFields(state: CalculatorState): CalculatorFields {
  return {
    asset: state.asset,
    qty: String(state.qty),
    buy: String(state.buy),
    target: String(state.target),
    feePct: String(state.feePct),
    flatFee: String(state.flatFee),
    taxPct: String(state.taxPct),
  };
}

function writeStorage(fields: CalculatorFields) {
  for (const field of Object.keys(CALCULATOR_STORAGE_KEYS) as CalculatorField[]) {
    writeStored(CALCULATOR_STORAGE_KEYS[field], fields[field]);
  }
}

export interface CalculatorStateApi {
  fields: CalculatorFields;
  asset: CalculatorAsset;
  /** The fields as numbers for the formulas (computeTradeResult sanitises them again). */
  inputs: TradeInputs;
  /** Fields whose value is flagged instead of computed (DESIGN.md deviation 11); empty when all are usable. */
  errors: CalculatorInputErrors;
  hasErrors: boolean;
  setField: (field: NumericField, value: string) => void;
  /**
   * Chooses an asset and resets the buy price to its default buy (spec 000 §4), moving the target with it so
   * it keeps the same gain over the buy price (`targetForNewBuyPrice`).
   */
  setAsset: (ticker: string) => void;
  /** Applies a live price to the buy price, unless the asset changed while it was being fetched. */
  applyLivePrice: (ticker: string, price: number) => void;
}

/** The calculator's inputs, restored from and saved to local storage under the pc_* keys. */
export function useCalculatorState(): CalculatorStateApi {
  const [fields, setFields] = useState<CalculatorFields>(() => toFields(restoreCalculatorState(readStored)));

  useEffect(() => {
    writeStorage(fields);
  }, [fields]);

  const setField = useCallback((field: NumericField, value: string) => {
    setFields((previous) => ({ ...previous, [field]: value }));
  }, []);

  const setAsset = useCallback((ticker: string) => {
    const asset = calculatorAssetOrDefault(ticker);
    setFields((previous) =>
      previous.asset === asset.ticker
        ? previous
        : {
            ...previous,
            asset: asset.ticker,
            buy: String(asset.defaultBuy),
            target: String(targetForNewBuyPrice(previous, asset.defaultBuy)),
          },
    );
  }, []);

  const applyLivePrice = useCallback((ticker: string, price: number) => {
    setFields((previous) => (previous.asset === ticker ? { ...previous, buy: String(price) } : previous));
  }, []);

  const asset = calculatorAssetOrDefault(fields.asset);
  const inputs = useMemo<TradeInputs>(
    () => ({
      qty: fields.qty,
      buy: fields.buy,
      target: fields.target,
      feePct: fields.feePct,
      flatFee: fields.flatFee,
      taxPct: fields.taxPct,
    }),
    [fields],
  );

  const errors = useMemo(() => validateTradeInputs(inputs), [inputs]);
  const hasErrors = Object.keys(errors).length > 0;

  return { fields, asset, inputs, errors, hasErrors, setField, setAsset, applyLivePrice };
}
