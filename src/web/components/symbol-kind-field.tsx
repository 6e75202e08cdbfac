import { SYMBOL_KIND_LABELS, SYMBOL_KINDS, type SymbolKind } from '../../domain/symbol-kind';

/**
 * 'Market': Stock or fund / Crypto, asked rather than guessed ('BTC' the coin is not the ticker 'BTC').
 * The alert form and the paper-trading order form ask it the same way.
 */
export function SymbolKindField({
  name,
  value,
  onChange,
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  value: SymbolKind;
  onChange: (kind: SymbolKind) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm leading-none font-medium text-foreground">Market</legend>
      <div className="flex h-10 flex-wrap items-center gap-x-4 gap-y-1">
        {SYMBOL_KINDS.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm whitespace-nowrap">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-primary"
            />
            {SYMBOL_KIND_LABELS[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
