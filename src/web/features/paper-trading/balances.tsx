import { createContext, useContext, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { MaskedValue } from '../../components/ui/masked-value';

const BalancesHiddenContext = createContext(false);

export function BalancesVisibility({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return <BalancesHiddenContext.Provider value={hidden}>{children}</BalancesHiddenContext.Provider>;
}

export function useBalancesHidden(): boolean {
  return useContext(BalancesHiddenContext);
}

/** A balance or a figure that reveals one: dots while balances are hidden, read out as 'Hidden'. */
export function Balance({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <MaskedValue hidden={useBalancesHidden()} className={className}>
      {children}
    </MaskedValue>
  );
}

/** Spec 001: 'Hide Balances' / 'Show Balances'; balances are shown by default. */
export function BalancesToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" onClick={onToggle}>
      {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
      {hidden ? 'Show Balances' : 'Hide Balances'}
    </Button>
  );
}
