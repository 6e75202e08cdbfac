import { Info } from 'lucide-react';
import { Badge } from './badge';
import { Tooltip } from './tooltip';

const SIMULATED = {
  prices: {
    label: 'Simulated prices',
    why: "No market data provider answered, so prices come from Foliowise's offline simulator. They are not real quotes.",
  },
  rates: {
    label: 'Simulated rates',
    why: "No market data provider answered, so exchange rates are Foliowise's reference rates, held flat. They are not market rates.",
  },
} as const;

/** The one 'Simulated prices' (or 'Simulated rates') label of a card whose figures the offline simulator served, with why. */
export function SimulatedPricesBadge({ of = 'prices' }: { of?: keyof typeof SIMULATED }) {
  const { label, why } = SIMULATED[of];
  return (
    <Tooltip content={why}>
      <Badge variant="warning" tabIndex={0} className="gap-1">
        <Info className="size-3" aria-hidden="true" />
        {label}
      </Badge>
    </Tooltip>
  );
}
