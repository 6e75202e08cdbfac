import { Info } from 'lucide-react';
import { Badge } from './badge';
import { Tooltip } from './tooltip';

/** The one 'Simulated prices' label of a card whose prices came from the offline simulator, with why. */
export function SimulatedPricesBadge() {
  return (
    <Tooltip content="No market data provider answered, so prices come from Foliowise's offline simulator. They are not real quotes.">
      <Badge variant="warning" tabIndex={0} className="gap-1">
        <Info className="size-3" aria-hidden="true" />
        Simulated prices
      </Badge>
    </Tooltip>
  );
}
